import Exports
import HealthCore
import HealthModel

/// The `daily_wide` view: one row per day of the `daily` table, one column per known daily
/// series present (the `WideColumn` layout `daily.csv` uses, so names, order, units and
/// rounding are the same), values scaled and rounded as `daily.csv` writes them. Metrics
/// healthpipe does not know stay in `daily` (docs/interop.md, "daily_wide"). It has a row
/// for each day with a daily value (`daily.csv` also has the empty days of its range).
enum DailyWideView {
  /// The view's name.
  static let name = "daily_wide"

  /// The columns for the series in `daily`, read from the table.
  static func columns(in database: SQLiteDatabase) throws -> [WideColumn] {
    let query = try database.prepare(
      "SELECT metric, category, unit, max(\"min\" IS NOT NULL OR \"max\" IS NOT NULL) "
        + "FROM daily GROUP BY metric, category, unit ORDER BY metric, category, unit")
    var present: [(metric: MetricID, category: String, hasRange: Bool)] = []
    while try query.next() {
      let metric = MetricID(query.text(0))
      guard SeriesVocabulary.format(of: metric)?.storedUnit == query.text(2) else { continue }
      present.append((metric, query.text(1), query.integer(3) != 0))
    }
    return WideColumn.layout(present)
  }

  /// `CREATE VIEW daily_wide AS ...` for `columns`.
  static func createStatement(_ columns: [WideColumn]) -> String {
    var select = ["day"]
    for c in columns {
      let f = c.format
      let source: String
      switch c.part {
      case .value: source = "value"
      case .minimum: source = "\"min\""
      case .maximum: source = "\"max\""
      }
      let scaled = f.scale == 1 ? source : "\(source) * \(NumberFormatting.shortest(f.scale))"
      // As `NumberFormatting.decimal` does: 12 significant digits first (a sum stored as
      // 455.49999999999983 kcal is 455.5), then half away from zero.
      let clean = "CAST(printf('%.12g', \(scaled)) AS REAL)"
      let rounded =
        f.decimals == 0 ? "CAST(round(\(clean)) AS INTEGER)" : "round(\(clean), \(f.decimals))"
      select.append(
        "max(CASE WHEN metric = \(SQL.literal(f.metric.rawValue)) AND category = "
          + "\(SQL.literal(c.category)) AND unit = \(SQL.literal(f.storedUnit)) THEN \(rounded) "
          + "END) AS \(SQL.identifier(c.name))")
    }
    return "CREATE VIEW \(name) AS SELECT\n  " + select.joined(separator: ",\n  ")
      + "\nFROM daily GROUP BY day ORDER BY day"
  }
}
