import HealthModel

/// A row of the `baselines` table: windows, baselines, deltas and normal range for one key
/// metric on one day (docs/aggregate.md, "Windows"). A window with too few days has nil
/// values and a note such as `calibrating 3/7`.
public struct BaselineRow: Hashable, Sendable, FieldRecord {
  /// The day d.
  public var day: LocalDay
  /// The key metric.
  public var metric: MetricID
  /// The daily value on d, if any.
  public var value: Double?
  /// Mean over [d-6, d]; nil with fewer than 4 days, or after the metric's last data day.
  public var avg7: Double?
  /// Days with data in [d-6, d].
  public var avg7Days: Int64
  /// Mean over [d-14, d-1]; nil with fewer than 7 days.
  public var base14Mean: Double?
  /// Sample SD over [d-14, d-1].
  public var base14SD: Double?
  /// Days with data in [d-14, d-1].
  public var base14Days: Int64
  /// Mean over [d-60, d-1]; nil with fewer than 21 days.
  public var base60Mean: Double?
  /// Sample SD over [d-60, d-1].
  public var base60SD: Double?
  /// Days with data in [d-60, d-1].
  public var base60Days: Int64
  /// value(d) - value(d-1).
  public var deltaYesterday: Double?
  /// The same in percent of value(d-1) (nil when that is 0).
  public var deltaYesterdayPercent: Double?
  /// value(d) - base14Mean.
  public var delta14: Double?
  /// The same in percent of base14Mean.
  public var delta14Percent: Double?
  /// value(d) - base60Mean.
  public var delta60: Double?
  /// The same in percent of base60Mean.
  public var delta60Percent: Double?
  /// base60Mean − max(0.5 SD, the metric's minimum meaningful change).
  public var rangeLow: Double?
  /// base60Mean + max(0.5 SD, the metric's minimum meaningful change).
  public var rangeHigh: Double?
  /// Where avg7 sits against the range: `below`, `within`, `above`, or "".
  public var position: String
  /// 100 SD/mean of the ln values over [d-6, d] (HRV only, 4+ days).
  public var cv7: Double?
  /// Why values are missing (`calibrating 3/7`; several notes joined by `; `), or "".
  public var note: String
  /// The last day with data on or before d.
  public var lastDay: LocalDay?
  /// `Today`, `Yesterday`, `Nd ago`, or "" without data.
  public var freshness: String
  /// More than 3 days since the last data.
  public var stale: Bool
  /// Unit of value, means, deltas and range.
  public var unit: String

  /// Creates a row with no window values.
  public init(day: LocalDay, metric: MetricID, unit: String) {
    self.day = day
    self.metric = metric
    self.unit = unit
    avg7Days = 0
    base14Days = 0
    base60Days = 0
    position = ""
    note = ""
    freshness = ""
    stale = false
  }

  /// `baselines`.
  public static let tableKind = TableKind.baselines
  /// The columns in order, each with the property it holds: the schema, the writer and
  /// the reader (`FieldRecord`).
  public static let fields: [TableField<BaselineRow>] = [
    .day("day", \.day),
    .metric("metric", \.metric),
    .double("value", \.value),
    .double("avg7", \.avg7),
    .int("avg7Days", \.avg7Days),
    .double("base14Mean", \.base14Mean),
    .double("base14SD", \.base14SD),
    .int("base14Days", \.base14Days),
    .double("base60Mean", \.base60Mean),
    .double("base60SD", \.base60SD),
    .int("base60Days", \.base60Days),
    .double("deltaYesterday", \.deltaYesterday),
    .double("deltaYesterdayPercent", \.deltaYesterdayPercent),
    .double("delta14", \.delta14),
    .double("delta14Percent", \.delta14Percent),
    .double("delta60", \.delta60),
    .double("delta60Percent", \.delta60Percent),
    .double("rangeLow", \.rangeLow),
    .double("rangeHigh", \.rangeHigh),
    .string("position", \.position),
    .double("cv7", \.cv7, unit: "%"),
    .string("note", \.note),
    .day("lastDay", \.lastDay),
    .string("freshness", \.freshness),
    .bool("stale", \.stale),
    .string("unit", \.unit),
  ]

  /// A row to read into.
  public static var blank: BaselineRow {
    BaselineRow(day: LocalDay(dayNumber: 0), metric: MetricID(""), unit: "")
  }

  /// Writes the row by hand, in the fields' order (the table has ~10^5 rows; see
  /// `FieldRecord`).
  public func write(to row: inout RowWriter) {
    row.day(day)
    row.string(metric.rawValue)
    row.double(value)
    row.double(avg7)
    row.int(avg7Days)
    row.double(base14Mean)
    row.double(base14SD)
    row.int(base14Days)
    row.double(base60Mean)
    row.double(base60SD)
    row.int(base60Days)
    row.double(deltaYesterday)
    row.double(deltaYesterdayPercent)
    row.double(delta14)
    row.double(delta14Percent)
    row.double(delta60)
    row.double(delta60Percent)
    row.double(rangeLow)
    row.double(rangeHigh)
    row.string(position)
    row.double(cv7)
    row.string(note)
    row.day(lastDay)
    row.string(freshness)
    row.bool(stale)
    row.string(unit)
  }

  /// Reads the row by hand, in the fields' order.
  public init(reading row: inout RowReader) throws {
    day = row.day()
    metric = MetricID(row.string())
    value = row.optionalDouble()
    avg7 = row.optionalDouble()
    avg7Days = row.int()
    base14Mean = row.optionalDouble()
    base14SD = row.optionalDouble()
    base14Days = row.int()
    base60Mean = row.optionalDouble()
    base60SD = row.optionalDouble()
    base60Days = row.int()
    deltaYesterday = row.optionalDouble()
    deltaYesterdayPercent = row.optionalDouble()
    delta14 = row.optionalDouble()
    delta14Percent = row.optionalDouble()
    delta60 = row.optionalDouble()
    delta60Percent = row.optionalDouble()
    rangeLow = row.optionalDouble()
    rangeHigh = row.optionalDouble()
    position = row.string()
    cv7 = row.optionalDouble()
    note = row.string()
    lastDay = row.optionalDay()
    freshness = row.string()
    stale = row.bool()
    unit = row.string()
  }
}
