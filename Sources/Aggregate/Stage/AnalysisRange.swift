import HealthCore
import HealthModel

/// The days that get baselines, scores and weekly rows: from the start of the latest
/// stretch of data that reaches the as-of date without a gap longer than `maxGapDays`, to
/// as-of.
///
/// Without this bound the work grows with the calendar span rather than with the data: one
/// stray sample dated 0001-01-01 (a device clock error) made aggregate compute rows for
/// 740,000 days and run out of memory. Decision (docs/aggregate.md, "Days"): days before
/// such a gap keep their daily values, but get no window rows (their windows could only
/// reach data more than a year old). When the data ended more than `maxGapDays` before
/// as-of, the range is the last `maxGapDays` days before as-of.
public enum AnalysisRange {
  /// The longest gap between days with data that a stretch bridges.
  public static let maxGapDays = 366

  /// The range for daily rows sorted by day (all on or before `asOf`); nil without data.
  public static func days(values: [DailyValue], asOf: LocalDay) -> ClosedRange<LocalDay>? {
    guard let first = values.first?.day, first <= asOf else { return nil }
    var start = asOf
    for value in values.reversed() where value.day <= asOf {
      if value.day.distance(to: start) > maxGapDays { break }
      start = value.day
    }
    if start == asOf { start = max(first, asOf.adding(days: -maxGapDays)) }
    return start...asOf
  }
}
