import HealthCore
import HealthModel

/// The goals part of `AggregateComputation`: each goal's state on every day, its
/// `goal_met` rows, its streak rows and the notes on goals without data.
struct GoalPass {
  /// Each goal with its state per day number, in settings order.
  var states: [(GoalDefinition, [Int32: GoalDayState])] = []
  /// The `goal_met` daily values of the analysed days.
  var rows: [DailyValue] = []
  /// The streak rows of the replayed window.
  var streaks: [StreakRow] = []

  /// Evaluates every goal from `from` to `asOf`; appends a note per condition without data.
  static func run(
    _ settings: AggregateSettings, data: DailyData, recorded: Set<Int32>,
    days: ClosedRange<LocalDay>?, from goalFrom: LocalDay, windowStart: LocalDay,
    asOf: LocalDay, notes: inout [String]
  ) -> GoalPass {
    var pass = GoalPass()
    for goal in settings.goals {
      let evaluator = GoalEvaluator(goal: goal, data: data, recordedDays: recorded)
      var states: [Int32: GoalDayState] = [:]
      for day in goalFrom...asOf {
        let state = evaluator.state(on: day)
        states[day.dayNumber] = state
        if state != .noData, let days, days.contains(day) {
          pass.rows.append(
            DailyValue(
              day: day, metric: .goalMet, category: goal.name, value: state.isMet ? 1 : 0,
              count: 1, unit: SeriesUnits.unit(of: .goalMet)))
        }
      }
      let window = (windowStart...asOf).map { states[$0.dayNumber]! }
      pass.streaks += StreakRowBuilder.rows(
        goal: goal, states: window, window: windowStart...asOf, weekStart: settings.weekStart)
      pass.states.append((goal, states))
      for c in goal.conditions where !c.isPerWorkout {
        let fallback = c.metric == .exerciseMinutes && c.category.isEmpty
        if data.series[SeriesKey(c.metric, c.category)] == nil,
          !fallback || data.series[SeriesKey(.activitySummaryExercise)] == nil
        {
          notes.append("goal \(goal.name): no data for \(c.metric) before \(asOf)")
        }
      }
    }
    return pass
  }
}
