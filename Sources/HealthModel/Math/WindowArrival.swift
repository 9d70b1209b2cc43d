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

    /// Days with data in the window of `d`: the days of `dataDays` on or before `asOf`,
    /// and every day after `asOf`.
    func count(on d: LocalDay, dataDays: Set<Int32>, asOf: LocalDay) -> Int {
      let from = Int(d.dayNumber) + first
      let to = Int(d.dayNumber) + last
      let cut = Int(asOf.dayNumber)
      var n = max(0, to - max(from, cut + 1) + 1)
      if from <= cut {
        for day in from...min(to, cut) where dataDays.contains(Int32(day)) { n += 1 }
      }
      return n
    }
  }

  /// The first day after `asOf` on which every window of `windows` has its days, if the
  /// metric has a value every day after `asOf` (the days on or before it count as they
  /// are: `dataDays`, day numbers). Always found: a window is at most a year long.
  public static func projected(_ windows: [Window], dataDays: Set<Int32>, asOf: LocalDay)
    -> LocalDay
  {
    let longest = windows.map { -$0.first + $0.need }.max() ?? 0
    var d = asOf.adding(days: 1)
    for _ in 0...(longest + 1) {
      if windows.allSatisfy({ $0.count(on: d, dataDays: dataDays, asOf: asOf) >= $0.need }) {
        return d
      }
      d = d.adding(days: 1)
    }
    return d
  }
}
