import HealthCore

/// One input sample in the compact form the clean stage keeps in memory (88 bytes instead
/// of a `Sample`'s ~180): strings are ids into the store's pools, and the canonical value
/// sits beside the value as read, so a reject can still show the original.
struct StoredSample: Sendable, BitwiseCopyable {
  /// Start, epoch seconds.
  var start: Int64
  /// End, epoch seconds.
  var end: Int64
  /// Value in the metric's canonical unit (the value as read for metrics outside the
  /// catalog, and for rejects whose unit could not be converted).
  var value: Double
  /// Value as read.
  var original: Double
  /// Line or record number in its input.
  var record: Int64
  /// Input file index.
  var file: Int32
  /// UTC offset at the start, seconds.
  var utcOffset: Int32
  /// Metric id (pool id).
  var metric: UInt32
  /// Unit as read (pool id).
  var unit: UInt32
  /// Category (pool id).
  var category: UInt32
  /// Source name (pool id).
  var source: UInt32
  /// Device description (pool id).
  var device: UInt32
  /// Index into the store's min/max side table, or `.max` when the sample has neither.
  var extremes: UInt32
  /// The sample that displaced this one (duplicate, overlapped), or `.max`.
  var related: UInt32
  /// Source-priority rank (0 = highest).
  var rank: UInt16
  /// `SourceKind` as its index in `allCases`.
  var sourceKind: UInt8
  /// `HRVKind` as its index in `allCases`.
  var hrvKind: UInt8
  /// Whether a person entered it by hand.
  var userEntered: Bool
  /// What clean decided.
  var status: RowStatus

  /// Whether the sample has a positive duration.
  var hasLength: Bool { end > start }
}

/// The canonical minimum and maximum of a sample that has them (Health Auto Export's daily
/// heart rate), kept beside the rows because few samples have them.
struct Extremes: Sendable, BitwiseCopyable {
  var minimum: Double?
  var maximum: Double?
}
