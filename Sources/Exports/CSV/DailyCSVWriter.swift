import HealthCore
import HealthModel

/// Writes `daily.csv` and `daily-other.csv` with their CSV on the Web sidecars
/// (docs/interop.md, "daily.csv").
///
/// `daily.csv` has one row per day of the analysis range (the days the baselines and scores
/// cover, `AnalysisRange`: from the start of the latest stretch of data without a gap over
/// 366 days to as-of) and one column per daily series healthpipe knows that has a value in
/// that range, in `SeriesVocabulary` order: `name [unit]` (`resting_heart_rate [bpm]`), a
/// split as `name_category` (`workout_minutes_running [min]`, `goal_met_steps [days]`), and
/// `_min` / `_max` columns for series that have them. Values are scaled and rounded as the
/// series' `SeriesFormat` says; an empty cell is no value. Metrics healthpipe does not know
/// (a raw HealthKit type, a long CSV's own name) are not columns there: they are rows of
/// `daily-other.csv` (`date,metric,category,value,min,max,n,unit`, values with 6
/// significant digits), so the wide file's columns are the same words in every export.
///
/// Bounding the rows by the range, not by the first day with data, keeps a stray sample
/// dated 0001-01-01 (a device clock error) from making 740,000 empty lines; its daily
/// value stays in `daily.hpt`.
public enum DailyCSVWriter {
  /// The four files' text.
  public struct Files: Sendable {
    /// `daily.csv`.
    public var wide: String
    /// `daily.csv-metadata.json`.
    public var wideMetadata: String
    /// `daily-other.csv`.
    public var other: String
    /// `daily-other.csv-metadata.json`.
    public var otherMetadata: String
  }

  /// The files for the days of `days` (sorted `values` outside it are left out); header
  /// lines only without a range.
  public static func files(_ values: [DailyValue], days: ClosedRange<LocalDay>?) throws -> Files {
    let inRange = days.map { range in values.filter { range.contains($0.day) } } ?? []
    let rows = RowSeries(inRange)
    let columns = WideColumn.layout(
      rows.series.filter(\.known).map { ($0.metric, $0.category, $0.hasRange) })
    return Files(
      wide: wideText(inRange, rows, columns: columns, days: days),
      wideMetadata: try wideMetadata(columns),
      other: otherText(
        inRange.indices.filter { !rows.series[rows.ofRow[$0]].known }.map { inRange[$0] }),
      otherMetadata: try otherMetadata())
  }

  /// The series of each row (metric, category and unit: one dictionary lookup per row),
  /// and per series what the files need: whether healthpipe knows it in that unit (a
  /// column of `daily.csv`, else rows of `daily-other.csv`), and whether a day of it has
  /// a minimum or maximum.
  struct RowSeries {
    struct Series {
      var metric: MetricID
      var category: String
      var unit: String
      var known: Bool
      var hasRange: Bool
    }

    private struct Key: Hashable {
      var metric: MetricID
      var category: String
      var unit: String
    }

    var series: [Series] = []
    /// Per row, its index in `series`.
    var ofRow: [Int] = []

    init(_ values: [DailyValue]) {
      var index: [Key: Int] = [:]
      ofRow.reserveCapacity(values.count)
      for v in values {
        let key = Key(metric: v.metric, category: v.category, unit: v.unit)
        let k: Int
        if let found = index[key] {
          k = found
        } else {
          k = series.count
          index[key] = k
          series.append(
            Series(
              metric: v.metric, category: v.category, unit: v.unit,
              known: SeriesVocabulary.format(of: v.metric)?.storedUnit == v.unit, hasRange: false))
        }
        if v.minimum != nil || v.maximum != nil { series[k].hasRange = true }
        ofRow.append(k)
      }
    }
  }

  /// A series of the wide file: a metric and its split.
  private struct ColumnKey: Hashable {
    var metric: MetricID
    var category: String
  }

  static func wideText(
    _ values: [DailyValue], _ rows: RowSeries, columns: [WideColumn], days: ClosedRange<LocalDay>?
  ) -> String {
    var text = CSVFormatting.line(["date"] + columns.map(\.header))
    guard let days else { return text }
    var position: [ColumnKey: Int] = [:]
    for (i, c) in columns.enumerated() where c.part == .value {
      position[ColumnKey(metric: c.format.metric, category: c.category)] = i
    }
    // The column of each series, looked up once per series instead of once per row.
    let columnOf = rows.series.map {
      $0.known ? position[ColumnKey(metric: $0.metric, category: $0.category)] : nil
    }
    // Each column's scale and decimals, and whether a minimum and maximum follow it, read
    // once: copying a column's `SeriesFormat` per cell cost more than formatting the cell.
    let scales = columns.map(\.format.scale)
    let decimals = columns.map(\.format.decimals)
    let ranged = columns.indices.map { $0 + 2 < columns.count && columns[$0 + 1].part == .minimum }
    func cell(_ value: Double, _ i: Int) -> String {
      SeriesFormat.text(value, scale: scales[i], decimals: decimals[i])
    }
    var index = 0
    var day = days.lowerBound
    while day <= days.upperBound {
      var cells = [String](repeating: "", count: columns.count)
      while index < values.count, values[index].day == day {
        let column = columnOf[rows.ofRow[index]]
        defer { index += 1 }
        guard let i = column else { continue }
        cells[i] = cell(values[index].value, i)
        if ranged[i] {
          if let m = values[index].minimum { cells[i + 1] = cell(m, i) }
          if let m = values[index].maximum { cells[i + 2] = cell(m, i) }
        }
      }
      text += CSVFormatting.line([day.description] + cells)
      day = day.adding(days: 1)
    }
    return text
  }

  static func wideMetadata(_ columns: [WideColumn]) throws -> String {
    var described = [
      CSVWMetadata.Column(
        name: "date", titles: "date", datatype: "date", required: true,
        description: "The local day (for sleep columns the sleep day: the date of the night's "
          + "end + 6 h).")
    ]
    for c in columns {
      described.append(
        CSVWMetadata.Column(
          name: c.name, titles: c.header,
          datatype: c.format.decimals == 0 ? "integer" : "decimal", description: c.description,
          unit: c.format.unit))
    }
    return try CSVWMetadata(
      url: AggregateFolder.dailyCSV, title: "Daily values, one row per day",
      description: "One row per day of the analysis range, one column per daily series "
        + "healthpipe knows (the unit in brackets; empty: no value). Metrics it does not know "
        + "are rows of \(AggregateFolder.otherCSV).",
      columns: described, primaryKey: ["date"]
    ).json()
  }

  static let otherHeader = ["date", "metric", "category", "value", "min", "max", "n", "unit"]

  static func otherText(_ values: [DailyValue]) -> String {
    func number(_ v: Double?) -> CSVCell {
      .value(v.map { NumberFormatting.significant($0, SeriesVocabulary.unknownDigits) } ?? "")
    }
    var text = CSVFormatting.line(otherHeader)
    for v in values {
      // Metric names, categories and units come from the inputs: text cells, neutralised
      // against formulas.
      text += CSVFormatting.line([
        .value(v.day.description), .text(v.metric.rawValue), .text(v.category), number(v.value),
        number(v.minimum), number(v.maximum), .value(String(v.count)), .text(v.unit),
      ])
    }
    return text
  }

  static func otherMetadata() throws -> String {
    let columns = zip(
      otherHeader, ["date", "string", "string", "number", "number", "number", "integer", "string"]
    )
    .map { name, type in
      CSVWMetadata.Column(
        name: name, titles: name, datatype: type,
        required: name == "date" || name == "value" || name == "n",
        description: name == "date"
          ? TableDescriptions.column(.daily, "day")
          : TableDescriptions.column(.daily, name)
            + (name == "metric"
              ? " Types healthpipe does not know, under the name they were read with." : ""))
    }
    return try CSVWMetadata(
      url: AggregateFolder.otherCSV, title: "Daily values of other metrics",
      description: "Daily values of the metrics healthpipe does not know (kept under the names "
        + "they were read with), one row per day and metric, in the units they were read "
        + "with; values with up to \(SeriesVocabulary.unknownDigits) significant digits.",
      columns: columns, primaryKey: ["date", "metric", "category"]
    ).json()
  }
}
