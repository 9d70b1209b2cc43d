import HealthCore
import HealthModel

/// The aggregate stage as a pure function of the cleaned samples, the as-of date and the
/// settings (docs/aggregate.md). `AggregateStage` adds the file reading and writing.
public enum AggregateComputation {
  /// Aggregates samples given in memory.
  public static func compute(
    samples: some Sequence<Sample>, asOf: LocalDay,
    settings: AggregateSettings = AggregateSettings()
  ) -> AggregateResult {
    let aggregator = DailyAggregator(asOf: asOf)
    aggregator.add(contentsOf: samples)
    return compute(data: aggregator.finish(), asOf: asOf, settings: settings)
  }

  /// Everything after the daily values.
  public static func compute(data input: DailyData, asOf: LocalDay, settings: AggregateSettings)
    -> AggregateResult
  {
    var data = input
    var notes: [String] = []
    let days = AnalysisRange.days(values: data.values, asOf: asOf)
    // The streaks' replayed span (docs/streaks.md): the whole analysed history, or the
    // `backfillDays` ending at as-of when the settings ask for a backfill.
    let historyStart = days?.lowerBound ?? asOf
    let windowStart = settings.backfillDays.map { asOf.adding(days: -($0 - 1)) } ?? historyStart

    // Goals: a state for every day from the analysed range's start (or the window start)
    // to as-of.
    let recorded = data.recordedDays()
    let goals = GoalPass.run(
      settings, data: data, recorded: recorded, days: days, from: min(historyStart, windowStart),
      windowStart: windowStart, asOf: asOf, notes: &notes)
    DailyValue.mergeForTable(&data.values, goals.rows)

    // Habits: their own table, never a daily value (docs/habits.md).
    let habits = HabitComputation.rows(settings, data: &data, asOf: asOf, notes: &notes)

    // Windows for the key metrics.
    let windows = days.map { KeyMetricWindows(data: data, days: $0) } ?? KeyMetricWindows()

    // Scores.
    let scores =
      days.map {
        scoreRows(
          data: data, windows: windows, recorded: recorded, goalStates: goals.states,
          settings: settings, days: $0)
      } ?? []

    let weekly =
      days.map {
        WeeklyRowBuilder.rows(
          data: data, baselines: windows.byMetric, goals: goals.states, days: $0)
      } ?? []

    let pinned = PinnedMetrics.measured(
      PinnedMetrics.resolve(settings.pinned), hasSDNN: !data.series(.hrvLnSDNN).values.isEmpty,
      hasRMSSD: !data.series(.hrvLnRMSSD).values.isEmpty)
    let ignoredPins = PinnedMetrics.ignored(settings.pinned)
    let counts = data.counts
    appendNotes(ignoredPins: ignoredPins, counts: counts, asOf: asOf, to: &notes)

    var facts = AggregateFacts(
      asOf: asOf, settings: settings, pinned: pinned, ignoredPins: ignoredPins,
      windowStart: windowStart, data: data, counts: counts)
    if let days {
      for metric in MetricCatalog.keyMetrics {
        let dates = ArrivalDates.dates(
          metric: metric, series: data.series(metric), rows: windows.byMetric[metric] ?? [:],
          range: days)
        if !dates.isEmpty { facts.arrivals[metric.rawValue] = dates }
      }
    }
    let streaks = goals.streaks
    let baselines = windows.baselines
    return AggregateResult(
      daily: data.values, baselines: baselines, scores: scores, streaks: streaks,
      weekly: weekly, facts: facts, notes: notes, counts: counts, analysisRange: days,
      habits: habits, habitDefinitions: settings.habits)
  }
}
