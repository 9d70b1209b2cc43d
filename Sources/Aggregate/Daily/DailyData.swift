import HealthCore
import HealthModel

/// Everything the later steps need from the samples: the daily rows, the same values as
/// series, the sleep nights, the workouts, and the counts for the manifest.
public struct DailyData: Sendable {
  /// Daily rows sorted by day, metric, category.
  public var values: [DailyValue]
  /// Every daily series by id and split.
  public var series: [SeriesKey: DaySeries]
  /// Sleep nights by sleep day.
  public var nights: [LocalDay: SleepNight]
  /// Workouts by the local day of their start.
  public var workouts: [LocalDay: [WorkoutEntry]]
  /// What happened to each metric's samples.
  public var counts: [MetricID: MetricCounts]
  /// Nights cut by the export, by sleep day: their values are `partial` rows only.
  public var partialNights: [LocalDay: PartialNight] = [:]
  /// The habit entries up to the as-of date, in table order (docs/habits.md): never part
  /// of `values` or `series`.
  public var habitEntries: [HabitEntry] = []

  /// The series for an id and split, or an empty one.
  public func series(_ metric: MetricID, _ category: String = "") -> DaySeries {
    series[SeriesKey(metric, category)] ?? DaySeries(unit: SeriesUnits.unit(of: metric))
  }

  /// The days (day numbers) on which the person's devices recorded anything: a daily value
  /// of any series, goal outcomes and the values of partial nights
  /// (`AggregateFacts.partialNightCategory`) left out (docs/streaks.md, "What a goal reads").
  public func recordedDays() -> Set<Int32> {
    var days = Set<Int32>()
    for v in values where Self.isData(v) {
      days.insert(v.day.dayNumber)
    }
    return days
  }

  /// Whether `v` is a value of a partial night (kept under its own category).
  static func isPartialNight(_ v: DailyValue) -> Bool {
    v.category == AggregateFacts.partialNightCategory && SleepNight.series.contains(v.metric)
  }

  /// The earliest day with any daily value (partial nights and goal outcomes aside).
  public var firstDay: LocalDay? { values.first { Self.isData($0) }?.day }
  /// The latest day with any daily value (partial nights and goal outcomes aside): the
  /// last day the person's devices recorded anything.
  public var lastDay: LocalDay? { values.last { Self.isData($0) }?.day }
  /// The latest day with any daily value or habit entry: the as-of date `latest` takes.
  public var lastDayWithData: LocalDay? {
    let habits = habitEntries.lazy.map(\.day).max()
    guard let last = lastDay else { return habits }
    return max(last, habits ?? last)
  }

  /// Whether a row is recorded data: not a goal outcome, not a partial night.
  static func isData(_ v: DailyValue) -> Bool { v.metric != .goalMet && !isPartialNight(v) }
}
