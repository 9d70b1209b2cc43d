import HealthCore

/// Everything a report shows, computed once from the aggregate tables for an as-of date
/// and a window, then written as HTML, Markdown or e-mail by the writers.
public struct ReportModel: Sendable {
  /// The as-of date (the last day of the window).
  public var asOf: LocalDay
  /// Window length in days (7, 30 or 90).
  public var window: Int
  /// The window's days, oldest first.
  public var days: [LocalDay]
  /// Coverage in the last 7 days: `6 of 7 nights`.
  public var coverage: String
  /// Scores, status, coaching line and weekly goal progress.
  public var hero: Hero
  /// Pinned metric cards, in pinned order.
  public var cards: [MetricCard]
  /// One series per key metric, in catalog order.
  public var series: [MetricSeries]
  /// Sleep stage minutes per night over the window, oldest first.
  public var nights: [SleepNight]
  /// Workouts per week and by activity type.
  public var workouts: WorkoutSummary
  /// Goal streaks.
  public var streaks: [StreakRow]
  /// The as-of week against the week before, per key metric (from the weekly table).
  public var week: [WeekMetric]
  /// Data-quality and other header facts.
  public var meta: ReportMeta

  /// The ISO week of the as-of date.
  public var isoWeek: ISOWeek { asOf.isoWeek }
  /// `Data through Sun 6 Jul · 6 of 7 nights`.
  public var headline: String { "Data through \(asOf.shortLabel) · \(coverage)" }
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
    /// `vs yesterday`, `vs 14d`, `vs 60d`.
    public var label: String
    /// `+3 ms (+6%)`, or nil when there is no comparison.
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
  /// vs yesterday, 14-day and 60-day baselines.
  public var deltas: [Delta]
  /// The 7-day sparkline's data (the last 7 days of the window).
  public var series: MetricSeries
}

/// Workouts per ISO week in the window and, for the as-of week, by activity type.
public struct WorkoutSummary: Sendable {
  /// Totals of one week or one activity type.
  public struct Totals: Sendable {
    /// ISO week (`2025-W27`) or the activity type's name.
    public var label: String
    /// Number of workouts.
    public var count: Double?
    /// Minutes (excluding pauses).
    public var minutes: Double?
    /// Active energy, kcal.
    public var energy: Double?
    /// Distance, km.
    public var distance: Double?
  }
  /// One row per week, newest first.
  public var weeks: [Totals]
  /// The as-of week by activity type, most minutes first.
  public var byType: [Totals]
  /// The as-of week.
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
}
