import HealthModel

/// Decides, day by day, whether a goal was met (docs/streaks.md, "Goals": a goal day is a
/// local day meeting the goal; "What a goal reads").
///
/// Goals count what the devices count:
/// - `exerciseMinutes` reads the ActivitySummary's exercise time
///   (`activitySummaryExercise`) on a day without exercise-time records;
/// - a cumulative series (`GoalMetrics.isCumulative`: steps, exercise, workouts, naps, ...)
///   without a value on a *recorded* day (a day with any daily value) is 0 that day, so the
///   goal is met or missed there, never "no data";
/// - other series (sleep, heart rate, body) have no value on a day without a reading.
public struct GoalEvaluator: Sendable {
  /// The goal.
  public let goal: GoalDefinition
  private let series: [DaySeries?]
  private let fallbacks: [DaySeries?]
  private let zeroWhenRecorded: [Bool]
  private let workouts: [LocalDay: [WorkoutEntry]]
  private let recorded: Set<Int32>

  /// Prepares the goal's series from the daily data. `recordedDays` (day numbers) are the
  /// days with any daily value; nil computes them from `data`.
  public init(goal: GoalDefinition, data: DailyData, recordedDays: Set<Int32>? = nil) {
    self.goal = goal
    series = goal.conditions.map {
      $0.isPerWorkout ? nil : data.series[SeriesKey($0.metric, $0.category)]
    }
    fallbacks = goal.conditions.map {
      $0.metric == .exerciseMinutes && $0.category.isEmpty
        ? data.series[SeriesKey(.activitySummaryExercise)] : nil
    }
    zeroWhenRecorded = goal.conditions.map { GoalMetrics.isCumulative($0.metric) }
    workouts = data.workouts
    recorded = recordedDays ?? data.recordedDays()
  }

  /// The value a (non-workout) condition reads on `day`: its series, the fallback, or 0 on
  /// a recorded day for a cumulative series.
  func value(_ i: Int, on day: LocalDay) -> Double? {
    if let v = series[i]?.value(on: day) { return v }
    if let v = fallbacks[i]?.value(on: day) { return v }
    return zeroWhenRecorded[i] && recorded.contains(day.dayNumber) ? 0 : nil
  }

  /// The state of one day.
  public func state(on day: LocalDay) -> GoalDayState {
    var sawData = false
    for (i, condition) in goal.conditions.enumerated() {
      if condition.isPerWorkout {
        let list = (workouts[day] ?? []).filter {
          condition.category.isEmpty || $0.activity == condition.category
        }
        // No workout on a recorded day: the condition had its data (none) and failed.
        if list.isEmpty {
          if recorded.contains(day.dayNumber) { sawData = true }
          continue
        }
        sawData = true
        if list.contains(where: { condition.comparison.holds($0.minutes, condition.threshold) }) {
          return .met
        }
      } else {
        guard let value = value(i, on: day) else { continue }
        sawData = true
        if condition.comparison.holds(value, condition.threshold) { return .met }
      }
    }
    return sawData ? .missed : .noData
  }

  /// The states of every day in `days`, oldest first.
  public func states(_ days: ClosedRange<LocalDay>) -> [GoalDayState] {
    Array(days).map(state(on:))
  }
}
