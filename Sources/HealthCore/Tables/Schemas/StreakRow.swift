import HealthModel

/// A row of the `streaks` table: one goal's streak state at the as-of date, replayed over
/// the whole analysed history, or over the `backfill_days` window when a pipeline sets one
/// (the "window" below; docs/streaks.md, "The replayed span").
public struct StreakRow: Hashable, Sendable, FieldRecord {
  /// Goal name (`active`, `steps`, `sleep`, or a `[goal.NAME]` of the pipeline file).
  public var goal: String
  /// What the goal means, for people (`steps ≥ 8000`).
  public var goalDescription: String
  /// `daily` or `weekly`.
  public var cadence: String
  /// Goal days needed per week (weekly cadence); 1 for daily.
  public var target: Int64
  /// First day of the week for weekly cadence (`monday` ...), "" for daily.
  public var weekStart: String
  /// Current streak (days for daily, weeks for weekly).
  public var current: Int64
  /// Longest streak inside the window.
  public var longest: Int64
  /// Longest streak over the replayed span: the same run as `longest` (docs/streaks.md,
  /// "The replayed span").
  public var longestEver: Int64
  /// The last day (daily) or the first day of the last week (weekly) of that streak.
  public var longestEverEnd: LocalDay?
  /// Dates bridged by a freeze inside the window, comma-separated `yyyy-MM-dd`.
  public var freezesUsed: String
  /// Whether a freeze is held at the as-of date.
  public var freezeAvailable: Bool
  /// The last goal day in the window.
  public var lastGoalDay: LocalDay?
  /// First day of the window (the history's first day, or the backfill window's).
  public var windowStart: LocalDay
  /// Last day of the window (the as-of date).
  public var windowEnd: LocalDay
  /// Per-day history over the window, oldest first: `1` goal day, `0` missed, `F` frozen,
  /// `.` no data. For weekly cadence one character per week (`1` met, `0` not).
  public var history: String
  /// Day each milestone (3, 7, 14, 30, 60, 90) was reached in the window, if it was.
  public var milestone3: LocalDay?
  /// See `milestone3`.
  public var milestone7: LocalDay?
  /// See `milestone3`.
  public var milestone14: LocalDay?
  /// See `milestone3`.
  public var milestone30: LocalDay?
  /// See `milestone3`.
  public var milestone60: LocalDay?
  /// See `milestone3`.
  public var milestone90: LocalDay?
  /// The next milestone above the current streak (nil past 90).
  public var nextMilestone: Int64?
  /// `100 · current / next`, capped at 100.
  public var progress: Double

  /// The milestone lengths, in days (or weeks).
  public static let milestones: [Int64] = [3, 7, 14, 30, 60, 90]

  /// A row with nothing reached yet.
  public init(
    goal: String, goalDescription: String, cadence: String, target: Int64, weekStart: String,
    windowStart: LocalDay, windowEnd: LocalDay
  ) {
    self.goal = goal
    self.goalDescription = goalDescription
    self.cadence = cadence
    self.target = target
    self.weekStart = weekStart
    self.windowStart = windowStart
    self.windowEnd = windowEnd
    current = 0
    longest = 0
    longestEver = 0
    freezesUsed = ""
    freezeAvailable = false
    history = ""
    progress = 0
  }

  /// `streaks`.
  public static let tableKind = TableKind.streaks
  /// The columns in order, each with the property it holds: the schema, the writer and
  /// the reader (`FieldRecord`).
  public static let fields: [TableField<StreakRow>] = [
    .string("goal", \.goal),
    .string("description", \.goalDescription),
    .string("cadence", \.cadence),
    .int("target", \.target),
    .string("weekStart", \.weekStart),
    .int("current", \.current),
    .int("longest", \.longest),
    .int("longestEver", \.longestEver),
    .day("longestEverEnd", \.longestEverEnd),
    .string("freezesUsed", \.freezesUsed),
    .bool("freezeAvailable", \.freezeAvailable),
    .day("lastGoalDay", \.lastGoalDay),
    .day("windowStart", \.windowStart),
    .day("windowEnd", \.windowEnd),
    .string("history", \.history),
    .day("milestone3", \.milestone3),
    .day("milestone7", \.milestone7),
    .day("milestone14", \.milestone14),
    .day("milestone30", \.milestone30),
    .day("milestone60", \.milestone60),
    .day("milestone90", \.milestone90),
    .int("nextMilestone", \.nextMilestone),
    .double("progress", \.progress, unit: "%"),
  ]

  /// A row to read into.
  public static var blank: StreakRow {
    StreakRow(
      goal: "", goalDescription: "", cadence: "", target: 0, weekStart: "",
      windowStart: LocalDay(dayNumber: 0), windowEnd: LocalDay(dayNumber: 0))
  }

}
