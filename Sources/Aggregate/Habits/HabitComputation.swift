import HealthCore
import HealthModel

/// The `habits` table (docs/habits.md, docs/streaks.md "Habits"): for each tracked habit,
/// one row per day from its first day to the as-of date with the day's value, whether it
/// met the habit and the streak that day. Habit entries never enter a daily value, a
/// baseline or a score: they reach this computation only (`DailyData.habitEntries`).
enum HabitComputation {
  /// The rows, notes for the manifest, and the entries left out (for the reconciliation).
  struct Result: Sendable {
    var rows: [HabitDayRow] = []
    var notes: [String] = []
    /// Entries naming no tracked habit, or repeated by a later Loop export.
    var leftOut: Int64 = 0
  }

  /// The rows of `settings`' habits, as the aggregate stage takes them: their notes added
  /// to `notes`, and the entries left out moved from `used` to `ignored` in `data`'s
  /// counts, so `read = used + afterAsOf + ignored` still holds for `habit`.
  static func rows(
    _ settings: AggregateSettings, data: inout DailyData, asOf: LocalDay, notes: inout [String]
  ) -> [HabitDayRow] {
    let habits = compute(
      habits: settings.habits, data: data, asOf: asOf, weekStart: settings.weekStart,
      backfillDays: settings.backfillDays)
    notes += habits.notes
    if habits.leftOut > 0 {
      data.counts[.habit, default: MetricCounts()].used -= habits.leftOut
      data.counts[.habit, default: MetricCounts()].ignored += habits.leftOut
    }
    return habits.rows
  }

  /// The habits' rows, in the habits' order, each habit's days oldest first.
  static func compute(
    habits: [HabitDefinition], data: DailyData, asOf: LocalDay, weekStart: Weekday,
    backfillDays: Int?
  ) -> Result {
    var result = Result()
    let log = HabitLog(data.habitEntries, tracked: Set(habits.map(\.key)))
    for habit in habits {
      let logged = log.days(of: habit.key)
      let auto = HabitDays.autoValues(habit, data: data)
      guard let start = HabitDays.start(habit, log: logged, auto: auto, asOf: asOf) else {
        result.notes.append("habit \(habit.key): nothing logged up to \(asOf)")
        continue
      }
      let early = logged.filter { $0.key < start.dayNumber }.values.reduce(0) { $0 + $1.entries }
      if early > 0 {
        result.notes.append(
          "habit \(habit.key): \(early) entries before its first day \(start) were left out")
        result.leftOut += Int64(early)
      }
      let days = HabitDays.days(habit, start: start, asOf: asOf, log: logged, auto: auto)
      let streaks = HabitStreaks.perDay(
        days, frequency: habit.frequency, weekStart: weekStart, backfillDays: backfillDays,
        missesAreFinal: habit.target == .atMost && habit.kind != .check)
      for (day, streak) in zip(days, streaks) {
        var row = HabitDayRow(habit: habit.key, day: day.day, unit: habit.unitWord)
        row.value = day.value
        row.autoValue = day.auto
        row.entries = Int64(day.entries)
        row.met = day.state == .met
        row.state = streak.frozen ? "F" : String(day.state.rawValue)
        row.streak = Int64(streak.streak)
        row.best = Int64(streak.best)
        row.restDay = streak.restDay
        row.weekDays = streak.week.map { Int64($0.days) }
        row.weekTarget = streak.week.map { Int64($0.target) }
        row.milestone = streak.milestone.map(Int64.init)
        result.rows.append(row)
      }
    }
    let undefined = log.undefined.values.reduce(0, +)
    if undefined > 0 {
      result.notes.append(
        "\(undefined) habit entries name habits no pipeline file or export defines ("
          + log.undefined.keys.sorted().joined(separator: ", ") + "): left out")
    }
    if log.superseded > 0 {
      result.notes.append(
        "\(log.superseded) Loop Habit Tracker entries repeated by a later export were left out")
    }
    result.leftOut += Int64(undefined + log.superseded)
    return result
  }
}
