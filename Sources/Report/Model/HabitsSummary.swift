import HealthCore
import HealthModel

/// The Habits section (docs/report.md, "Habits"): today's "N of M done", and per habit
/// that is not archived its day's value, its streak, this week's count for a weekly habit
/// and the last two weeks as a strip. Built from the `habits` table and the habits the
/// header names (`AggregateFacts.habits`), in their order.
public struct HabitsSummary: Sendable {
  /// One habit.
  public struct Habit: Sendable {
    /// Its settings.
    public var definition: HabitDefinition
    /// The as-of day's row; nil when the habit has not started by then.
    public var today: HabitDayRow?
    /// The last `stripDays` days ending at the as-of date: each day's state character
    /// (`1`, `0`, `.`, `s`, `F`), or nil before the habit's first day.
    public var strip: [Character?]
  }

  /// The as-of date.
  public var asOf: LocalDay
  /// The habits shown, in order.
  public var habits: [Habit]
  /// The first day of the as-of date's week (the streaks' week start).
  public var weekStart: LocalDay

  /// Days in the strip.
  public static let stripDays = 14

  /// Habits met on the as-of day, and those due: every shown habit that has started and
  /// was not skipped that day.
  public var today: (done: Int, due: Int) {
    let due = habits.compactMap(\.today).filter { $0.state != "s" }
    return (due.filter(\.met).count, due.count)
  }

  /// The summary of `inputs`' habits as of `asOf`; nil when no habit is shown.
  static func build(_ inputs: ReportInputs, asOf: LocalDay) -> HabitsSummary? {
    let tracked = inputs.facts.habits.filter { !$0.archived }
    guard !tracked.isEmpty else { return nil }
    var byHabit: [String: [Int32: HabitDayRow]] = [:]
    for r in inputs.habits where r.day <= asOf {
      byHabit[r.habit, default: [:]][r.day.dayNumber] = r
    }
    let first = asOf.adding(days: -(stripDays - 1))
    let habits = tracked.map { d in
      let rows = byHabit[d.key] ?? [:]
      return Habit(
        definition: d, today: rows[asOf.dayNumber],
        strip: (first...asOf).map { day in rows[day.dayNumber].flatMap { $0.state.first } })
    }
    let weekStart = inputs.facts.weekStart ?? .monday
    return HabitsSummary(
      asOf: asOf, habits: habits, weekStart: weekStart.weekStart(containing: asOf))
  }
}
