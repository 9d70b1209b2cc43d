import HealthCore

/// Writes `daily.csv`: one row per day of the analysis range (the days the baselines and
/// scores cover, `AnalysisRange`: from the start of the latest stretch of data without a
/// gap over 366 days to as-of), one column per daily series with a value in that range
/// (`metric` or `metric[category]`, with the unit in brackets), plus `min` and `max` columns
/// for series that have them. Empty cell = no value. RFC 4180, CRLF.
///
/// Bounding the rows by the range, not by the first day with data, keeps a stray sample
/// dated 0001-01-01 (a device clock error) from making 740,000 empty lines; its daily
/// value stays in `daily.hpt`.
public enum DailyCSVWriter {
  /// The file's bytes: the days of `days` (sorted `values` outside it are left out); only
  /// the header without a range.
  public static func csv(_ values: [DailyValue], days: ClosedRange<LocalDay>?) -> String {
    guard let days else { return CSVFormatting.line(["date"]) }
    let values = values.filter { days.contains($0.day) }
    let first = days.lowerBound
    let last = days.upperBound
    struct Column: Hashable {
      var key: SeriesKey
      var part: Int  // 0 value, 1 min, 2 max
    }
    var units: [SeriesKey: String] = [:]
    var hasRange: Set<SeriesKey> = []
    for v in values {
      let key = SeriesKey(v.metric, v.category)
      units[key] = v.unit
      if v.minimum != nil || v.maximum != nil { hasRange.insert(key) }
    }
    var columns: [Column] = []
    for key in units.keys.sorted() {
      columns.append(Column(key: key, part: 0))
      if hasRange.contains(key) {
        columns.append(Column(key: key, part: 1))
        columns.append(Column(key: key, part: 2))
      }
    }
    let position = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
    // Series names and units come from the data (a metric the catalog does not know keeps
    // its input name): text cells, neutralised against formulas.
    var header: [CSVCell] = [.value("date")]
    for c in columns {
      var name =
        c.key.category.isEmpty ? c.key.metric.rawValue : "\(c.key.metric)[\(c.key.category)]"
      if c.part == 1 { name += " min" }
      if c.part == 2 { name += " max" }
      let unit = units[c.key] ?? ""
      header.append(.text(unit.isEmpty ? name : "\(name) (\(unit))"))
    }
    var text = CSVFormatting.line(header)
    var index = 0
    var day = first
    while day <= last {
      var cells = [String](repeating: "", count: columns.count)
      while index < values.count, values[index].day == day {
        let v = values[index]
        let key = SeriesKey(v.metric, v.category)
        cells[position[Column(key: key, part: 0)]!] = NumberFormatting.shortest(v.value)
        if let m = v.minimum {
          cells[position[Column(key: key, part: 1)]!] = NumberFormatting.shortest(m)
        }
        if let m = v.maximum {
          cells[position[Column(key: key, part: 2)]!] = NumberFormatting.shortest(m)
        }
        index += 1
      }
      text += CSVFormatting.line([day.description] + cells)
      day = day.adding(days: 1)
    }
    return text
  }
}
