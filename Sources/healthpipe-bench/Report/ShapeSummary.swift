/// The figures of every target on every shape, gathered from all sections and printed as one
/// table at the end ("Targets by shape"), so one command gives the whole picture.
final class ShapeSummary {
  private var shapes: [String] = []
  private var columns: [String] = []
  private var cells: [String: [String: String]] = [:]

  /// Sets the figure of `column` for `shape` (rows and columns keep their first order).
  func record(_ shape: String, _ column: String, _ value: String) {
    if !shapes.contains(shape) { shapes.append(shape) }
    if !columns.contains(column) { columns.append(column) }
    cells[shape, default: [:]][column] = value
  }

  /// Whether anything was recorded.
  var isEmpty: Bool { shapes.isEmpty }

  /// The table: one row per shape, one column per figure; "—" where a section did not run
  /// on that shape.
  var table: TextTable {
    var table = TextTable(header: ["shape"] + columns)
    table.leftColumns = 1
    for shape in shapes {
      table.rows.append([shape] + columns.map { cells[shape]?[$0] ?? "—" })
    }
    return table
  }
}
