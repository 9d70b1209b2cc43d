/// Diagnostics as lines a terminal shows as they are: control characters (C0, DEL, C1),
/// line and paragraph separators, bidirectional overrides and invisible format characters
/// in the text are written as escapes (`\n`, `\x1B`, `\u202E`), so a file name holding a
/// newline or an ANSI escape can neither forge a `healthpipe: error:` line nor colour or
/// clear the terminal (docs/changelog/reliability.md, round 3, finding 15). Everything
/// healthpipe prints on standard error goes through it, one line at a time.
public enum TerminalText {
  /// `text` with every character a terminal would act on, or not show, escaped.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        out.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out +=
          scalar.value < 0x100
          ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
          : "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      }
    }
    return out
  }

  /// Whether a scalar is escaped.
  static func needsEscape(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: return true
    default: return false
    }
  }
}
