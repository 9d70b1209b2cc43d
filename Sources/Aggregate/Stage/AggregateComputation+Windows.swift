import HealthCore
import HealthModel

/// The baseline windows of the key metrics over the analysed days (docs/aggregate.md).
struct KeyMetricWindows {
  /// The baseline rows, day by day, the metrics of a day in catalog order.
  var baselines: [BaselineRow] = []
  /// Each metric's rows by day number.
  var byMetric: [MetricID: [Int32: BaselineRow]] = [:]
  /// The days on which any key metric has a value.
  var keyDataDays: Set<Int32> = []

  /// No windows (no analysed days).
  init() {}

  /// The windows of every key metric over `days`.
  init(data: DailyData, days: ClosedRange<LocalDay>) {
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
}

extension AggregateComputation {
  /// The score rows of the analysed days.
  static func scoreRows(
    data: DailyData, windows: KeyMetricWindows, recorded: Set<Int32>,
    goalStates: [(GoalDefinition, [Int32: GoalDayState])], settings: AggregateSettings,
    days: ClosedRange<LocalDay>
  ) -> [ScoreRow] {
    let weeklyGoal =
      settings.goals.first { $0.name == "active" && $0.weeklyTarget != nil }
      ?? settings.goals.first { $0.weeklyTarget != nil }
    let byMetric = windows.byMetric
    let builder = ScoreRowBuilder(
      data: data, hrv: byMetric[.hrvLnSDNN] ?? [:], rmssd: byMetric[.hrvLnRMSSD] ?? [:],
      restingHR: byMetric[.restingHeartRate] ?? [:], keyDataDays: windows.keyDataDays,
      recordedDays: recorded, firstRecordedDay: recorded.min(),
      weeklyGoal: weeklyGoal.map { goal in
        (goal, goal.weeklyTarget!, goalStates.first { $0.0.name == goal.name }!.1)
      }, weekStart: settings.weekStart, sleepGoal: SleepGoal(goals: settings.goals))
    return days.map(builder.row(for:))
  }

  /// The notes on ignored pins, samples after as-of and ignored samples, in that order.
  static func appendNotes(
    ignoredPins: [String], counts: [MetricID: MetricCounts], asOf: LocalDay,
    to notes: inout [String]
  ) {
    if !ignoredPins.isEmpty {
      notes.append("pinned metrics ignored (unknown): " + ignoredPins.joined(separator: ", "))
    }
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
  }
}
