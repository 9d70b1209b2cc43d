import HealthModel

/// One input sample in the compact form the clean stage keeps in memory (72 bytes instead
/// of a `Sample`'s ~180): strings are ids into the store's pools, the three small enums and
/// flags share one byte, and what few samples have (the value as read when the unit was
/// converted, a minimum and maximum) sits in a side table (`SideValues`).
struct StoredSample: Sendable, BitwiseCopyable {
  /// Start, epoch seconds.
  var start: Int64
  /// End, epoch seconds.
  var end: Int64
  /// Value in the metric's canonical unit (the value as read for metrics outside the
  /// catalog, for unconverted units and for rejects whose unit could not be converted).
  var value: Double
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
  /// Index into the store's side table, or `.max` when the sample has nothing there.
  var side: UInt32
  /// The sample that displaced this one (duplicate, overlapped), or `.max`.
  var related: UInt32
  /// Source-priority rank (0 = highest).
  var rank: UInt16
  /// `SourceKind` index (bits 0-3), `HRVKind` index (bits 4-6), hand-entered (bit 7).
  private var kinds: UInt8
  /// What clean decided.
  var status: RowStatus

  /// A row with nothing in the side table and nothing related yet.
  init(
    start: Int64, end: Int64, value: Double, record: Int64, file: Int32, utcOffset: Int32,
    metric: UInt32, unit: UInt32, category: UInt32, source: UInt32, device: UInt32,
    rank: UInt16, sourceKind: SourceKind, hrvKind: HRVKind, userEntered: Bool,
    status: RowStatus
  ) {
    self.start = start
    self.end = end
    self.value = value
    self.record = record
    self.file = file
    self.utcOffset = utcOffset
    self.metric = metric
    self.unit = unit
    self.category = category
    self.source = source
    self.device = device
    side = .max
    related = .max
    self.rank = rank
    let sourceIndex = SourceKind.allCases.firstIndex(of: sourceKind) ?? 0
    let hrvIndex = HRVKind.allCases.firstIndex(of: hrvKind) ?? 0
    precondition(SourceKind.allCases.count <= 16 && HRVKind.allCases.count <= 8)
    kinds = UInt8(sourceIndex) | UInt8(hrvIndex) << 4 | (userEntered ? 0x80 : 0)
    self.status = status
  }

  /// The source kind.
  var sourceKind: SourceKind { SourceKind.allCases[Int(kinds & 0x0F)] }
  /// The HRV kind.
  var hrvKind: HRVKind { HRVKind.allCases[Int(kinds >> 4 & 0x07)] }
  /// Whether a person entered it by hand.
  var userEntered: Bool { kinds & 0x80 != 0 }

  /// Whether the sample has a positive duration.
  var hasLength: Bool { end > start }
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
