import HealthCore

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
    let goalFrom = min(historyStart, windowStart)
    var goalStates: [(GoalDefinition, [Int32: GoalDayState])] = []
    var goalRows: [DailyValue] = []
    var streaks: [StreakRow] = []
    let recorded = data.recordedDays()
    for goal in settings.goals {
      let evaluator = GoalEvaluator(goal: goal, data: data, recordedDays: recorded)
      var states: [Int32: GoalDayState] = [:]
      for day in goalFrom...asOf {
        let state = evaluator.state(on: day)
        states[day.dayNumber] = state
        if state != .noData, let days, days.contains(day) {
          goalRows.append(
            DailyValue(
              day: day, metric: .goalMet, category: goal.name, value: state.isMet ? 1 : 0,
              count: 1, unit: SeriesUnits.unit(of: .goalMet)))
        }
      }
      let window = (windowStart...asOf).map { states[$0.dayNumber]! }
      streaks += StreakRowBuilder.rows(
        goal: goal, states: window, window: windowStart...asOf, weekStart: settings.weekStart)
      goalStates.append((goal, states))
      for c in goal.conditions where !c.isPerWorkout {
        let fallback = c.metric == .exerciseMinutes && c.category.isEmpty
        if data.series[SeriesKey(c.metric, c.category)] == nil,
          !fallback || data.series[SeriesKey(.activitySummaryExercise)] == nil
        {
          notes.append("goal \(goal.name): no data for \(c.metric) before \(asOf)")
        }
      }
    }
    DailyValue.mergeForTable(&data.values, goalRows)

    // Habits: their own table, never a daily value (docs/habits.md).
    let habits = HabitComputation.rows(settings, data: &data, asOf: asOf, notes: &notes)

    // Windows for the key metrics.
    var baselines: [BaselineRow] = []
    var byMetric: [MetricID: [Int32: BaselineRow]] = [:]
    var keyDataDays: Set<Int32> = []
    if let days {
      var perMetric: [[BaselineRow]] = []
      // ln(RMSSD) gets windows too when someone has it (the condition score's measure
      // without SDNN, docs/aggregate.md); tables without RMSSD stay as they were.
      var metrics = MetricCatalog.keyMetrics
      if !data.series(.hrvLnRMSSD).values.isEmpty { metrics.append(.hrvLnRMSSD) }
      for metric in metrics {
        let series = data.series(metric)
        for day in series.values.keys { keyDataDays.insert(day) }
        let rows = BaselineCalculator.rows(metric: metric, series: series, days: days)
        perMetric.append(rows)
        byMetric[metric] = Dictionary(uniqueKeysWithValues: rows.map { ($0.day.dayNumber, $0) })
      }
      for i in 0..<perMetric.first!.count { for rows in perMetric { baselines.append(rows[i]) } }
    }

    // Scores.
    var scores: [ScoreRow] = []
    let weeklyGoal =
      settings.goals.first { $0.name == "active" && $0.weeklyTarget != nil }
      ?? settings.goals.first { $0.weeklyTarget != nil }
    if let days {
      let builder = ScoreRowBuilder(
        data: data, hrv: byMetric[.hrvLnSDNN] ?? [:], rmssd: byMetric[.hrvLnRMSSD] ?? [:],
        restingHR: byMetric[.restingHeartRate] ?? [:], keyDataDays: keyDataDays,
        recordedDays: recorded, firstRecordedDay: recorded.min(),
        weeklyGoal: weeklyGoal.map { goal in
          (goal, goal.weeklyTarget!, goalStates.first { $0.0.name == goal.name }!.1)
        }, weekStart: settings.weekStart, sleepGoal: SleepGoal(goals: settings.goals))
      scores = days.map(builder.row(for:))
    }

    let weekly =
      days.map {
        WeeklyRowBuilder.rows(data: data, baselines: byMetric, goals: goalStates, days: $0)
      } ?? []

    let pinned = PinnedMetrics.measured(
      PinnedMetrics.resolve(settings.pinned), hasSDNN: !data.series(.hrvLnSDNN).values.isEmpty,
      hasRMSSD: !data.series(.hrvLnRMSSD).values.isEmpty)
    let ignoredPins = PinnedMetrics.ignored(settings.pinned)
    if !ignoredPins.isEmpty {
      notes.append("pinned metrics ignored (unknown): " + ignoredPins.joined(separator: ", "))
    }
    let counts = data.counts
    let after = counts.values.reduce(Int64(0)) { $0 + $1.afterAsOf }
    if after > 0 {
      notes.append("\(after) samples dated after the as-of date \(asOf) were left out")
    }
    let ignored = counts.values.reduce(Int64(0)) { $0 + $1.ignored }
    if ignored > 0 {
      notes.append(
        "\(ignored) samples were ignored (sleep rows with an unknown stage, or amounts over an "
          + "interval longer than 366 days)")
    }

    var facts = AggregateFacts(
      asOf: asOf, settings: settings, pinned: pinned, ignoredPins: ignoredPins,
      windowStart: windowStart, data: data, counts: counts)
    if let days {
      for metric in MetricCatalog.keyMetrics {
        let dates = ArrivalDates.dates(
          metric: metric, series: data.series(metric), rows: byMetric[metric] ?? [:], range: days)
        if !dates.isEmpty { facts.arrivals[metric.rawValue] = dates }
      }
    }
    return AggregateResult(
      daily: data.values, baselines: baselines, scores: scores, streaks: streaks,
      weekly: weekly, facts: facts, notes: notes, counts: counts, analysisRange: days,
      habits: habits, habitDefinitions: settings.habits)
  }
}
