import HealthCore
import HealthModel

/// One input sample in the compact form the clean stage keeps in memory (72 bytes instead
/// of a `Sample`'s ~180): the samples table's compact row (`CompactSample`, shared with
/// ingest's pieces: texts as ids into the store's pools, the kinds in one byte) and what
/// clean decides about it. What few samples have (the value as read when the unit was
/// converted, a minimum and maximum) sits in a side table (`SideValues`).
struct StoredSample: Sendable, BitwiseCopyable {
  /// The row as read (the value in the metric's canonical unit, or as read for metrics
  /// outside the catalog, for unconverted units and for rejects whose unit could not be
  /// converted). Its texts are pool ids.
  var sample: CompactSample
  /// What clean decided (in the three bytes after the row, with `rank`).
  var status: RowStatus
  /// Source-priority rank (0 = highest).
  var rank: UInt16
  /// Index into the store's side table, or `.max` when the sample has nothing there.
  var side: UInt32
  /// The sample that displaced this one (duplicate, overlapped), or `.max`.
  var related: UInt32

  /// A row with nothing in the side table and nothing related yet.
  init(_ sample: CompactSample, rank: UInt16, status: RowStatus) {
    self.sample = sample
    self.status = status
    self.rank = rank
    side = .max
    related = .max
  }

  /// Start, epoch seconds.
  var start: Int64 {
    get { sample.start }
    set { sample.start = newValue }
  }
  /// End, epoch seconds.
  var end: Int64 {
    get { sample.end }
    set { sample.end = newValue }
  }
  /// Value (see `sample`).
  var value: Double {
    get { sample.value }
    set { sample.value = newValue }
  }
  /// Line or record number in its input.
  var record: Int64 { sample.record }
  /// Input file index.
  var file: Int32 { sample.file }
  /// UTC offset at the start, seconds.
  var utcOffset: Int32 { sample.utcOffset }
  /// Metric id (pool id).
  var metric: UInt32 { sample.texts.metric }
  /// Unit as read (pool id).
  var unit: UInt32 { sample.texts.unit }
  /// Category (pool id).
  var category: UInt32 { sample.texts.category }
  /// Source name (pool id).
  var source: UInt32 { sample.texts.source }
  /// Device description (pool id).
  var device: UInt32 { sample.texts.device }
  /// The source kind.
  var sourceKind: SourceKind { sample.sourceKind }
  /// The HRV kind.
  var hrvKind: HRVKind { sample.hrvKind }
  /// Whether a person entered it by hand.
  var userEntered: Bool { sample.userEntered }
  /// Whether the sample has a positive duration.
  var hasLength: Bool { sample.hasLength }
}

/// The canonical minimum and maximum of a sample that has them (Health Auto Export's daily
/// heart rate).
struct Extremes: Sendable, BitwiseCopyable {
  var minimum: Double?
  var maximum: Double?
}

/// What only some samples have, kept beside the rows: the value as read when it differs
/// from the canonical value (a converted unit), and the converted minimum and maximum.
struct SideValues: Sendable, BitwiseCopyable {
  private var originalValue: Double = 0
  private var minimumValue: Double = 0
  private var maximumValue: Double = 0
  private var present: UInt8 = 0

  /// Side values of a sample; nil when it has none (`original` nil means "same as the
  /// canonical value").
  init?(original: Double?, extremes: Extremes?) {
    guard original != nil || extremes?.minimum != nil || extremes?.maximum != nil else {
      return nil
    }
    if let original {
      originalValue = original
      present |= 1
    }
    if let minimum = extremes?.minimum {
      minimumValue = minimum
      present |= 2
    }
    if let maximum = extremes?.maximum {
      maximumValue = maximum
      present |= 4
    }
  }

  /// The value as read, when it differs from the canonical value.
  var original: Double? { present & 1 != 0 ? originalValue : nil }

  /// The minimum and maximum, when the sample has either.
  var extremes: Extremes? {
    guard present & 6 != 0 else { return nil }
    return Extremes(
      minimum: present & 2 != 0 ? minimumValue : nil,
      maximum: present & 4 != 0 ? maximumValue : nil)
  }
}
