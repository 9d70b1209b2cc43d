import HealthModel

/// Identifies a daily series: a metric id and its split ("" = total).
public struct SeriesKey: Hashable, Sendable, Comparable {
  /// Metric id.
  public var metric: MetricID
  /// Split (activity type, goal name, a unit for raw metrics seen in several units), or "".
  public var category: String

  /// Creates a key.
  public init(_ metric: MetricID, _ category: String = "") {
    self.metric = metric
    self.category = category
  }

  /// Orders by metric id, then split.
  public static func < (a: SeriesKey, b: SeriesKey) -> Bool {
    (a.metric.rawValue, a.category) < (b.metric.rawValue, b.category)
  }
}

/// One daily series: the value on each day that has one.
public struct DaySeries: Sendable, Hashable {
  /// Values by day number.
  public private(set) var values: [Int32: Double]
  /// Unit of the values.
  public var unit: String
  /// The same values as days and values in day order, for reading a range of days without a
  /// lookup per calendar day (the baselines read a 14- and a 60-day window for every day).
  private var orderedDays: [Int32] = []
  private var orderedValues: [Double] = []

  /// A series from values by day.
  public init(values: [LocalDay: Double] = [:], unit: String) {
    self.values = Dictionary(uniqueKeysWithValues: values.map { ($0.key.dayNumber, $0.value) })
    self.unit = unit
    orderedDays = self.values.keys.sorted()
    orderedValues = orderedDays.map { self.values[$0]! }
  }

  /// The value on `day`, if any.
  @inlinable public func value(on day: LocalDay) -> Double? { values[day.dayNumber] }

  /// Sets the value on a day.
  public mutating func set(_ value: Double, on day: LocalDay) {
    let d = day.dayNumber
    values[d] = value
    // Days come in order when a series is built (`DailyAggregator.finish`): an append.
    if let last = orderedDays.last, last >= d {
      let i = firstIndex(notBefore: d)
      if i < orderedDays.count && orderedDays[i] == d {
        orderedValues[i] = value
      } else {
        orderedDays.insert(d, at: i)
        orderedValues.insert(value, at: i)
      }
    } else {
      orderedDays.append(d)
      orderedValues.append(value)
    }
  }

  /// Days with a value, oldest first.
  public var days: [LocalDay] { orderedDays.map(LocalDay.init(dayNumber:)) }

  /// Whether no day has a value.
  public var isEmpty: Bool { values.isEmpty }

  /// The values on the days of `range` that have one, oldest first.
  public func values(in range: ClosedRange<LocalDay>) -> [Double] {
    var out: [Double] = []
    var i = firstIndex(notBefore: range.lowerBound.dayNumber)
    let end = range.upperBound.dayNumber
    while i < orderedDays.count && orderedDays[i] <= end {
      out.append(orderedValues[i])
      i += 1
    }
    return out
  }

  /// The last day with a value on or before `day`. Looks at the days with values, not at
  /// every calendar day in between, so the cost does not grow with the span (a stray
  /// sample decades before the rest made the day-by-day walk take minutes).
  public func lastDay(onOrBefore day: LocalDay, notBefore floor: LocalDay) -> LocalDay? {
    let i = day.dayNumber == .max ? orderedDays.count : firstIndex(notBefore: day.dayNumber + 1)
    guard i > 0, orderedDays[i - 1] >= floor.dayNumber else { return nil }
    return LocalDay(dayNumber: orderedDays[i - 1])
  }

  /// The index of the first day on or after `d` in `orderedDays`.
  private func firstIndex(notBefore d: Int32) -> Int {
    var lo = 0
    var hi = orderedDays.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if orderedDays[mid] < d { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }
}
