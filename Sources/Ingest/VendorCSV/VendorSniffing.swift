/// Recognising vendor CSV files by their header (never by their name).
enum VendorSniffing {
  /// The header cells of the first line of `prefix` (a cell cut off at the end of the
  /// prefix is left out); nil for a first line of fewer than two cells.
  static func header(_ prefix: [UInt8]) -> [String]? {
    let body = TextSniffing.droppingByteOrderMark(prefix)
    let (line, complete) = TextSniffing.firstLine(body)
    var cells = TextSniffing.headerCells(line)
    if !complete, cells.count > 1 { cells.removeLast() }
    return cells.count >= 2 ? cells : nil
  }
}
