import HealthCore
import HealthModel

/// Builds `baselines` rows (docs/aggregate.md, "Windows") for one key metric.
///
/// For day d: avg7 over [d−6, d] (≥ 4 days), base14 over [d−14, d−1] (≥ 7), base60 over
/// [d−60, d−1] (≥ 21), each mean with its sample SD; deltas of the day's value against
/// yesterday, base14 and base60 (percent only when the reference is not 0); the normal range
/// base60 mean ± max(0.5 SD, the metric's minimum meaningful change) and where avg7 sits in
/// it; cv7 for HRV; freshness. A window with too few days has no value and a note
/// (`base14 calibrating 5/7`, notes joined by `; `). Days after the metric's last data day
/// have no avg7, position or cv7: nothing there describes current data.
public enum BaselineCalculator {
  /// The rows for every day of `days`, oldest first.
  public static func rows(
    metric: MetricID, series: DaySeries, days: ClosedRange<LocalDay>
  ) -> [BaselineRow] {
    var out: [BaselineRow] = []
    out.reserveCapacity(days.lowerBound.distance(to: days.upperBound) + 1)
    var lastDay: LocalDay? = series.lastDay(
      onOrBefore: days.lowerBound.adding(days: -1),
      notBefore: series.days.first ?? days.lowerBound)
    let dataEnd = series.lastDay(
      onOrBefore: days.upperBound, notBefore: series.days.first ?? days.lowerBound)
    var day = days.lowerBound
    while day <= days.upperBound {
      if series.value(on: day) != nil { lastDay = day }
      out.append(
        row(metric: metric, series: series, day: day, lastDay: lastDay, dataEnd: dataEnd))
      day = day.adding(days: 1)
    }
    return out
  }

  /// The row for one day, given the last day with data on or before it and the metric's
  /// last day with data in the whole range (`dataEnd`; nil: no cut). After `dataEnd` the
  /// row keeps its baselines and usual range but has no avg7, position or cv7
  /// (docs/aggregate.md, "Windows": lines and "vs usual" stop at the last day with data).
  public static func row(
    metric: MetricID, series: DaySeries, day d: LocalDay, lastDay: LocalDay?,
    dataEnd: LocalDay? = nil
  ) -> BaselineRow {
    var row = BaselineRow(day: d, metric: metric, unit: series.unit)
    var notes: [String] = []
    let value = series.value(on: d)
    row.value = value

    let last7 = series.values(in: d.adding(days: -6)...d)
    row.avg7Days = Int64(last7.count)
    let current = dataEnd.map { d <= $0 } ?? true
    if last7.count >= WindowRules.avg7MinDays, current {
      row.avg7 = Statistics.mean(last7)
    } else if last7.count < WindowRules.avg7MinDays {
      notes.append(
        WindowRules.calibrating("avg7", have: last7.count, need: WindowRules.avg7MinDays))
    }

    let prior14 = series.values(in: d.adding(days: -14)...d.adding(days: -1))
    row.base14Days = Int64(prior14.count)
    if prior14.count >= WindowRules.base14MinDays {
      row.base14Mean = Statistics.mean(prior14)
      row.base14SD = Statistics.sampleSD(prior14)
    } else {
      notes.append(
        WindowRules.calibrating("base14", have: prior14.count, need: WindowRules.base14MinDays))
    }

    let prior60 = series.values(in: d.adding(days: -60)...d.adding(days: -1))
    row.base60Days = Int64(prior60.count)
    if prior60.count >= WindowRules.base60MinDays {
      row.base60Mean = Statistics.mean(prior60)
      row.base60SD = Statistics.sampleSD(prior60)
    } else {
      notes.append(
        WindowRules.calibrating("base60", have: prior60.count, need: WindowRules.base60MinDays))
    }

    if let value { fillDeltas(&row, value: value, yesterday: series.value(on: d.adding(days: -1))) }
    fillUsualRange(&row, metric: metric)
    if metric == .hrvLnSDNN || metric == .hrvLnRMSSD, current {
      fillCV7(&row, last7: last7, notes: &notes)
    }

    if let lastDay {
      let ago = lastDay.distance(to: d)
      row.lastDay = lastDay
      row.freshness = WindowRules.freshness(daysAgo: ago)
      row.stale = ago > WindowRules.staleAfterDays
    }
    row.note = notes.joined(separator: "; ")
    return row
  }
}
