import HealthCore

/// Writes `daily.csv`: one row per day from the first to the last day with data, one column
/// per daily series (`metric` or `metric[category]`, with the unit in brackets), plus `min`
/// and `max` columns for series that have them. Empty cell = no value. RFC 4180, CRLF.
public enum DailyCSVWriter {
  /// The file's bytes.
  public static func csv(_ values: [DailyValue]) -> String {
    guard let first = values.first?.day, let last = values.last?.day else {
      return CSVFormatting.line(["date"])
    }
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
