import HealthCore

/// The facts the aggregate stage writes into every output table's header `meta`, for the
/// report (docs/aggregate.md lists every key).
enum AggregateMeta {
  static func facts(
    asOf: LocalDay, settings: AggregateSettings, pinned: [MetricID], windowStart: LocalDay,
    data: DailyData, counts: [MetricID: MetricCounts]
  ) -> [String: String] {
    var meta: [String: String] = [
      "asOf": asOf.description,
      "pinned": pinned.map(\.rawValue).joined(separator: ","),
      "weekStart": settings.weekStart.rawValue,
      "keyMetrics": MetricCatalog.keyMetrics.map(\.rawValue).joined(separator: ","),
      "goals": settings.goals.map(\.name).joined(separator: ","),
      "backfillDays": String(settings.backfillDays),
      "windowStart": windowStart.description,
    ]
    if let target = settings.weeklyActiveTarget { meta["weeklyActiveTarget"] = String(target) }
    for goal in settings.goals {
      meta["goal.\(goal.name).description"] = goal.description
      meta["goal.\(goal.name).conditions"] = goal.conditions.map(\.summary).joined(
        separator: " or ")
      if let t = goal.weeklyTarget { meta["goal.\(goal.name).weeklyTarget"] = String(t) }
    }
    if let first = data.firstDay { meta["firstDay"] = first.description }
    if let last = data.lastDay { meta[SharedMetaKey.dataThrough] = last.description }
    let last7 = asOf.adding(days: -6)...asOf
    meta["coverage.nights7"] = String(data.series(.sleepAsleep).values(in: last7).count)
    var days = Set<Int32>()
    for metric in MetricCatalog.keyMetrics {
      for d in data.series(metric).values.keys where last7.contains(LocalDay(dayNumber: d)) {
        days.insert(d)
      }
    }
    meta["coverage.days7"] = String(days.count)
    let totals = counts.values.reduce(into: MetricCounts()) {
      $0.read += $1.read
      $0.used += $1.used
      $0.afterAsOf += $1.afterAsOf
      $0.ignored += $1.ignored
    }
    meta["samples.read"] = String(totals.read)
    meta["samples.used"] = String(totals.used)
    meta["samples.afterAsOf"] = String(totals.afterAsOf)
    meta["samples.ignored"] = String(totals.ignored)
    return meta
  }
}
