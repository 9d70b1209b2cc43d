/// The JSON-array cells of Withings' raw files: `[60]`, `[60,60]`, `[44.5,657.1]`
/// (docs/ingest-withings.md, "Raw files"). Numbers only; `null` and anything else make the
/// whole cell unreadable (nil), never a partial list.
enum WithingsJSONArray {
  /// The numbers of `cell`, or nil when it is not an array of numbers.
  static func numbers(_ cell: UnsafeRawBufferPointer, into out: inout [Double]) -> Bool {
    out.removeAll(keepingCapacity: true)
    var i = 0
    let n = cell.count
    func skipBlanks() { while i < n, cell[i] == 0x20 || cell[i] == 0x09 { i += 1 } }
    skipBlanks()
    guard i < n, cell[i] == 0x5B else { return false }  // [
    i += 1
    skipBlanks()
    if i < n, cell[i] == 0x5D { return trailingBlanksOnly(cell, from: i + 1) }  // []
    while i < n {
      skipBlanks()
      let start = i
      while i < n, cell[i] != 0x2C, cell[i] != 0x5D, cell[i] != 0x20 { i += 1 }
      guard i > start,
        let v = DecimalParser.parse(UnsafeRawBufferPointer(rebasing: cell[start..<i]))
      else { return false }
      out.append(v)
      skipBlanks()
      guard i < n else { return false }
      if cell[i] == 0x5D { return trailingBlanksOnly(cell, from: i + 1) }
      guard cell[i] == 0x2C else { return false }
      i += 1
    }
    return false
  }

  private static func trailingBlanksOnly(_ cell: UnsafeRawBufferPointer, from: Int) -> Bool {
    cell[from...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }
}
