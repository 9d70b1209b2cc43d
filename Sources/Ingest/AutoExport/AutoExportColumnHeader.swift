/// A Health Auto Export CSV column header `Name [Sub] (unit)`, taken apart:
/// `Heart Rate [Min] (count/min)` → base `Heart Rate`, sub `Min`, unit `count/min`;
/// `VO2 Max (ml/(kg·min))` → unit `ml/(kg·min)` (nested parentheses); `Avg Speed(mi/hr)` →
/// base `Avg Speed` (HAE's missing space); `Date` → no unit.
struct AutoExportColumnHeader: Hashable, Sendable {
  /// The header as written, blanks trimmed.
  let text: String
  /// The header without its unit: `Heart Rate [Min]`.
  let name: String
  /// The name without its sub-name: `Heart Rate`.
  let base: String
  /// The sub-name in brackets, if any: `Min`.
  let sub: String?
  /// The unit in the trailing parentheses, if any.
  let unit: String?

  init(_ raw: String) {
    let text = raw.trimmingASCIIBlanks()
    self.text = text
    var rest = Substring(text)
    var unit: String?
    if rest.last == ")" {
      var depth = 0
      var i = rest.endIndex
      while i > rest.startIndex {
        i = rest.index(before: i)
        if rest[i] == ")" { depth += 1 }
        if rest[i] == "(" {
          depth -= 1
          if depth == 0 {
            unit = String(rest[rest.index(after: i)..<rest.index(before: rest.endIndex)])
            rest = rest[rest.startIndex..<i]
            break
          }
        }
      }
    }
    self.unit = unit
    let name = String(rest).trimmingASCIIBlanks()
    self.name = name
    if name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
      sub = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
      base = String(name[name.startIndex..<open]).trimmingASCIIBlanks()
    } else {
      sub = nil
      base = name
    }
  }
}
