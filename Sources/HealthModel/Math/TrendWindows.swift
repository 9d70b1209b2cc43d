/// The history a trend sentence needs (docs/report.md, "Trend sentences"; docs/aggregate.md,
/// "Arrival dates"): the mean of the last 12 weeks (84 days to the as-of date) against the
/// 40 weeks before (the rest of the year), with enough days in each. The report's trend
/// rule and the aggregate's arrival date of the trend read these numbers.
public enum TrendWindows {
  /// Days of the recent period.
  public static let recentDays = 84
  /// Days of the whole year compared (the recent period included).
  public static let referenceDays = 365
  /// Days with data the recent period needs (metrics measured daily / every few days).
  public static let recentMinDays = (daily: 42, sparse: 12)
  /// Days with data the 40 weeks before need.
  public static let referenceMinDays = (daily: 140, sparse: 40)
  /// Metrics measured every few days rather than daily (weighed, estimated).
  public static let sparseMetrics: Set<MetricID> = [.bodyMass, .vo2Max]

  /// The two windows of `metric`'s trend, for `WindowArrival`.
  public static func windows(for metric: MetricID) -> [WindowArrival.Window] {
    let sparse = sparseMetrics.contains(metric)
    return [
      WindowArrival.Window(
        first: -(recentDays - 1), last: 0,
        need: sparse ? recentMinDays.sparse : recentMinDays.daily),
      WindowArrival.Window(
        first: -(referenceDays - 1), last: -recentDays,
        need: sparse ? referenceMinDays.sparse : referenceMinDays.daily),
    ]
  }
}
