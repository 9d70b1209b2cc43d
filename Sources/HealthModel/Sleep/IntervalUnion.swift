/// The length of a union of half-open intervals [start, end) in seconds: overlapping or
/// touching intervals count once (docs/clean.md, "Source priority": the asleep total is
/// the union of its asleep intervals, never a sum of overlaps).
public enum IntervalUnion {
  /// Seconds covered by at least one interval. Empty or reversed intervals add nothing.
  public static func seconds(_ intervals: [(start: Int64, end: Int64)]) -> Int64 {
    let sorted = intervals.filter { $0.end > $0.start }.sorted {
      ($0.start, $0.end) < ($1.start, $1.end)
    }
    var total: Int64 = 0
    var current: (start: Int64, end: Int64)?
    for interval in sorted {
      if let c = current, interval.start <= c.end {
        current = (c.start, max(c.end, interval.end))
      } else {
        if let c = current { total += c.end - c.start }
        current = interval
      }
    }
    if let c = current { total += c.end - c.start }
    return total
  }
}
