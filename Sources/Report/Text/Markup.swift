/// Escaping for HTML, XML (SVG) and Markdown text.
public enum Markup {
  /// Escapes `&`, `<`, `>`, `"` and `'` so text is safe in element content and in quoted
  /// attribute values of HTML and XML alike. Characters XML 1.0 forbids (controls other than
  /// tab and line breaks, U+FFFE, U+FFFF; a CSV or JSON source name can hold them) become
  /// U+FFFD, so a standalone SVG stays well-formed.
  public static func escape(_ text: String) -> String {
    var needs = false
    for b in text.utf8
    where b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27 || b < 0x20 || b == 0xEF {
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
      default: out.unicodeScalars.append(isForbiddenInXML(ch) ? "\u{FFFD}" : ch)
      }
    }
    return out
  }

  /// Whether XML 1.0 forbids the character (HTML calls them parse errors).
  static func isForbiddenInXML(_ ch: Unicode.Scalar) -> Bool {
    (ch.value < 0x20 && ch != "\t" && ch != "\n" && ch != "\r") || ch.value == 0xFFFE
      || ch.value == 0xFFFF
  }

  /// Escapes text for a Markdown table cell or paragraph: backslash-escapes the characters
  /// Markdown would interpret (`|`, `*`, `_`, `` ` ``, `[`, `]`, `<`, `>`, `#`, `\`), turns
  /// line breaks into spaces and other control characters into U+FFFD.
  public static func escapeMarkdown(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for ch in text.unicodeScalars {
      switch ch {
      case "|", "*", "_", "`", "[", "]", "<", ">", "#", "\\": out += "\\" + String(ch)
      case "&": out += "&amp;"
      case "\n", "\r", "\t": out += " "
      default: out.unicodeScalars.append(isForbiddenInXML(ch) ? "\u{FFFD}" : ch)
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
