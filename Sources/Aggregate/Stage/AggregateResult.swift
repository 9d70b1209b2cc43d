import HealthCore
import HealthModel

/// The tables of the aggregate stage, in memory, before they are written.
public struct AggregateResult: Sendable {
  /// `daily` rows, by day, metric, category.
  public var daily: [DailyValue]
  /// `baselines` rows, by day and key-metric order.
  public var baselines: [BaselineRow]
  /// `scores` rows, by day.
  public var scores: [ScoreRow]
  /// `streaks` rows, by goal (settings order), daily before weekly.
  public var streaks: [StreakRow]
  /// `weekly` rows, by week; key metrics, workouts, goals.
  public var weekly: [WeeklyRow]
  /// Facts for the table headers (as-of, pinned metrics, goals, coverage); the stage adds
  /// the inputs, rejects and data-quality facts when it writes them.
  public var facts: AggregateFacts
  /// Remarks for the manifest.
  public var notes: [String]
  /// What happened to each metric's samples.
  public var counts: [MetricID: MetricCounts]
  /// The days that get baselines, scores, weekly rows and a `daily.csv` line
  /// (`AnalysisRange`); nil without data on or before as-of.
  public var analysisRange: ClosedRange<LocalDay>? = nil
  /// `habits` rows: by habit (in `habitDefinitions` order), then day (docs/habits.md).
  public var habits: [HabitDayRow] = []
  /// The habits tracked, in the order reports list them.
  public var habitDefinitions: [HabitDefinition] = []
}
