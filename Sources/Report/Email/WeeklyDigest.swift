import HealthCore
import HealthModel

/// What the weekly e-mail says: the ISO week of the as-of date against the week before,
/// short enough to read in a minute. `WeeklyDigestBuilder` makes it from the aggregate
/// tables; `DigestHTML` and `PlainTextReport` write it, so both parts of the message carry
/// the same facts in the same order. Everything else is in the attached full report.
public struct WeeklyDigest: Sendable {
  /// A score (wellness, condition, sleep, body) averaged over each week.
  public struct Score: Sendable {
    /// `Wellness`, `Condition`, `Sleep`, `Body`.
    public var name: String
    /// The mean of this week's daily scores (days up to the as-of date), rounded half up.
    public var thisWeek: Int64?
    /// The same for the week before.
    public var lastWeek: Int64?
    /// Days of this week that have the score.
    public var daysThisWeek: Int
    /// Why there is no score this week (the as-of day's note, `calibrating 3/7`), or "".
    public var note: String
  }

  /// A metric's weekly mean against the week before (displayed units).
  public struct Metric: Sendable {
    /// How the metric is shown.
    public var presentation: MetricPresentation
    /// This week's mean (up to the as-of date).
    public var thisWeek: Double?
    /// Last week's mean.
    public var lastWeek: Double?
    /// Days (nights for sleep) with data this week.
    public var daysWithData: Int
    /// Days of this week up to the as-of date.
    public var daysInWeek: Int
    /// The usual range's SD (canonical; HRV's minimum change is half of it), if known.
    public var referenceSD: Double? = nil
  }

  /// One goal: this week's goal days and its streaks.
  public struct Goal: Sendable {
    /// Goal name from the pipeline file (`active`).
    public var name: String
    /// What it means (`exercise ≥ 30 min or a workout ≥ 20 min`), or "".
    public var description: String
    /// Goal days this week, if known.
    public var daysMet: Int?
    /// Days of this week up to the as-of date.
    public var daysInWeek: Int
    /// Goal days wanted per week, if the goal has a weekly target.
    public var target: Int?
    /// Whether the whole week lies inside the history (its Monday is on or after the first
    /// day with data): only such a week can be "missed".
    public var wholeWeekObserved = true
    /// Whether the weekly row that holds this week calls it missed (its `met` is false only
    /// for a week seen whole and over: docs/streaks.md); nil without such a row.
    public var missed: Bool? = nil
    /// The daily streak, if the goal has one.
    public var daily: StreakRow?
    /// The weekly streak (weeks meeting the target), if the goal has one.
    public var weekly: StreakRow?
  }

  /// Workouts of this week and the week before.
  public struct Workouts: Sendable {
    /// This week's totals (nil: none recorded).
    public var thisWeek: WorkoutSummary.Totals?
    /// Last week's totals.
    public var lastWeek: WorkoutSummary.Totals?
    /// This week by activity type, most minutes first.
    public var byType: [WorkoutSummary.Totals]
  }

  /// One chart: a metric's daily values over last week and this week (14 days from last
  /// week's Monday; days after the as-of date are nil) and each week's mean.
  public struct Chart: Sendable {
    /// The metric's figures (means, days with data).
    public var metric: Metric
    /// Fourteen days, last week's Monday first.
    public var days: [LocalDay]
    /// Displayed daily values.
    public var values: [Double?]
    /// Index of the as-of date in `days` (7...13).
    public var asOfIndex: Int
  }

  /// The as-of date (the last day shown).
  public var asOf: LocalDay
  /// The last day with any data on or before the as-of date.
  public var dataThrough: LocalDay? = nil
  /// When each comparison arrives for a new user, or nil.
  public var calibration: Calibration? = nil
  /// The coaching rule of the as-of day (docs/coaching.md), to keep only lines that hold
  /// for a week.
  public var coachingRule = ""
  /// Monday of the as-of date's ISO week.
  public var monday: LocalDay
  /// Days of this week up to the as-of date (7 on a Sunday).
  public var daysSoFar: Int { monday.distance(to: asOf) + 1 }
  /// Nights with sleep data this week, or nil when the tables hold no sleep at all.
  public var sleepNights: Int?
  /// Days with any key-metric data this week.
  public var daysWithData: Int
  /// Wellness, condition, sleep and body.
  public var scores: [Score]
  /// The as-of day's coaching line, or "".
  public var coaching: String
  /// The pinned metrics, in pinned order.
  public var pinned: [Metric]
  /// Goals in the order of the streaks table.
  public var goals: [Goal]
  /// The habits line (`HabitWords.weekLine`), nil without habits.
  public var habits: String? = nil
  /// Workouts.
  public var workouts: Workouts
  /// Two or three charts: the pinned metrics with data, filled up from sleep, resting heart
  /// rate and steps.
  public var charts: [Chart]
  /// `1 of 3 inputs contributed nothing:` when an input failed or kept nothing, else nil
  /// (the data-quality facts of `ReportMeta`).
  public var inputProblemsHeading: String? = nil
  /// One line per input that failed or kept nothing: its name and why.
  public var inputProblems: [String] = []
  /// File name of the attached full report.
  public var attachmentName: String
  /// Window in days of the attached full report.
  public var attachmentWindow: Int

  /// The ISO week of the as-of date.
  public var isoWeek: ISOWeek { asOf.isoWeek }
  /// Whether the week is not over yet at the as-of date.
  public var partialWeek: Bool { daysSoFar < 7 }
  /// The report's year: dates in other years carry theirs.
  public var year: Int { asOf.components.year }
  /// Whether the week so far has no data at all (the export stops before its Monday): the
  /// message is then three lines saying so (docs/report-inputs.md, "The weekly e-mail").
  public var noDataThisWeek: Bool { dataThrough.map { $0 < monday } ?? true }
}
