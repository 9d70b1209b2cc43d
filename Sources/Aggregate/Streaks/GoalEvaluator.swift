import HealthCore

/// Decides, day by day, whether a goal was met (docs/streaks.md, "Goals": a goal day is a
/// local day meeting the goal).
public struct GoalEvaluator: Sendable {
  /// The goal.
  public let goal: GoalDefinition
  private let series: [DaySeries?]
  private let workouts: [LocalDay: [WorkoutEntry]]

  /// Prepares the goal's series from the daily data.
  public init(goal: GoalDefinition, data: DailyData) {
    self.goal = goal
    series = goal.conditions.map {
      $0.isPerWorkout ? nil : data.series[SeriesKey($0.metric, $0.category)]
    }
    workouts = data.workouts
  }

  /// The state of one day.
  public func state(on day: LocalDay) -> GoalDayState {
    var sawData = false
    for (i, condition) in goal.conditions.enumerated() {
      if condition.isPerWorkout {
        let list = (workouts[day] ?? []).filter {
          condition.category.isEmpty || $0.activity == condition.category
        }
        if list.isEmpty { continue }
        sawData = true
        if list.contains(where: { condition.comparison.holds($0.minutes, condition.threshold) }) {
          return .met
        }
      } else {
        guard let value = series[i]?.value(on: day) else { continue }
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
