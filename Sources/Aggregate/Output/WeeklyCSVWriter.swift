import HealthCore

/// Writes `weekly.csv`: the weekly rows, one per line, with the `weekly` table's columns.
/// Empty cell = no value. RFC 4180, CRLF; text cells (metric, category, position, unit: a
/// metric or workout name can come from an input) are neutralised against formulas.
public enum WeeklyCSVWriter {
  /// The file's text.
  public static func csv(_ rows: [WeeklyRow]) -> String {
    func number(_ v: Double?) -> CSVCell { .value(v.map(NumberFormatting.shortest) ?? "") }
    var text = CSVFormatting.line(WeeklyRow.columns.map(\.name))
    for r in rows {
      var cells: [CSVCell] = [.text(r.week), .value(r.weekStart.description)]
      cells += [.text(r.metric.rawValue), .text(r.category)]
      cells += [number(r.value), number(r.previousValue), number(r.change)]
      cells += [number(r.changePercent), .text(r.position), .value(String(r.daysWithData))]
      cells.append(.value(String(r.daysInWeek)))
      cells.append(.value(r.target.map(String.init) ?? ""))
      cells.append(.value(r.met.map { $0 ? "true" : "false" } ?? ""))
      cells.append(.text(r.unit))
      text += CSVFormatting.line(cells)
    }
    return text
  }
}
