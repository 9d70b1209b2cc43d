import HealthModel

/// The points of a report window, each a range of days (docs/report.md, "Horizons"): every
/// day for 7, 30 and 90 days; the 26 ISO weeks (Monday first, like the weekly table) ending
/// with the as-of week for 6 months; the 12 calendar months ending with the as-of month for
/// a year. The last range ends on the as-of date. A history shorter than the window starts
/// the points at its first day (at least 7 days for daily points): a chart spans the days
/// that have data, not 30 empty slots with four dots at the right edge.
struct Buckets {
  /// The ranges, oldest first.
  private(set) var ranges: [ClosedRange<LocalDay>]
  /// How days are grouped.
  let grouping: ReportWindow.Grouping

  /// Each range's first day.
  var starts: [LocalDay] { ranges.map(\.lowerBound) }
  /// The first day of the window.
  var first: LocalDay { ranges.first!.lowerBound }

  /// Days a daily chart spans at least, however short the history.
  static let minimumDays = 7

  /// The buckets of a window ending on `asOf`; with `firstDay` (the first day with any data)
  /// the points before it are left out, keeping at least `minimumDays` days (daily points)
  /// or one point.
  init(asOf: LocalDay, window: Int, firstDay: LocalDay? = nil) {
    grouping = ReportWindow.grouping(window)
    let dataStart = firstDay.map { min($0, asOf) }
    switch grouping {
    case .day:
      var first = asOf.adding(days: -(max(1, window) - 1))
      if let dataStart, dataStart > first {
        first = min(dataStart, asOf.adding(days: -(min(window, Self.minimumDays) - 1)))
      }
      ranges = (0...first.distance(to: asOf)).map {
        first.adding(days: $0)...first.adding(days: $0)
      }
    case .week:
      let monday = asOf.isoWeek.monday
      ranges = (0..<26).reversed().map { k in
        let start = monday.adding(days: -7 * k)
        return start...min(start.adding(days: 6), asOf)
      }
    case .month:
      let (y, m, _) = asOf.components
      ranges = (0..<12).reversed().map { k in
        let index = y * 12 + (m - 1) - k
        let start = LocalDay(year: index / 12, month: index % 12 + 1, day: 1)!
        let nextIndex = index + 1
        let next = LocalDay(year: nextIndex / 12, month: nextIndex % 12 + 1, day: 1)!
        return start...min(next.adding(days: -1), asOf)
      }
    }
    if grouping != .day, let dataStart {
      let kept = ranges.drop { $0.upperBound < dataStart }
      if !kept.isEmpty { ranges = Array(kept) }
    }
  }

  /// The mean of the values on the days of each range that have one (nil without any).
  func means(_ values: [Int32: Double]) -> [Double?] {
    sums(values).map { $0.days == 0 ? nil : $0.sum / Double($0.days) }
  }

  /// The sum over each range's days, and the number of days with a value.
  func sums(_ values: [Int32: Double]) -> [(sum: Double, days: Int)] {
    ranges.map { r in
      var sum = 0.0
      var n = 0
      var d = r.lowerBound
      while d <= r.upperBound {
        if let v = values[d.dayNumber] {
          sum += v
          n += 1
        }
        d = d.adding(days: 1)
      }
      return (sum, n)
    }
  }

  /// The 25th and 75th percentiles of each range's values (linear interpolation between
  /// the sorted values, as spreadsheets' `PERCENTILE.INC`); nil for a range with fewer than
  /// two values.
  func quartiles(_ values: [Int32: Double]) -> [(low: Double, high: Double)?] {
    ranges.map { r in
      var xs: [Double] = []
      var d = r.lowerBound
      while d <= r.upperBound {
        if let v = values[d.dayNumber] { xs.append(v) }
        d = d.adding(days: 1)
      }
      guard xs.count >= 2 else { return nil }
      xs.sort()
      func q(_ p: Double) -> Double {
        let h = p * Double(xs.count - 1)
        let i = Int(h.rounded(.down))
        return i + 1 < xs.count ? xs[i] + (h - Double(i)) * (xs[i + 1] - xs[i]) : xs[i]
      }
      return (q(0.25), q(0.75))
    }
  }
}
