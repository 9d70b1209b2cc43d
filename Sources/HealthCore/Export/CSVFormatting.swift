/// RFC 4180 field quoting and JSON string escaping for exports.
public enum CSVFormatting {
  /// Quotes a field when it holds a comma, quote, CR or LF (or leading/trailing spaces);
  /// doubles any quotes inside.
  public static func field(_ text: String) -> String {
    var needsQuotes = false
    for b in text.utf8 where b == 0x2C || b == 0x22 || b == 0x0A || b == 0x0D {
      needsQuotes = true
      break
    }
    if let first = text.utf8.first, first == 0x20 { needsQuotes = true }
    if let last = text.utf8.last, last == 0x20 { needsQuotes = true }
    guard needsQuotes else { return text }
    return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
  }

  /// A CSV line (fields joined by commas, CRLF line end as RFC 4180 says).
  public static func line(_ fields: [String]) -> String {
    fields.map(field).joined(separator: ",") + "\r\n"
  }

  /// A JSON string literal with the required escapes; `escapingSlashes` also writes `/` as
  /// `\/` (as Health Auto Export does).
  public static func jsonString(_ text: String, escapingSlashes: Bool = false) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "/" where escapingSlashes: out += "\\/"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

extension String {
  /// Replaces every occurrence of `target` (Foundation-free).
  public func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty, contains(target) else { return self }
    var out = ""
    var rest = self[...]
    while let range = rest.range(of: target) {
      out += rest[..<range.lowerBound]
      out += replacement
      rest = rest[range.upperBound...]
    }
    return out + rest
  }
}
