/// How vendor CSV headers are compared and split (docs/ingest-withings.md, "Headers").
enum VendorHeaderText {
  /// Lower-cased, without surrounding blanks or quotes, runs of blanks (also U+00A0) as one
  /// space: `"Total Bedtime "` → `total bedtime`, `Heart rate  (min)` → `heart rate (min)`.
  static func normalised(_ header: String) -> String {
    if let ascii = normalisedASCII(header) { return ascii }
    var out = ""
    out.reserveCapacity(header.utf8.count)
    var pendingSpace = false
    for scalar in header.lowercased().unicodeScalars {
      switch scalar {
      case " ", "\t", "\u{00A0}", "\u{FEFF}", "\"":
        pendingSpace = !out.isEmpty
      default:
        if pendingSpace {
          out.unicodeScalars.append(" ")
          pendingSpace = false
        }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `normalised(_:)` of an ASCII header, byte by byte (a layout's dozens of names are
  /// compared with every header cell of every file); nil for other text.
  private static func normalisedASCII(_ header: String) -> String? {
    var out: [UInt8] = []
    out.reserveCapacity(header.utf8.count)
    var pendingSpace = false
    for b in header.utf8 {
      switch b {
      case 0x80...: return nil
      case 0x20, 0x09, 0x22: pendingSpace = !out.isEmpty
      default:
        if pendingSpace {
          out.append(0x20)
          pendingSpace = false
        }
        out.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// A header that ends with a unit in parentheses, split: `Weight (lb)` → (`Weight`,
  /// `lb`); nil when it does not end with `(…)` or the parentheses are empty.
  static func splitUnit(_ header: String) -> (name: String, unit: String)? {
    var text = Substring(header)
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    guard text.last == ")", let open = text.lastIndex(of: "(") else { return nil }
    let unit = text[text.index(after: open)..<text.index(before: text.endIndex)]
      .trimmingCharacters(in: " \t")
    let name = text[..<open].trimmingCharacters(in: " \t")
    guard !unit.isEmpty, !name.isEmpty else { return nil }
    return (name, unit)
  }
}

extension Substring {
  /// The text without leading and trailing characters of `set`.
  fileprivate func trimmingCharacters(in set: String) -> String {
    var s = self
    while let f = s.first, set.contains(f) { s = s.dropFirst() }
    while let l = s.last, set.contains(l) { s = s.dropLast() }
    return String(s)
  }
}
