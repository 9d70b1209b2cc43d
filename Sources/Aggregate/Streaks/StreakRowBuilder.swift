import HealthCore

/// Turns replayed streaks into `streaks` table rows: one `daily` row per goal, plus one
/// `weekly` row for a goal with a weekly target. `history` holds the states of every day
/// analysed (from `historyStart` to the as-of date) for the all-time longest streak, which
/// is the same replay over all of them and never less than the window's longest.
enum StreakRowBuilder {
  static func rows(
    goal: GoalDefinition, states: [GoalDayState], window: ClosedRange<LocalDay>,
    weekStart: Weekday, history: [GoalDayState]? = nil, historyStart: LocalDay? = nil
  ) -> [StreakRow] {
    let allStates = history ?? states
    let allStart = historyStart ?? window.lowerBound
    let daily = DailyStreak.replay(states: states, windowStart: window.lowerBound)
    let dailyEver = DailyStreak.replay(states: allStates, windowStart: allStart)
    var row = StreakRow(
      goal: goal.name, goalDescription: goal.description, cadence: "daily", target: 1,
      weekStart: "", windowStart: window.lowerBound, windowEnd: window.upperBound)
    row.current = Int64(daily.current)
    row.longest = Int64(daily.longest)
    (row.longestEver, row.longestEverEnd) =
      dailyEver.longest >= daily.longest
      ? (Int64(dailyEver.longest), dailyEver.longestEnd) : (Int64(daily.longest), daily.longestEnd)
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
      let weeklyEver = WeeklyStreak.replay(
        states: allStates, windowStart: allStart, target: target, weekStart: weekStart)
      (w.longestEver, w.longestEverEnd) =
        weeklyEver.longest >= weekly.longest
        ? (Int64(weeklyEver.longest), weeklyEver.longestEnd)
        : (Int64(weekly.longest), weekly.longestEnd)
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
