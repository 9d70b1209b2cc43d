import HealthModel

/// One samples-table row in the compact form the stages hold in memory: the numbers inline,
/// the five texts as ids into lists its holder keeps (`SampleTextIDs`), and the source
/// kind, HRV kind and hand-entered flag in one byte. 61 bytes, so a holder adds its own
/// fields in the 3 bytes after it and the next 8 without padding: ingest's pieces
/// (`SampleRows.Row`: the minimum and maximum) and clean's rows (`StoredSample`: status,
/// rank, side values, the displacing row; 72 bytes in all). The aggregate stage holds no
/// rows: it reads the samples table block by block as columns (`SampleBlock`).
///
/// `TableWriter<Sample>.append(_:in:minimum:maximum:)` writes one; the bytes are those of
/// appending the `Sample` with the same values and texts.
public struct CompactSample: Sendable, BitwiseCopyable, Hashable {
  /// Start, epoch seconds.
  public var start: Int64
  /// End, epoch seconds.
  public var end: Int64
  /// The value (its unit is `texts.unit`).
  public var value: Double
  /// Line or record number in its input (`Origin.record`).
  public var record: Int64
  /// Input file index (`Origin.file`).
  public var file: Int32
  /// UTC offset at the start, seconds.
  public var utcOffset: Int32
  /// The metric, unit, category, source and device, as ids into the holder's lists.
  public var texts: SampleTextIDs
  /// `SourceKind` index (bits 0-3), `HRVKind` index (bits 4-6), hand-entered (bit 7).
  private var kinds: UInt8

  /// A row of these values.
  @inline(__always)
  public init(
    start: Int64, end: Int64, value: Double, origin: Origin, utcOffset: Int32,
    texts: SampleTextIDs, sourceKind: SourceKind, hrvKind: HRVKind, userEntered: Bool
  ) {
    self.start = start
    self.end = end
    self.value = value
    record = origin.record
    file = origin.file
    self.utcOffset = utcOffset
    self.texts = texts
    let sourceIndex = Self.sourceKinds.firstIndex(of: sourceKind) ?? 0
    let hrvIndex = Self.hrvKinds.firstIndex(of: hrvKind) ?? 0
    kinds = UInt8(sourceIndex) | UInt8(hrvIndex) << 4 | (userEntered ? 0x80 : 0)
  }

  /// The source kind.
  public var sourceKind: SourceKind { Self.sourceKinds[Int(kinds & 0x0F)] }
  /// The HRV kind.
  public var hrvKind: HRVKind { Self.hrvKinds[Int(kinds >> 4 & 0x07)] }
  /// Whether a person entered it by hand.
  public var userEntered: Bool { kinds & 0x80 != 0 }
  /// Where it was read.
  public var origin: Origin { Origin(file: file, record: record) }
  /// Whether it has a positive duration.
  public var hasLength: Bool { end > start }

  /// The packing above holds every kind: checked by `CompactSampleTests`, which fails when
  /// a case is added past 16 source kinds or 8 HRV kinds.
  public static let kindsFit = SourceKind.allCases.count <= 16 && HRVKind.allCases.count <= 8

  // The cases in order, made once: `allCases` builds its array at every call, four times
  // per row written or read.
  private static let sourceKinds = SourceKind.allCases
  private static let hrvKinds = HRVKind.allCases
}

extension TableWriter where Record == Sample {
  /// Appends `sample`, its texts looked up in `lists`, with its minimum and maximum (which
  /// the compact row does not hold): the bytes of appending the `Sample` it stands for.
  @inline(__always)
  public func append(
    _ sample: CompactSample, in lists: SampleTextLists, minimum: Double?, maximum: Double?
  ) throws {
    try append(
      sample.texts, in: lists, start: sample.start, end: sample.end,
      utcOffset: sample.utcOffset, value: sample.value, minimum: minimum, maximum: maximum,
      sourceKind: sample.sourceKind, userEntered: sample.userEntered, hrvKind: sample.hrvKind,
      origin: sample.origin)
  }
}
