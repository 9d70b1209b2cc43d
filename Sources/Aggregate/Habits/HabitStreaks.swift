import HealthCore

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
  /// The streak on each of `days` (the habit's days, first to as-of). The streak on day d
  /// is the replay of the days up to d with d as the as-of date (`backfillDays`, when set,
  /// limits each replay to that many days), so the last day's is the current streak.
  static func perDay(
    _ days: [HabitDay], frequency: HabitFrequency, weekStart: Weekday, backfillDays: Int?
  ) -> [HabitStreakDay] {
    guard let first = days.first?.day else { return [] }
    let states = days.map(goalState)
    var out: [HabitStreakDay] = []
    var best = 0
    var previous = 0
    for k in days.indices {
      let from = backfillDays.map { max(0, k - $0 + 1) } ?? 0
      var day = HabitStreakDay(streak: 0, best: 0, restDay: false, frozen: false)
      switch frequency {
      case .daily:
        let replay = DailyStreak.replay(
          states: Array(states[from...k]), windowStart: first.adding(days: from))
        day.streak = replay.current
        day.restDay = replay.freezeAvailable
      case .perWeek(let target):
        // The week the habit (or the window) starts in counts from its first day: the
        // days before it are skipped, so that week needs fewer met days.
        let start = first.adding(days: from)
        let weekFirst = weekStart.weekStart(containing: start)
        let lead = [GoalDayState](repeating: .skipped, count: weekFirst.distance(to: start))
        let replay = WeeklyStreak.replay(
          states: lead + states[from...k], windowStart: weekFirst, target: target,
          weekStart: weekStart)
        day.streak = replay.current
        day.week = weekCount(states, first: first, k: k, target: target, weekStart: weekStart)
      }
      best = max(best, day.streak)
      day.best = best
      if day.streak > previous, Milestones.lengths.contains(day.streak) {
        day.milestone = day.streak
      }
      previous = day.streak
      out.append(day)
    }
    if frequency == .daily, let last = days.indices.last {
      let from = backfillDays.map { max(0, last - $0 + 1) } ?? 0
      let replay = DailyStreak.replay(
        states: Array(states[from...last]), windowStart: first.adding(days: from))
      for frozen in replay.freezesUsed { out[first.distance(to: frozen)].frozen = true }
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
  /// lowered by the week's skipped days and days before the habit's first day.
  private static func weekCount(
    _ states: [GoalDayState], first: LocalDay, k: Int, target: Int, weekStart: Weekday
  ) -> (days: Int, target: Int) {
    let day = first.adding(days: k)
    let weekFirst = weekStart.weekStart(containing: day)
    var met = 0
    var skipped = 0
    for offset in 0..<7 {
      let i = first.distance(to: weekFirst.adding(days: offset))
      guard i <= k else { break }
      if i < 0 || states[i] == .skipped {
        skipped += 1
      } else if states[i].isMet {
        met += 1
      }
    }
    return (met, min(target, 7 - skipped))
  }
}
