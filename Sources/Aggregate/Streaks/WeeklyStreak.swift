import HealthModel

/// A weekly-target streak (docs/streaks.md, "Weekly streak"): a week is met with at least `target`
/// goal days; the streak counts met weeks back from the current week, or from the previous one
/// while the current week is not yet met. Weeks start on the configured weekday; only weeks
/// that start inside the backfill window count (plus the current one), so the result
/// depends only on the window.
public struct WeeklyStreak: Sendable, Hashable {
  /// Met weeks in the current streak.
  public var current: Int
  /// Longest run of met weeks in the window.
  public var longest: Int
  /// The first day of the last week of the longest run (the most recent one on a tie).
  public var longestEnd: LocalDay?
  /// One character per week, oldest first: `1` met, `0` not (the current week shows `0`
  /// until it is met).
  public var history: String
  /// The first day of each week counted, oldest first.
  public var weekStarts: [LocalDay]
  /// The first day (the day the week became met) each milestone length was reached.
  public var milestones: [Int: LocalDay]

  /// Replays the weeks of `states` (one per day from `windowStart` to the as-of date).
  public static func replay(
    states: [GoalDayState], windowStart: LocalDay, target: Int, weekStart: Weekday
  ) -> WeeklyStreak {
    let asOf = windowStart.adding(days: states.count - 1)
    var first = weekStart.weekStart(containing: windowStart)
    if first < windowStart { first = first.adding(days: 7) }
    var starts: [LocalDay] = []
    var met: [Bool] = []
    var metOn: [LocalDay?] = []
    var skippedWeeks: Set<Int> = []
    var week = first
    while week <= asOf {
      // Skipped days lower the week's target to the days left (a week of skips counts
      // neither way; docs/streaks.md, "Habits").
      let skipped = (0..<7).filter { offset in
        let d = week.adding(days: offset)
        return d <= asOf && states[windowStart.distance(to: d)] == .skipped
      }.count
      let needed = min(target, 7 - skipped)
      var count = 0
      var day: LocalDay?
      for offset in 0..<7 {
        let d = week.adding(days: offset)
        guard d <= asOf else { break }
        if states[windowStart.distance(to: d)].isMet {
          count += 1
          if count == needed { day = d }
        }
      }
      if needed == 0 { skippedWeeks.insert(starts.count) }
      starts.append(week)
      met.append(needed > 0 && count >= needed)
      metOn.append(day)
      week = week.adding(days: 7)
    }
    var run = 0
    var longest = 0
    var longestEnd: LocalDay?
    var reached: [Int: LocalDay] = [:]
    for (i, isMet) in met.enumerated() where !skippedWeeks.contains(i) {
      if isMet {
        run += 1
        if run >= longest {
          longest = run
          longestEnd = starts[i]
        }
        if Milestones.lengths.contains(run), reached[run] == nil, let d = metOn[i] {
          reached[run] = d
        }
      } else if i != met.count - 1 {
        run = 0
      }
    }
    // `run` now counts met weeks ending at the current week if it is met, else ending at
    // the previous week (an unmet current week did not reset it).
    return WeeklyStreak(
      current: run, longest: longest, longestEnd: longestEnd,
      history: String(
        met.indices.map { skippedWeeks.contains($0) ? "s" : met[$0] ? "1" : "0" }),
      weekStarts: starts, milestones: reached)
  }
}
