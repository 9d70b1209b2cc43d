import HealthCore
import HealthModel

/// Turns replayed streaks into `streaks` table rows: one `daily` row per goal, plus one
/// `weekly` row for a goal with a weekly target. `states` are the days of the replayed span
/// (docs/streaks.md, "The replayed span": the whole analysed history, or the backfill
/// window); every number of a row comes from that one replay, so the longest streak
/// (`longest`, and `longestEver`, which equals it) is never shorter than the current one
/// and is the same run when it ends on the as-of date.
enum StreakRowBuilder {
  static func rows(
    goal: GoalDefinition, states: [GoalDayState], window: ClosedRange<LocalDay>,
    weekStart: Weekday
  ) -> [StreakRow] {
    let daily = DailyStreak.replay(states: states, windowStart: window.lowerBound)
    var row = StreakRow(
      goal: goal.name, goalDescription: goal.description, cadence: "daily", target: 1,
      weekStart: "", windowStart: window.lowerBound, windowEnd: window.upperBound)
    row.current = Int64(daily.current)
    row.longest = Int64(daily.longest)
    (row.longestEver, row.longestEverEnd) = (Int64(daily.longest), daily.longestEnd)
    row.freezesUsed = daily.freezesUsed.map(\.description).joined(separator: ",")
    row.freezeAvailable = daily.freezeAvailable
    row.lastGoalDay = daily.lastGoalDay
    row.history = daily.history
    setMilestones(&row, current: daily.current, reached: daily.milestones)
    var rows = [row]
    if let target = goal.weeklyTarget {
      let weekly = WeeklyStreak.replay(
        states: states, windowStart: window.lowerBound, target: target, weekStart: weekStart)
      var w = StreakRow(
        goal: goal.name, goalDescription: goal.description, cadence: "weekly",
        target: Int64(target), weekStart: weekStart.rawValue, windowStart: window.lowerBound,
        windowEnd: window.upperBound)
      w.current = Int64(weekly.current)
      w.longest = Int64(weekly.longest)
      (w.longestEver, w.longestEverEnd) = (Int64(weekly.longest), weekly.longestEnd)
      w.lastGoalDay = daily.lastGoalDay
      w.history = weekly.history
      setMilestones(&w, current: weekly.current, reached: weekly.milestones)
      rows.append(w)
    }
    return rows
  }

  private static func setMilestones(_ row: inout StreakRow, current: Int, reached: [Int: LocalDay])
  {
    row.milestone3 = reached[3]
    row.milestone7 = reached[7]
    row.milestone14 = reached[14]
    row.milestone30 = reached[30]
    row.milestone60 = reached[60]
    row.milestone90 = reached[90]
    row.nextMilestone = Milestones.next(after: current).map(Int64.init)
    row.progress = Milestones.progress(current: current)
  }
}
