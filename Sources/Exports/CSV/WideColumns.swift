import HealthCore
import HealthModel

/// The columns of the wide daily layout (`daily.csv`, the SQLite `daily_wide` view): one
/// per known daily series present, in `SeriesVocabulary` order, a split of a series after
/// its total (categories sorted), `_min` / `_max` after a series that has them. Names are
/// the series' snake-case name, `_<category in snake case>` for a split; two that read the
/// same (`Run`, `run`) get `_2`, `_3`, ... in this order, so the same data always gives the
/// same names (docs/interop.md, "daily.csv").
public struct WideColumn: Sendable, Hashable {
  /// Which value of the day a column holds.
  public enum Part: Sendable, Hashable {
    /// The day's value.
    case value
    /// The day's lowest reading.
    case minimum
    /// The day's highest reading.
    case maximum
  }

  /// The series.
  public var format: SeriesFormat
  /// Its split ("" for the total).
  public var category: String
  /// Which value.
  public var part: Part
  /// The column name (`workout_minutes_running`, `heart_rate_min`).
  public var name: String

  /// `name [unit]`.
  public var header: String { ColumnNames.header(name, unit: format.unit) }

  /// What the column holds, in words.
  public var description: String {
    var text = format.description
    if !category.isEmpty { text += " Only '\(category)'." }
    switch part {
    case .value: return text
    case .minimum: return "The day's lowest reading. " + text
    case .maximum: return "The day's highest reading. " + text
    }
  }

  /// The columns for the series present: `(metric, category, has min/max)`, any order.
  /// Metrics healthpipe does not know are left out.
  public static func layout(_ present: [(metric: MetricID, category: String, hasRange: Bool)])
    -> [WideColumn]
  {
    var ranges: [String: Bool] = [:]
    var keys: [(format: SeriesFormat, position: Int, category: String)] = []
    for p in present {
      guard let format = SeriesVocabulary.format(of: p.metric),
        let position = SeriesVocabulary.position(of: p.metric)
      else { continue }
      let key = "\(position)\u{0}\(p.category)"
      if let had = ranges[key] {
        ranges[key] = had || p.hasRange
      } else {
        ranges[key] = p.hasRange
        keys.append((format, position, p.category))
      }
    }
    keys.sort { $0.position != $1.position ? $0.position < $1.position : $0.category < $1.category }
    var taken: Set<String> = ["date", "day"]
    func unique(_ name: String) -> String {
      var candidate = name
      var n = 2
      while taken.contains(candidate) {
        candidate = "\(name)_\(n)"
        n += 1
      }
      taken.insert(candidate)
      return candidate
    }
    var columns: [WideColumn] = []
    for key in keys {
      var base = key.format.name
      if !key.category.isEmpty {
        let split = ColumnNames.snakeCase(key.category)
        base += "_" + (split.isEmpty ? "category" : split)
      }
      let name = unique(base)
      columns.append(
        WideColumn(format: key.format, category: key.category, part: .value, name: name))
      if ranges["\(key.position)\u{0}\(key.category)"] == true {
        columns.append(
          WideColumn(
            format: key.format, category: key.category, part: .minimum, name: unique(name + "_min"))
        )
        columns.append(
          WideColumn(
            format: key.format, category: key.category, part: .maximum, name: unique(name + "_max"))
        )
      }
    }
    return columns
  }
}
