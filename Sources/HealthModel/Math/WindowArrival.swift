/// When a window of days first has enough days with data (docs/aggregate.md, "Arrival
/// dates"): the date the report gives for "your usual range arrives around Thu 21 Jan".
public enum WindowArrival {
  /// The days of a window relative to its day d, and the days with data it needs.
  public struct Window: Sendable, Hashable {
    /// Offset of the window's first day from d (−6 for [d−6, d]).
    public var first: Int
    /// Offset of its last day from d (0 for [d−6, d], −1 for [d−14, d−1]).
    public var last: Int
    /// Days with data it needs.
    public var need: Int

    /// A window [d + first, d + last] that needs `need` days with data.
    public init(first: Int, last: Int, need: Int) {
      self.first = first
      self.last = last
      self.need = need
    }
  }

  /// The first day after `asOf` on which every window of `windows` has its days, if the
  /// metric has a value every day after `asOf` (the days on or before it count as they
  /// are: `dataDays`, day numbers). Always found: a window is at most a year long.
  public static func projected(_ windows: [Window], dataDays: Set<Int32>, asOf: LocalDay)
    -> LocalDay
  {
    projected(windows, asOf: asOf) { from, to in
      (from...to).reduce(0) { $0 + (dataDays.contains($1) ? 1 : 0) }
    }
  }

  /// `projected(_:dataDays:asOf:)` with the days with data on or before `asOf` counted by
  /// `dataDaysIn(from, to)` (day numbers, both included, `to` ≤ `asOf`): for a caller that
  /// counts them from running totals instead of a set lookup per day (aggregate's
  /// `ArrivalDates`: a trend window is a year long).
  public static func projected(
    _ windows: [Window], asOf: LocalDay, dataDaysIn: (Int32, Int32) -> Int
  ) -> LocalDay {
    let longest = windows.map { -$0.first + $0.need }.max() ?? 0
    let cut = asOf.dayNumber
    var d = asOf.adding(days: 1)
    for _ in 0...(longest + 1) {
      let ready = windows.allSatisfy { window in
        // Days after `asOf` all count; those on or before it count where they have data.
        let from = d.dayNumber + Int32(window.first)
        let to = d.dayNumber + Int32(window.last)
        var n = max(0, Int(to) - Int(max(from, cut + 1)) + 1)
        if from <= cut { n += dataDaysIn(from, min(to, cut)) }
        return n >= window.need
      }
      if ready { return d }
      d = d.adding(days: 1)
    }
    return d
  }
}
