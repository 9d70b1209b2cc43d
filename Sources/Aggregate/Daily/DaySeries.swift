import HealthCore

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

  /// A series from values by day.
  public init(values: [LocalDay: Double] = [:], unit: String) {
    self.values = Dictionary(uniqueKeysWithValues: values.map { ($0.key.dayNumber, $0.value) })
    self.unit = unit
  }

  /// The value on `day`, if any.
  @inlinable public func value(on day: LocalDay) -> Double? { values[day.dayNumber] }

  /// Sets the value on a day.
  public mutating func set(_ value: Double, on day: LocalDay) { values[day.dayNumber] = value }

  /// Days with a value, oldest first.
  public var days: [LocalDay] { values.keys.sorted().map(LocalDay.init(dayNumber:)) }

  /// Whether no day has a value.
  public var isEmpty: Bool { values.isEmpty }

  /// The values on the days of `range` that have one, oldest first.
  public func values(in range: ClosedRange<LocalDay>) -> [Double] {
    var out: [Double] = []
    var day = range.lowerBound
    while day <= range.upperBound {
      if let v = values[day.dayNumber] { out.append(v) }
      day = day.adding(days: 1)
    }
    return out
  }

  /// The last day with a value on or before `day`. Looks at the days with values, not at
  /// every calendar day in between, so the cost does not grow with the span (a stray
  /// sample decades before the rest made the day-by-day walk take minutes).
  public func lastDay(onOrBefore day: LocalDay, notBefore floor: LocalDay) -> LocalDay? {
    var best: Int32?
    for d in values.keys where d <= day.dayNumber && d >= floor.dayNumber {
      if best.map({ d > $0 }) ?? true { best = d }
    }
    return best.map(LocalDay.init(dayNumber:))
  }
}
