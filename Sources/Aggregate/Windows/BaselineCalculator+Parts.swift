import HealthCore
import HealthModel

extension BaselineCalculator {
  /// The day's value against yesterday's, base14's and base60's (percent only when the
  /// reference is not 0).
  static func fillDeltas(_ row: inout BaselineRow, value: Double, yesterday: Double?) {
    if let yesterday {
      row.deltaYesterday = value - yesterday
      row.deltaYesterdayPercent = WindowRules.percent(value - yesterday, of: yesterday)
    }
    if let mean = row.base14Mean {
      row.delta14 = value - mean
      row.delta14Percent = WindowRules.percent(value - mean, of: mean)
    }
    if let mean = row.base60Mean {
      row.delta60 = value - mean
      row.delta60Percent = WindowRules.percent(value - mean, of: mean)
    }
  }

  /// The normal range, base60 mean ± max(0.5 SD, the metric's minimum meaningful change),
  /// and where avg7 sits in it.
  static func fillUsualRange(_ row: inout BaselineRow, metric: MetricID) {
    guard let mean = row.base60Mean, let sd = row.base60SD else { return }
    let half = MinimumChange.rangeHalfWidth(
      metric: metric, sd: sd, sdMultiple: WindowRules.rangeHalfWidthSD)
    let low = mean - half
    let high = mean + half
    row.rangeLow = low
    row.rangeHigh = high
    if let avg7 = row.avg7 { row.position = WindowRules.position(avg7, low: low, high: high) }
  }

  /// cv7 (HRV): the coefficient of variation of the last 7 days, or a calibrating note.
  static func fillCV7(_ row: inout BaselineRow, last7: [Double], notes: inout [String]) {
    if last7.count >= WindowRules.cv7MinDays, let mean = Statistics.mean(last7), mean != 0,
      let sd = Statistics.sampleSD(last7)
    {
      row.cv7 = 100 * sd / mean
    } else if last7.count < WindowRules.cv7MinDays {
      notes.append(
        WindowRules.calibrating("cv7", have: last7.count, need: WindowRules.cv7MinDays))
    }
  }
}
