import HealthCore
import HealthModel

/// Accumulates one plain series (a catalog metric, or a raw metric in one unit) day by day.
final class SeriesAccumulator {
  let metric: MetricID
  let unit: String
  let aggregation: DailyAggregation
  var days: [Int32: DayAccumulator] = [:]
  var counts = MetricCounts()
  /// Whether the series is hrvSDNN (its readings also feed hrvLnSDNN).
  var isSDNN = false
  /// Whether the series is hrvRMSSD (its readings also feed hrvLnRMSSD).
  var isRMSSD = false

  init(metric: MetricID, unit: String, aggregation: DailyAggregation) {
    self.metric = metric
    self.unit = unit
    self.aggregation = aggregation
  }

  /// The daily rows, oldest first.
  func dailyValues(category: String) -> [DailyValue] {
    days.keys.sorted().map { number in
      let acc = days[number]!
      let day = LocalDay(dayNumber: number)
      switch aggregation {
      case .sum:
        return DailyValue(
          day: day, metric: metric, category: category, value: acc.sum, count: acc.count,
          unit: unit)
      case .mean:
        return DailyValue(
          day: day, metric: metric, category: category, value: acc.sum / Double(acc.count),
          minimum: acc.minimum, maximum: acc.maximum, count: acc.count, unit: unit)
      case .last:
        return DailyValue(
          day: day, metric: metric, category: category, value: acc.lastValue, count: acc.count,
          unit: unit)
      }
    }
  }
}
