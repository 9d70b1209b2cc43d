import HealthCore

/// Writes `weekly.csv`: the weekly rows, one per line, with the `weekly` table's columns.
/// Empty cell = no value. RFC 4180, CRLF.
public enum WeeklyCSVWriter {
  /// The file's text.
  public static func csv(_ rows: [WeeklyRow]) -> String {
    func number(_ v: Double?) -> String { v.map(NumberFormatting.shortest) ?? "" }
    var text = CSVFormatting.line(WeeklyRow.columns.map(\.name))
    for r in rows {
      text += CSVFormatting.line([
        r.week, r.weekStart.description, r.metric.rawValue, r.category, number(r.value),
        number(r.previousValue), number(r.change), number(r.changePercent), r.position,
        String(r.daysWithData), String(r.daysInWeek), r.target.map(String.init) ?? "",
        r.met.map { $0 ? "true" : "false" } ?? "", r.unit,
      ])
    }
    return text
  }
}
