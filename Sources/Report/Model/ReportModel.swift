import HealthCore
import HealthModel

/// Everything a report shows, computed once from the aggregate tables for an as-of date
/// and a window, then written as HTML, Markdown or e-mail by the writers.
public struct ReportModel: Sendable {
  /// The as-of date (the last day of the window).
  public var asOf: LocalDay
  /// Window length in days (7, 30, 90, 182 or 365; see `ReportWindow`).
  public var window: Int
  /// How the charts group days: per day, week or month.
  public var grouping: ReportWindow.Grouping
  /// The window's days, oldest first.
  public var days: [LocalDay]
  /// Coverage in the last 7 days: `6 of 7 nights`.
  public var coverage: String
  /// The last day with any data on or before the as-of date (`dataThrough`).
  public var dataThrough: LocalDay?
  /// The first day with any data (`firstDay`), if known.
  public var firstDay: LocalDay?
  /// Days from `dataThrough` to the as-of date when the as-of date has no data (the same
  /// count the coaching line gives); nil when the data is current.
  public var daysSinceData: Int?
  /// Said at the top when the as-of date has no data at all: `No new data since Mon 1 Jan
  /// (20 days): export again or check the automation.`; nil when the data is current.
  public var staleNotice: String?
  /// The one note for a new user: when each comparison arrives; nil when all are there.
  public var calibration: Calibration?
  /// Sleep days whose night was cut by the export (shown, marked partial, never averaged).
  public var partialNights: Set<LocalDay> = []
  /// Day numbers with any daily value (the days the devices recorded something), over the
  /// days the report read: a goal day without data on such a day is "not measured", on any
  /// other "nothing recorded".
  public var recordedDays: Set<Int32> = []
  /// Scores, status, coaching line and weekly goal progress.
  public var hero: Hero
  /// Pinned metric cards, in pinned order.
  public var cards: [MetricCard]
  /// One series per key metric, in catalog order.
  public var series: [MetricSeries]
  /// Sleep stage minutes per point (night, or the mean night of a week or month).
  public var nights: [ReportSleepNight]
  /// Bedtime and wake time per point.
  public var sleepTimes: SleepTimes
  /// VO₂ max readings (joined), when any exist in the window.
  public var vo2Max: MetricSeries?
  /// Wrist temperature as the deviation from the usual, when any exists in the window.
  public var wristTemperature: MetricSeries?
  /// Blood pressure, when any exists in the window.
  public var bloodPressure: BloodPressure?
  /// Workout minutes and counts per week (or month).
  public var workoutBars: WorkoutBars
  /// Workouts per week and by activity type.
  public var workouts: WorkoutSummary
  /// Goal streaks.
  public var streaks: [StreakRow]
  /// The Habits section; nil when no habit is shown (docs/habits.md).
  public var habits: HabitsSummary? = nil
  /// The as-of week against the week before, per key metric (from the weekly table).
  public var week: [WeekMetric]
  /// The last 12 weeks against the year.
  public var trends: TrendSummary
  /// Data-quality and other header facts.
  public var meta: ReportMeta

  /// The ISO week of the as-of date.
  public var isoWeek: ISOWeek { asOf.isoWeek }
  /// The as-of date's year: any date in another year is written with its year.
  public var reportYear: Int { asOf.components.year }
  /// `Data through Sun 6 Jul · 6 of 7 nights`; when the data stops before the as-of date,
  /// `As of Sun 21 Jan · data through Mon 1 Jan · 0 of 7 nights`.
  public var headline: String {
    guard let through = dataThrough, through < asOf else {
      return "Data through \(LocalDayText.short(asOf, year: reportYear)) · \(coverage)"
    }
    return "As of \(LocalDayText.short(asOf, year: reportYear)) · data through "
      + "\(LocalDayText.short(through, year: reportYear)) · \(coverage)"
  }
  /// `Mon 9 – Sun 15 Nov`: the as-of week, Monday to Sunday.
  public var weekPhrase: String {
    LocalDayText.span(asOf.isoWeek.monday, asOf.isoWeek.monday.adding(days: 6), year: reportYear)
  }
  /// Whether the history is shorter than the window, so the charts start at its first day.
  public var shortHistory = false
  /// `last 30 days`, `last 6 months`, `last 12 months`; for a history shorter than the
  /// window, `days since Wed 11 Nov` (the charts span the days that have data).
  public var windowPhrase: String {
    guard shortHistory, let first = days.first else { return ReportWindow.phrase(window) }
    if grouping == .day, days.count == Buckets.minimumDays { return "last 7 days" }
    return grouping == .day
      ? "days since " + LocalDayText.short(first, year: reportYear)
      : "months since " + LocalDayText.monthYear(first)
  }
}

/// Bedtime and wake time per point, both in minutes after 18:00 of the evening before the
/// sleep day (so a bedtime at 23:30 is 330 and a wake time at 06:45 is 765).
public struct SleepTimes: Sendable {
  /// Each point's first day.
  public var days: [LocalDay]
  /// Bedtime (first asleep start) per point.
  public var bedtime: [Double?]
  /// Wake time (last asleep end) per point.
  public var wake: [Double?]
  /// Days, weeks or months.
  public var grouping: ReportWindow.Grouping
  /// Sample SD of bedtime (minutes) over the last 14 nights that have one (needs 5), as the
  /// sleep score's consistency part measures it.
  public var bedtimeSpread: Double?
  /// Nights the spread is computed from.
  public var spreadNights: Int

  /// Whether any point has a bedtime or wake time.
  public var hasData: Bool { bedtime.contains { $0 != nil } || wake.contains { $0 != nil } }
}

/// Blood pressure per point: the day's mean systolic and diastolic readings (mmHg).
public struct BloodPressure: Sendable {
  /// Each point's first day.
  public var days: [LocalDay]
  /// Systolic per point.
  public var systolic: [Double?]
  /// Diastolic per point.
  public var diastolic: [Double?]
  /// Days, weeks or months.
  public var grouping: ReportWindow.Grouping
}

/// Workouts per week (or month for the 12-month view), from the daily table.
public struct WorkoutBars: Sendable {
  /// Each bar's first day (a Monday, or the first of a month; clipped to the window).
  public var days: [LocalDay]
  /// Workout minutes per bar.
  public var minutes: [Double]
  /// Workouts per bar.
  public var counts: [Int]
  /// `week` or `month`.
  public var unit: String

  /// Whether any bar has a workout.
  public var hasData: Bool { counts.contains { $0 > 0 } || minutes.contains { $0 > 0 } }
}

/// The hero block: wellness score with status, the three part scores and the coaching line.
public struct Hero: Sendable {
  /// One part score.
  public struct Part: Sendable {
    /// `Condition`, `Sleep`, `Body`.
    public var name: String
    /// The score, if there is one.
    public var score: Int64?
    /// Why there is none (`calibrating 3/7`), or "".
    public var note: String
  }
  /// Wellness score 0-100, if there is one.
  public var wellness: Int64?
  /// Status word for the wellness score.
  public var status: String
  /// Why there is no wellness score, or "".
  public var wellnessNote: String
  /// Condition, sleep and body.
  public var parts: [Part]
  /// The coaching line, or "".
  public var coaching: String
  /// `3/5 active days`, or nil when not available.
  public var weeklyGoal: String?
  /// Goal days done this week, and the target, for a progress bar.
  public var weeklyGoalProgress: (done: Int, target: Int)?
}

/// A pinned metric's card.
public struct MetricCard: Sendable {
  /// One comparison line.
  public struct Delta: Sendable {
    /// What it compares with: `vs yesterday`, `vs Sat 14 Nov` (the day before an older
    /// reading), `vs 14-day average`, `vs 60-day average`.
    public var label: String
    /// `+3 ms (+6 %)`, or nil when there is no comparison.
    public var text: String?
    /// Why there is none (`calibrating 5/7`), when `text` is nil.
    public var note: String
  }
  /// How the metric is shown.
  public var presentation: MetricPresentation
  /// The value shown (displayed units): today's, or the last one before.
  public var value: Double?
  /// The day of that value.
  public var valueDay: LocalDay?
  /// `Today`, `Yesterday`, `3d ago`, or `no data`.
  public var freshness: String
  /// More than 3 days old.
  public var stale: Bool
  /// vs the day before, 14-day and 60-day baselines.
  public var deltas: [Delta]
  /// The sparkline's data: the 7 days ending on the value's day (so an old reading still
  /// shows the week it belongs to).
  public var series: MetricSeries
  /// `last 7 days`, or `7 days to Sun 15 Nov` when the value is older than the as-of date.
  public var sparklineCaption: String
}

/// Workouts per ISO week in the window and, for the as-of week, by activity type.
public struct WorkoutSummary: Sendable {
  /// Totals of one week or one activity type.
  public struct Totals: Sendable {
    /// `Week of Mon 7 Jul`, `Jul 2025` or the activity type's name.
    public var label: String
    /// The ISO week (`2025-W27`) of a week's totals, "" otherwise (for matching, never shown).
    public var week: String = ""
    /// Number of workouts.
    public var count: Double?
    /// Minutes (excluding pauses).
    public var minutes: Double?
    /// Active energy, kcal.
    public var energy: Double?
    /// Distance, km.
    public var distance: Double?
  }
  /// One row per week (Monday to Sunday), newest first; per calendar month for the 12-month
  /// view.
  public var weeks: [Totals]
  /// Whether `weeks` holds months.
  public var byMonth = false
  /// The as-of week by activity type, most minutes first.
  public var byType: [Totals]
  /// The as-of week: `Mon 9 – Sun 15 Nov`.
  public var currentWeek: String
}

/// One key metric's week against the week before.
public struct WeekMetric: Sendable {
  /// How the metric is shown.
  public var presentation: MetricPresentation
  /// This week's mean, displayed.
  public var value: Double?
  /// Last week's mean, displayed.
  public var previous: Double?
  /// `below`, `within`, `above` the normal range, or "".
  public var position: String
  /// Days (nights) with data this week.
  public var daysWithData: Int
  /// Days of the week so far.
  public var daysInWeek: Int
  /// The usual range's SD (canonical; HRV's minimum change is half of it), if known.
  public var referenceSD: Double? = nil

  /// The change in words: `+2 bpm`, or `about the same` below the minimum change; nil
  /// when a week has no mean.
  public var change: String? {
    guard let value, let previous else { return nil }
    return ChangeWords.difference(value, from: previous, presentation, referenceSD: referenceSD)
  }
}
