import HealthModel

/// A row of the `weekly` table: one metric over one ISO week, against the week before and
/// the normal range (docs/aggregate.md, "Weekly rows").
///
/// Key metrics carry the week's mean; workout rows (`workoutCount`, `workoutMinutes`,
/// `workoutEnergy`, `workoutDistance`, split by activity type in `category`) carry sums;
/// the `goalMet` rows carry goal days in the week (category: goal name) against `target`.
public struct WeeklyRow: Hashable, Sendable, FieldRecord {
  /// ISO week, `2024-W05`.
  public var week: String
  /// Monday of the ISO week.
  public var weekStart: LocalDay
  /// Metric id.
  public var metric: MetricID
  /// Split ("" = total).
  public var category: String
  /// The week's mean (key metrics) or sum (workouts, goal days).
  public var value: Double?
  /// The same for the week before.
  public var previousValue: Double?
  /// value - previousValue.
  public var change: Double?
  /// The change in percent of previousValue (nil when that is 0).
  public var changePercent: Double?
  /// Where the week's mean sits against the normal range at the week's last day:
  /// `below`, `within`, `above`, or "".
  public var position: String
  /// Days (sleep: nights) with data in the week.
  public var daysWithData: Int64
  /// Days of the week up to the as-of date (7 for a finished week).
  public var daysInWeek: Int64
  /// The weekly target (goal rows), if any.
  public var target: Int64?
  /// Whether the target was met.
  public var met: Bool?
  /// Unit of value.
  public var unit: String

  /// Creates a row.
  public init(
    week: ISOWeek, metric: MetricID, category: String = "", value: Double?,
    previousValue: Double?, position: String = "", daysWithData: Int64, daysInWeek: Int64,
    target: Int64? = nil, met: Bool? = nil, unit: String
  ) {
    self.week = week.description
    self.weekStart = week.monday
    self.metric = metric
    self.category = category
    self.value = value
    self.previousValue = previousValue
    if let value, let previousValue {
      change = value - previousValue
      changePercent = previousValue == 0 ? nil : 100 * (value - previousValue) / previousValue
    }
    self.position = position
    self.daysWithData = daysWithData
    self.daysInWeek = daysInWeek
    self.target = target
    self.met = met
    self.unit = unit
  }

  /// `weekly`.
  public static let tableKind = TableKind.weekly
  /// The columns in order, each with the property it holds: the schema, the writer and
  /// the reader (`FieldRecord`).
  public static let fields: [TableField<WeeklyRow>] = [
    .string("week", \.week),
    .day("weekStart", \.weekStart),
    .metric("metric", \.metric),
    .string("category", \.category),
    .double("value", \.value),
    .double("previousValue", \.previousValue),
    .double("change", \.change),
    .double("changePercent", \.changePercent),
    .string("position", \.position),
    .int("daysWithData", \.daysWithData),
    .int("daysInWeek", \.daysInWeek),
    .int("target", \.target),
    .bool("met", \.met),
    .string("unit", \.unit),
  ]

  /// A row to read into.
  public static var blank: WeeklyRow {
    WeeklyRow(
      week: ISOWeek(containing: LocalDay(dayNumber: 0)), metric: MetricID(""), value: nil,
      previousValue: nil, daysWithData: 0, daysInWeek: 0, unit: "")
  }

}
