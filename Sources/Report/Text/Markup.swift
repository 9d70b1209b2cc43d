/// Escaping for HTML, XML (SVG) and Markdown text.
public enum Markup {
  /// Escapes `&`, `<`, `>`, `"` and `'` so text is safe in element content and in quoted
  /// attribute values of HTML and XML alike.
  public static func escape(_ text: String) -> String {
    var needs = false
    for b in text.utf8 where b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27 {
      needs = true
      break
    }
    guard needs else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for ch in text.unicodeScalars {
      switch ch {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(ch)
      }
    }
    return out
  }

  /// Escapes text for a Markdown table cell or paragraph: backslash-escapes the characters
  /// Markdown would interpret (`|`, `*`, `_`, `` ` ``, `[`, `]`, `<`, `>`, `#`, `\`) and turns
  /// line breaks into spaces.
  public static func escapeMarkdown(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for ch in text.unicodeScalars {
      switch ch {
      case "|", "*", "_", "`", "[", "]", "<", ">", "#", "\\": out += "\\" + String(ch)
      case "&": out += "&amp;"
      case "\n", "\r", "\t": out += " "
      default: out.unicodeScalars.append(ch)
      }
    }
    return out
  }

  /// An identifier safe for `id` attributes and file names: letters and digits kept,
  /// everything else becomes `-`.
  public static func slug(_ text: String) -> String {
    var out = ""
    for ch in text.unicodeScalars {
      if ch.isASCII, ch.properties.isAlphabetic || ("0"..."9").contains(ch) {
        out.unicodeScalars.append(ch)
      } else if !out.hasSuffix("-") {
        out += "-"
      }
    }
    while out.hasSuffix("-") { out.removeLast() }
    return out.isEmpty ? "x" : out
  }
}
