import HealthModel

/// A row of the `daily` table: one metric's value on one local day.
///
/// Plain catalog metrics use their catalog id (sum, mean with min/max, or last value by the
/// catalog's `aggregation`); derived series use the ids in `MetricID`'s derived extension.
/// `category` splits a metric (workout activity type, goal name); "" is the total.
public struct DailyValue: Hashable, Sendable, FieldRecord {
  /// The local day (for sleep metrics: the sleep day, end + 6 h rule).
  public var day: LocalDay
  /// Metric id.
  public var metric: MetricID
  /// Split of the metric ("" = total).
  public var category: String
  /// The day's value in `unit`.
  public var value: Double
  /// The day's minimum (mean-aggregated metrics).
  public var minimum: Double?
  /// The day's maximum (mean-aggregated metrics).
  public var maximum: Double?
  /// Number of samples that went into it.
  public var count: Int64
  /// Canonical unit of the value.
  public var unit: String
  /// The source the value came from where one was chosen (sleep), else "".
  public var source: String

  /// Creates a row.
  public init(
    day: LocalDay, metric: MetricID, category: String = "", value: Double,
    minimum: Double? = nil, maximum: Double? = nil, count: Int64, unit: String,
    source: String = ""
  ) {
    self.day = day
    self.metric = metric
    self.category = category
    self.value = value
    self.minimum = minimum
    self.maximum = maximum
    self.count = count
    self.unit = unit
    self.source = source
  }

  /// `daily`.
  public static let tableKind = TableKind.daily
  /// The columns in order, each with the property it holds: the schema, the writer and
  /// the reader (`FieldRecord`).
  public static let fields: [TableField<DailyValue>] = [
    .day("day", \.day),
    .metric("metric", \.metric),
    .string("category", \.category),
    .double("value", \.value),
    .double("min", \.minimum),
    .double("max", \.maximum),
    .int("n", \.count),
    .string("unit", \.unit),
    .string("source", \.source),
  ]

  /// A row to read into.
  public static var blank: DailyValue {
    DailyValue(day: LocalDay(dayNumber: 0), metric: MetricID(""), value: 0, count: 0, unit: "")
  }

  /// Writes the row by hand, in the fields' order (the table has ~10^5 rows; see
  /// `FieldRecord`).
  public func write(to row: inout RowWriter) {
    row.day(day)
    row.string(metric.rawValue)
    row.string(category)
    row.double(value)
    row.double(minimum)
    row.double(maximum)
    row.int(count)
    row.string(unit)
    row.string(source)
  }

  /// Reads the row by hand, in the fields' order.
  public init(reading row: inout RowReader) throws {
    day = row.day()
    metric = MetricID(row.string())
    category = row.string()
    value = row.double()
    minimum = row.optionalDouble()
    maximum = row.optionalDouble()
    count = row.int()
    unit = row.string()
    source = row.string()
  }
}
