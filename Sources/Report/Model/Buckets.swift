import HealthCore

/// The points of a report window, each a range of days (docs/report.md, "Horizons"): every
/// day for 7, 30 and 90 days; the 26 ISO weeks (Monday first, like the weekly table) ending
/// with the as-of week for 6 months; the 12 calendar months ending with the as-of month for
/// a year. The last range ends on the as-of date.
struct Buckets {
  /// The ranges, oldest first.
  let ranges: [ClosedRange<LocalDay>]
  /// How days are grouped.
  let grouping: ReportWindow.Grouping

  /// Each range's first day.
  var starts: [LocalDay] { ranges.map(\.lowerBound) }
  /// The first day of the window.
  var first: LocalDay { ranges.first!.lowerBound }

  /// The buckets of a window ending on `asOf`.
  init(asOf: LocalDay, window: Int) {
    grouping = ReportWindow.grouping(window)
    switch grouping {
    case .day:
      let first = asOf.adding(days: -(max(1, window) - 1))
      ranges = (0..<max(1, window)).map { first.adding(days: $0)...first.adding(days: $0) }
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
}
