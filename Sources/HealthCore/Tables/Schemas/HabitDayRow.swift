import HealthModel

/// A row of the `habits` table: one habit on one local day, from the habit's first day
/// (its `since`, else its first entry or day of linked data) to the as-of date: the day's
/// value, whether it met the habit, and the streak as it stood that day (docs/habits.md,
/// docs/streaks.md "Habits").
public struct HabitDayRow: Hashable, Sendable, FieldRecord {
  /// The habit's key (`HabitName.key`; its name and settings are in the header's `habits`).
  public var habit: String
  /// The local day.
  public var day: LocalDay
  /// The day's value: the entries' sum (minutes, amount; 1/0 for a check) plus the linked
  /// series' value; nil when nothing was logged or recorded.
  public var value: Double?
  /// The part of `value` from the linked series (`auto`), nil without one or without data.
  public var autoValue: Double?
  /// The unit word of `value`: `check`, `min`, or the count's unit.
  public var unit: String
  /// Entries logged that day (journal rows and Loop entries, skips included).
  public var entries: Int64
  /// Whether the day met the habit.
  public var met: Bool
  /// `1` met, `0` missed (a value that did not meet it), `.` nothing logged, `s` skipped,
  /// `F` missed but bridged by a rest day.
  public var state: String
  /// The current streak as of that day, the day not yet over (days; weeks for a weekly
  /// habit).
  public var streak: Int64
  /// The longest streak from the habit's first day through that day.
  public var best: Int64
  /// Whether a rest day (freeze) is in hand after that day (daily habits).
  public var restDay: Bool
  /// Met days in that day's week, up to that day (weekly habits).
  public var weekDays: Int64?
  /// Met days that week needs (weekly habits): the habit's days a week, fewer in a week
  /// with skipped days or days before the habit's start.
  public var weekTarget: Int64?
  /// The badge (3, 7, 14, 30, 60, 90 days or weeks) the streak reached that day, if any.
  public var milestone: Int64?

  /// A row with nothing logged.
  public init(habit: String, day: LocalDay, unit: String) {
    self.habit = habit
    self.day = day
    self.unit = unit
    entries = 0
    met = false
    state = "."
    streak = 0
    best = 0
    restDay = false
  }

  /// `habits`.
  public static let tableKind = TableKind.habits
  /// The columns in order, each with the property it holds: the schema, the writer and
  /// the reader (`FieldRecord`).
  public static let fields: [TableField<HabitDayRow>] = [
    .string("habit", \.habit),
    .day("day", \.day),
    .double("value", \.value),
    .double("auto", \.autoValue),
    .string("unit", \.unit),
    .int("entries", \.entries),
    .bool("met", \.met),
    .string("state", \.state),
    .int("streak", \.streak),
    .int("best", \.best),
    .bool("restDay", \.restDay),
    .int("weekDays", \.weekDays),
    .int("weekTarget", \.weekTarget),
    .int("milestone", \.milestone),
  ]

  /// A row to read into.
  public static var blank: HabitDayRow {
    HabitDayRow(habit: "", day: LocalDay(dayNumber: 0), unit: "")
  }

}
