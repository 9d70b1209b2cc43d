/// Running totals of one series on one day: sum, count, min, max and the last value.
struct DayAccumulator {
  var sum = 0.0
  var count: Int64 = 0
  var minimum = Double.infinity
  var maximum = -Double.infinity
  var lastValue = 0.0
  var lastKey = LastKey(start: .min, end: .min, file: .min, record: .min)

  /// Orders samples for "the day's last value": by start, then end, then origin, so the
  /// choice never depends on row order.
  struct LastKey: Comparable {
    var start: Int64
    var end: Int64
    var file: Int32
    var record: Int64
    static func < (a: LastKey, b: LastKey) -> Bool {
      (a.start, a.end, a.file, a.record) < (b.start, b.end, b.file, b.record)
    }
  }

  /// Adds a share of a cumulative sample.
  @inline(__always)
  mutating func addShare(_ value: Double) {
    sum += value
    count += 1
  }

  /// Adds a reading for a mean (with the sample's own min/max where it gave them).
  @inline(__always)
  mutating func addReading(_ value: Double, minimum low: Double?, maximum high: Double?) {
    sum += value
    count += 1
    minimum = Swift.min(minimum, low ?? value)
    maximum = Swift.max(maximum, high ?? value)
  }

  /// Offers a reading for "the day's last value".
  @inline(__always)
  mutating func addLast(_ value: Double, key: LastKey) {
    count += 1
    if key >= lastKey {
      lastKey = key
      lastValue = value
    }
  }
}
