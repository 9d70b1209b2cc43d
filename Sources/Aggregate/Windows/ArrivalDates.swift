import HealthCore
import HealthModel

/// When each window of a key metric arrives (docs/aggregate.md, "Arrival dates"): `avg7`,
/// `base14`, `base60` (the usual range) and `trend` (the report's trend sentences).
///
/// - A window valid on the as-of date arrived on the first day of its current run of
///   valid days (within the analysis range).
/// - Otherwise it arrives on the first day after the as-of date on which it would be valid
///   if the metric had a value every day from the day after the as-of date on
///   (`WindowArrival.projected`).
///
/// A metric without any value has no arrival dates.
enum ArrivalDates {
  /// The windows of the baselines, from `WindowRules`.
  static let baselineWindows: [(name: String, window: WindowArrival.Window)] = [
    ("avg7", WindowArrival.Window(first: -6, last: 0, need: WindowRules.avg7MinDays)),
    ("base14", WindowArrival.Window(first: -14, last: -1, need: WindowRules.base14MinDays)),
    ("base60", WindowArrival.Window(first: -60, last: -1, need: WindowRules.base60MinDays)),
  ]

  /// The arrival date of each window of `metric`, by window name.
  static func dates(
    metric: MetricID, series: DaySeries, rows: [Int32: BaselineRow],
    range: ClosedRange<LocalDay>
  ) -> [String: LocalDay] {
    guard !series.isEmpty else { return [:] }
    let asOf = range.upperBound
    let dataDays = Set(series.values.keys)
    let counts = PrefixCounts(days: dataDays, from: range.lowerBound.adding(days: -400), to: asOf)
    var out: [String: LocalDay] = [:]
    for (name, window) in baselineWindows {
      let valid: (LocalDay) -> Bool = { d in
        guard let r = rows[d.dayNumber] else { return false }
        switch name {
        case "avg7": return r.avg7 != nil
        case "base14": return r.base14Mean != nil
        default: return r.base60Mean != nil
        }
      }
      out[name] =
        valid(asOf)
        ? runStart(asOf, within: range, valid)
        : projected([window], counts: counts, asOf: asOf)
    }
    let trend = TrendWindows.windows(for: metric)
    let trendValid: (LocalDay) -> Bool = { d in
      trend.allSatisfy {
        counts.count(d.adding(days: $0.first), d.adding(days: $0.last)) >= $0.need
      }
    }
    out["trend"] =
      trendValid(asOf)
      ? runStart(asOf, within: range, trendValid)
      : projected(trend, counts: counts, asOf: asOf)
    return out
  }

  /// `WindowArrival.projected` with the days with data counted from running totals: the
  /// same day, without a set lookup per day of every window of every day tried (a trend
  /// window is a year long). `counts` spans 400 days before the range, and a window of a
  /// day after `asOf` reaches at most 364 days back from it.
  static func projected(
    _ windows: [WindowArrival.Window], counts: PrefixCounts, asOf: LocalDay
  ) -> LocalDay {
    WindowArrival.projected(windows, asOf: asOf) { counts.count($0, $1) }
  }

  /// The first day of the run of valid days ending at `day` (not before the range).
  static func runStart(
    _ day: LocalDay, within range: ClosedRange<LocalDay>, _ valid: (LocalDay) -> Bool
  ) -> LocalDay {
    var start = day
    while start > range.lowerBound, valid(start.adding(days: -1)) {
      start = start.adding(days: -1)
    }
    return start
  }

  /// Days with data in any span of days, from running totals.
  struct PrefixCounts {
    let first: Int32
    /// totals[i] = days with data in [first, first + i − 1].
    var totals: [Int] = [0]

    init(days: Set<Int32>, from: LocalDay, to: LocalDay) {
      first = from.dayNumber
      var n = 0
      var d = from.dayNumber
      while d <= to.dayNumber {
        if days.contains(d) { n += 1 }
        totals.append(n)
        d += 1
      }
    }

    /// Days with data in [a, b] (clipped to the span counted).
    func count(_ a: LocalDay, _ b: LocalDay) -> Int { count(a.dayNumber, b.dayNumber) }

    /// Days with data in [a, b], day numbers (clipped to the span counted).
    func count(_ a: Int32, _ b: Int32) -> Int {
      let lo = max(0, Int(a) - Int(first))
      let hi = min(totals.count - 1, Int(b) - Int(first) + 1)
      return hi > lo ? totals[hi] - totals[lo] : 0
    }
  }
}
