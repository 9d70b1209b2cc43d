import HealthModel

/// A habit's streak on each of its days, from the project's streak machinery
/// (`DailyStreak`, `WeeklyStreak`, `Milestones`; docs/streaks.md, "Habits"): a daily habit
/// keeps a daily streak with rest days (freezes), a weekly habit a streak of met weeks;
/// skipped days neither break nor extend either.
struct HabitStreakDay: Sendable {
  /// The current streak that day, the day not yet over (days, or weeks).
  var streak: Int
  /// The longest streak from the habit's first day through that day.
  var best: Int
  /// A rest day in hand after that day (daily habits).
  var restDay: Bool
  /// The badge reached that day.
  var milestone: Int?
  /// The day was bridged by a rest day (as the whole replay to as-of sees it).
  var frozen: Bool
  /// Met days in the day's week so far, and what the week needs (weekly habits).
  var week: (days: Int, target: Int)?
}

enum HabitStreaks {
  /// The streak on each of `days` (the habit's days, first to as-of), from one replay of
  /// the shared machinery over them (or over the last `backfillDays` of them when a
  /// pipeline sets it; days before get no streak): the streak on day d is the replay's with
  /// d as the as-of date (`DailyStreak.standings`; for a weekly habit the met weeks before
  /// d's week, plus d's week when its met days so far reach its target), so the last
  /// day's is the current streak. With `missesAreFinal` (an `at most` habit: a value over
  /// its limit never comes back under it) a missed day counts as missed on its own day.
  static func perDay(
    _ days: [HabitDay], frequency: HabitFrequency, weekStart: Weekday, backfillDays: Int?,
    missesAreFinal: Bool = false
  ) -> [HabitStreakDay] {
    guard let first = days.first?.day else { return [] }
    let states = days.map(goalState)
    let last = days.count - 1
    let from = backfillDays.map { max(0, last - $0 + 1) } ?? 0
    var out = [HabitStreakDay](
      repeating: HabitStreakDay(streak: 0, best: 0, restDay: false, frozen: false),
      count: days.count)
    switch frequency {
    case .daily:
      let span = Array(states[from...])
      let settled = missesAreFinal ? Set(span.indices.filter { span[$0] == .missed }) : []
      let replay = DailyStreak.replay(
        states: span, windowStart: first.adding(days: from), settled: settled)
      for (j, standing) in replay.standings.enumerated() {
        out[from + j].streak = standing.streak
        out[from + j].restDay = standing.freezeHeld
      }
      for frozen in replay.freezesUsed { out[first.distance(to: frozen)].frozen = true }
    case .perWeek(let target):
      // The week the habit (or the replayed span) starts in counts from its first day: the
      // days before it are skipped, so that week needs fewer met days.
      let start = first.adding(days: from)
      let weekFirst = weekStart.weekStart(containing: start)
      let lead = weekFirst.distance(to: start)
      let replay = WeeklyStreak.replay(
        states: [GoalDayState](repeating: .skipped, count: lead) + states[from...],
        windowStart: weekFirst, target: target, weekStart: weekStart)
      // Met weeks in a row before each week (a skipped week neither adds nor breaks).
      var runBefore: [Int] = []
      var run = 0
      for c in replay.history {
        runBefore.append(run)
        if c == "1" { run += 1 } else if c == "0" { run = 0 }
      }
      for k in from...last {
        let week = weekCount(
          states, first: first, from: from, k: k, target: target, weekStart: weekStart)
        let metSoFar = week.target > 0 && week.days >= week.target
        out[k].streak = runBefore[(lead + k - from) / 7] + (metSoFar ? 1 : 0)
        out[k].week = week
      }
    }
    var best = 0
    var previous = 0
    for k in out.indices {
      best = max(best, out[k].streak)
      out[k].best = best
      if out[k].streak > previous, Milestones.lengths.contains(out[k].streak) {
        out[k].milestone = out[k].streak
      }
      previous = out[k].streak
    }
    return out
  }

  /// The shared machinery's state of a habit day.
  static func goalState(_ day: HabitDay) -> GoalDayState {
    switch day.state {
    case .met: .met
    case .missed: .missed
    case .noData: .noData
    case .skipped: .skipped
    }
  }

  /// Met days in day k's week up to k, and the week's target: the habit's days a week,
  /// lowered by the week's skipped days and its days before the replayed span (`from`).
  private static func weekCount(
    _ states: [GoalDayState], first: LocalDay, from: Int, k: Int, target: Int,
    weekStart: Weekday
  ) -> (days: Int, target: Int) {
    let weekFirst = weekStart.weekStart(containing: first.adding(days: k))
    var met = 0
    var skipped = 0
    for offset in 0..<7 {
      let i = first.distance(to: weekFirst.adding(days: offset))
      guard i <= k else { break }
      if i < from || states[i] == .skipped {
        skipped += 1
      } else if states[i].isMet {
        met += 1
      }
    }
    return (met, min(target, 7 - skipped))
  }
}
