/// What happened to one metric's samples in the aggregate stage, for the manifest's
/// reconciliation: `read = used + afterAsOf + ignored`.
public struct MetricCounts: Sendable, Hashable {
  /// Samples read.
  public var read: Int64 = 0
  /// Samples that went into at least one daily value.
  public var used: Int64 = 0
  /// Samples whose day (or every part of whose interval) lies after the as-of date.
  public var afterAsOf: Int64 = 0
  /// Samples that could not be placed (a sleep row with an unknown stage, an amount over an
  /// interval longer than `DailyAggregator.maxSplitSeconds`).
  public var ignored: Int64 = 0
  /// Sum of the values of cumulative samples read (to check totals are kept).
  public var valueRead = 0.0

  /// Creates zero counts.
  public init() {}
}
