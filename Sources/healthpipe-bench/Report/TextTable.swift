/// A plain aligned table for a terminal: the first `leftColumns` columns left-aligned, the
/// rest right-aligned, two spaces between columns, a rule under the header.
struct TextTable {
  /// Column headings.
  var header: [String]
  /// Rows (short rows are padded with blanks).
  var rows: [[String]] = []
  /// How many leading columns are text.
  var leftColumns = 2

  /// The table as lines.
  var lines: [String] {
    let all = [header] + rows
    var widths = [Int](repeating: 0, count: header.count)
    for row in all {
      for (i, cell) in row.enumerated() where i < widths.count {
        widths[i] = max(widths[i], cell.count)
      }
    }
    func render(_ row: [String]) -> String {
      var parts: [String] = []
      for i in 0..<widths.count {
        let cell = i < row.count ? row[i] : ""
        let pad = String(repeating: " ", count: widths[i] - cell.count)
        parts.append(i < leftColumns ? cell + pad : pad + cell)
      }
      var line = parts.joined(separator: "  ")
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return [render(header), rule] + rows.map(render)
  }

  /// Prints the table on stdout.
  func print() {
    for line in lines { Console.out(line) }
  }
}
