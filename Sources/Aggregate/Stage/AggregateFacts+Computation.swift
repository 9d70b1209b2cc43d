import HealthCore
import HealthModel

extension AggregateFacts {
  /// The facts the aggregate computation knows (docs/aggregate.md lists every key): as-of,
  /// pinned metrics, settings, the first and last day with data, 7-day coverage and the
  /// sample counts. The stage adds the inputs, rejects and data-quality facts.
  init(
    asOf: LocalDay, settings: AggregateSettings, pinned: [MetricID], ignoredPins: [String],
    windowStart: LocalDay, data: DailyData, counts: [MetricID: MetricCounts]
  ) {
    let last7 = asOf.adding(days: -6)...asOf
    var days = Set<Int32>()
    for metric in MetricCatalog.keyMetrics {
      for d in data.series(metric).values.keys where last7.contains(LocalDay(dayNumber: d)) {
        days.insert(d)
      }
    }
    let totals = counts.values.reduce(into: MetricCounts()) {
      $0.read += $1.read
      $0.used += $1.used
      $0.afterAsOf += $1.afterAsOf
      $0.ignored += $1.ignored
    }
    self.init(
      asOf: asOf, dataThrough: data.lastDay, firstDay: data.firstDay,
      pinned: pinned.map(\.rawValue), pinnedIgnored: ignoredPins, weekStart: settings.weekStart,
      keyMetrics: MetricCatalog.keyMetrics.map(\.rawValue),
      goals: settings.goals.map { goal in
        Goal(
          name: goal.name, description: goal.description,
          conditions: goal.conditions.map(\.summary).joined(separator: " or "),
          weeklyTarget: goal.weeklyTarget)
      },
      weeklyActiveTarget: settings.weeklyActiveTarget, backfillDays: settings.backfillDays,
      windowStart: windowStart, nightsLast7: data.series(.sleepAsleep).values(in: last7).count,
      daysLast7: days.count,
      samples: SampleCounts(
        read: totals.read, used: totals.used, afterAsOf: totals.afterAsOf,
        ignored: totals.ignored),
      daysSinceData: data.lastDay.map { $0.distance(to: asOf) },
      lastDays: Self.lastDays(data, asOf: asOf),
      partialNights: data.partialNights.keys.filter { $0 <= asOf }.sorted(),
      sleepGoalMinutes: SleepGoal(goals: settings.goals).minutes)
  }

  /// Each key metric's last day with a value on or before as-of.
  static func lastDays(_ data: DailyData, asOf: LocalDay) -> [String: LocalDay] {
    var out: [String: LocalDay] = [:]
    for metric in MetricCatalog.keyMetrics {
      let series = data.series(metric)
      guard let first = series.days.first else { continue }
      if let d = series.lastDay(onOrBefore: asOf, notBefore: first) { out[metric.rawValue] = d }
    }
    return out
  }
}
