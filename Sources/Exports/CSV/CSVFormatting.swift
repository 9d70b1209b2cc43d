/// One cell of a CSV line: a `value` (a number, date, flag or fixed name healthpipe made)
/// is written as it is; `text` that came from an input (a source, workout or metric name, a
/// unit) is neutralised against spreadsheet formulas (`CSVFormatting.textField`).
public enum CSVCell: Sendable, Hashable {
  /// A number, date, boolean or name healthpipe itself wrote.
  case value(String)
  /// Text from an input.
  case text(String)
}

/// RFC 4180 field quoting, formula neutralisation and JSON string escaping for exports.
///
/// Every CSV healthpipe writes follows one rule for text from inputs (docs/reliability.md,
/// "Formula injection"): a cell starting with `=`, `+`, `-`, `@`, tab or CR gets a leading
/// apostrophe (the OWASP convention), so a spreadsheet shows `=HYPERLINK(…)` as text
/// instead of running it, unless the whole cell is a plain decimal number (`-12.5` stays a
/// number). A NUL character is never written: it becomes U+FFFD. Numeric, date and boolean
/// columns are never changed; `export --raw` keeps text cells as stored (NUL aside).
public enum CSVFormatting {
  /// Quotes a field when it holds a comma, quote, CR or LF (or leading/trailing spaces);
  /// doubles any quotes inside. For values healthpipe made; input text goes through
  /// `textField(_:raw:)`.
  public static func field(_ text: String) -> String {
    let text = withoutNUL(text)
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

  /// A text cell from an input: NUL replaced, a formula-like start neutralised with a
  /// leading apostrophe (unless `raw`), then quoted as `field` does.
  public static func textField(_ text: String, raw: Bool = false) -> String {
    let text = withoutNUL(text)
    guard !raw, let first = text.utf8.first, formulaStarts.contains(first),
      !isPlainNumber(text)
    else { return field(text) }
    return field("'" + text)
  }

  /// A CSV line of values healthpipe made (fields joined by commas, CRLF line end as RFC
  /// 4180 says).
  public static func line(_ fields: [String]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(fields.count * 8 + 2)
    for (i, text) in fields.enumerated() {
      if i > 0 { out.append(0x2C) }
      // Most cells are numbers or empty: copied as they are, without going through `field`
      // and `String` appends (the wide daily file's 160,000 cells spent 1,100 instructions
      // each that way).
      appendField(text, to: &out)
    }
    out.append(0x0D)
    out.append(0x0A)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends `field(text)`: `text` itself, copied as bytes, when it needs no quotes.
  @inline(__always)
  static func appendField(_ text: String, to out: inout [UInt8]) {
    if !appendPlainField(text, to: &out) { out.append(contentsOf: field(text).utf8) }
  }

  /// Appends `text` when `field(text)` is `text` itself (no NUL, comma, quote, CR or LF, no
  /// space at either end) and returns true; appends nothing and returns false otherwise.
  @inline(__always)
  private static func appendPlainField(_ text: String, to out: inout [UInt8]) -> Bool {
    let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      guard let first = bytes.first, let last = bytes.last else { return true }
      if first == 0x20 || last == 0x20 { return false }
      for b in bytes where b == 0x2C || b == 0x22 || b == 0x0A || b == 0x0D || b == 0 {
        return false
      }
      out.append(contentsOf: bytes)
      return true
    }
    return plain ?? false
  }

  /// A CSV line of cells, text cells neutralised.
  public static func line(_ cells: [CSVCell]) -> String {
    cells.map {
      switch $0 {
      case .value(let v): field(v)
      case .text(let t): textField(t)
      }
    }.joined(separator: ",") + "\r\n"
  }

  /// `=`, `+`, `-`, `@`, tab, CR: what makes a spreadsheet read a cell as a formula.
  static let formulaStarts: Set<UInt8> = [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D]

  /// Whether `text` is a plain decimal number (`-12`, `+0.5`, `-1e-07`, `-.5`): such a cell
  /// is a number to a spreadsheet, never a formula, so it keeps its sign.
  static func isPlainNumber(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    if let f = bytes.first, f == 0x2B || f == 0x2D { bytes = bytes.dropFirst() }
    func digits() -> Int {
      var n = 0
      while let b = bytes.first, b >= 0x30 && b <= 0x39 {
        bytes = bytes.dropFirst()
        n += 1
      }
      return n
    }
    var mantissa = digits()
    if bytes.first == 0x2E {
      bytes = bytes.dropFirst()
      mantissa += digits()
    }
    guard mantissa > 0 else { return false }
    if let e = bytes.first, e == 0x65 || e == 0x45 {
      bytes = bytes.dropFirst()
      if let s = bytes.first, s == 0x2B || s == 0x2D { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }

  /// The text with every NUL replaced by U+FFFD: no CSV healthpipe writes holds a NUL.
  static func withoutNUL(_ text: String) -> String {
    text.utf8.contains(0) ? text.replacingAll("\u{0}", with: "\u{FFFD}") : text
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
