import HealthModel

/// What one day was for one habit (docs/streaks.md, "Habits").
enum HabitDayState: Character, Sendable, Hashable {
  /// The day's value met the habit.
  case met = "1"
  /// A value that did not meet it.
  case missed = "0"
  /// Nothing logged or recorded: missed, shown apart.
  case noData = "."
  /// Skipped (a `skip` entry, Loop's SKIP, or a day before the habit's start): neither
  /// breaks nor extends a streak.
  case skipped = "s"
}

/// One habit's value on one day.
struct HabitDay: Sendable, Hashable {
  var day: LocalDay
  /// Entries plus the linked series; nil when nothing was logged or recorded.
  var value: Double?
  /// The linked series' part.
  var auto: Double?
  /// Entries logged (skips included).
  var entries: Int
  var state: HabitDayState
}

/// The days of a habit from its first day to the as-of date (docs/habits.md, "Days").
enum HabitDays {
  /// The habit's first day: `since`, else its first entry or day of linked data; nil when
  /// it has none up to `asOf`.
  static func start(
    _ habit: HabitDefinition, log: [Int32: HabitLog.Day], auto: [Int32: Double], asOf: LocalDay
  ) -> LocalDay? {
    if let since = habit.since { return since <= asOf ? since : nil }
    let first = [log.keys.min(), auto.keys.min()].compactMap { $0 }.min()
    return first.map(LocalDay.init(dayNumber:)).flatMap { $0 <= asOf ? $0 : nil }
  }

  /// The values of the habit's linked series by day number (`auto`): the daily series,
  /// or for `workout` (one single workout) the day's longest workout of that type.
  static func autoValues(_ habit: HabitDefinition, data: DailyData) -> [Int32: Double] {
    guard let link = habit.auto else { return [:] }
    guard link.metric == MetricID.workout.rawValue else {
      return data.series[SeriesKey(MetricID(link.metric), link.category)]?.values ?? [:]
    }
    var longest: [Int32: Double] = [:]
    for (day, workouts) in data.workouts {
      for w in workouts where link.category.isEmpty || w.activity == link.category {
        longest[day.dayNumber] = max(longest[day.dayNumber] ?? 0, w.minutes)
      }
    }
    return longest
  }

  /// Every day from `start` to `asOf`: value and state. A check's value is 1 when any entry
  /// says done or the linked series has a value above 0, else 0; a duration's or count's
  /// is the entries' sum plus the linked series. A day with only skip entries (and no
  /// linked data) is skipped.
  static func days(
    _ habit: HabitDefinition, start: LocalDay, asOf: LocalDay, log: [Int32: HabitLog.Day],
    auto: [Int32: Double]
  ) -> [HabitDay] {
    (start...asOf).map { day in
      let logged = log[day.dayNumber] ?? HabitLog.Day()
      let linked = auto[day.dayNumber]
      var value: Double?
      if !logged.amounts.isEmpty || linked != nil {
        if habit.kind == .check {
          value = (logged.amounts.contains { $0 > 0 } || (linked ?? 0) > 0) ? 1 : 0
        } else {
          value = logged.amounts.reduce(0, +) + (linked ?? 0)
        }
      }
      let state: HabitDayState
      if let value {
        state = habit.isMet(value) ? .met : .missed
      } else {
        state = logged.skips > 0 ? .skipped : .noData
      }
      return HabitDay(
        day: day, value: value, auto: linked, entries: logged.entries, state: state)
    }
  }
}
