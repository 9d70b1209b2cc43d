import HealthCore
import HealthModel

/// Accumulates one plain series (a catalog metric, or a raw metric in one unit) day by day.
///
/// A series' rows come in time order, so nearly every row adds to the day of the row
/// before: that day's slot is remembered, and only a new day looks its number up
/// (docs/performance.md, "Aggregate on the iPhone + Watch shape"). The properties a row
/// touches skip the runtime exclusivity check (one aggregator fills a series, one row at a
/// time).
final class SeriesAccumulator {
  let metric: MetricID
  let unit: String
  let aggregation: DailyAggregation
  /// Each day's slot in `totals`, by day number.
  @exclusivity(unchecked) private var slots: [Int32: Int] = [:]
  /// Each day's running totals, in order of the day's first row.
  @exclusivity(unchecked) private var totals: [DayAccumulator] = []
  /// The day of the last row and its slot (-1 before the first row).
  @exclusivity(unchecked) private var lastDay: Int32 = 0
  @exclusivity(unchecked) private var lastSlot = -1
  @exclusivity(unchecked) var counts = MetricCounts()
  /// Whether the series is hrvSDNN (its readings also feed hrvLnSDNN).
  var isSDNN = false
  /// Whether the series is hrvRMSSD (its readings also feed hrvLnRMSSD).
  var isRMSSD = false

  init(metric: MetricID, unit: String, aggregation: DailyAggregation) {
    self.metric = metric
    self.unit = unit
    self.aggregation = aggregation
  }

  /// Adds to the running totals of day `day` (a day number), made empty on its first use.
  @inline(__always)
  func update(day: Int32, _ body: (inout DayAccumulator) -> Void) {
    let slot = lastSlot >= 0 && lastDay == day ? lastSlot : slot(of: day)
    body(&totals[slot])
  }

  @inline(never)
  private func slot(of day: Int32) -> Int {
    let slot: Int
    if let known = slots[day] {
      slot = known
    } else {
      slot = totals.count
      totals.append(DayAccumulator())
      slots[day] = slot
    }
    lastDay = day
    lastSlot = slot
    return slot
  }

  /// The daily rows, oldest first.
  func dailyValues(category: String) -> [DailyValue] {
    slots.keys.sorted().map { number in
      let acc = totals[slots[number]!]
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
