import HealthModel

/// The five texts of a samples-table row (metric, unit, category, source, device) as ids
/// into lists of texts, for code that holds its texts so (the clean stage's pools,
/// ingest's pieces): `TableWriter<Sample>.append(_:in:...)` writes them without a `String`
/// per row (docs/performance.md).
public struct SampleTextIDs: Sendable, BitwiseCopyable, Hashable {
  public var metric: UInt32
  public var unit: UInt32
  public var category: UInt32
  public var source: UInt32
  public var device: UInt32

  /// The ids of a row's five texts.
  public init(metric: UInt32, unit: UInt32, category: UInt32, source: UInt32, device: UInt32) {
    self.metric = metric
    self.unit = unit
    self.category = category
    self.source = source
    self.device = device
  }
}

/// The lists `SampleTextIDs` index, one per text column (they may be one list). Within a
/// table block an id must always name the same text of its list (`RowWriter.string(id:in:)`).
public struct SampleTextLists: Sendable {
  public var metric: [String]
  public var unit: [String]
  public var category: [String]
  public var source: [String]
  public var device: [String]

  /// Lists per column.
  public init(
    metric: [String], unit: [String], category: [String], source: [String], device: [String]
  ) {
    self.metric = metric
    self.unit = unit
    self.category = category
    self.source = source
    self.device = device
  }

  /// One list for all five columns.
  public init(_ texts: [String]) {
    self.init(metric: texts, unit: texts, category: texts, source: texts, device: texts)
  }
}

extension TableWriter where Record == Sample {
  /// Appends one sample whose texts are given as ids into `lists`: the bytes of appending
  /// the `Sample` with those texts.
  public func append(
    _ ids: SampleTextIDs, in lists: SampleTextLists, start: Int64, end: Int64,
    utcOffset: Int32, value: Double, minimum: Double?, maximum: Double?,
    sourceKind: SourceKind, userEntered: Bool, hrvKind: HRVKind, origin: Origin
  ) throws {
    try appendRow { row in
      Sample.writeRow(
        to: &row, start: start, end: end, utcOffset: utcOffset, value: value,
        minimum: minimum, maximum: maximum, sourceKind: sourceKind, userEntered: userEntered,
        hrvKind: hrvKind, origin: origin
      ) { row, column in
        switch column {
        case .metric: row.string(id: ids.metric, in: lists.metric)
        case .unit: row.string(id: ids.unit, in: lists.unit)
        case .category: row.string(id: ids.category, in: lists.category)
        case .source: row.string(id: ids.source, in: lists.source)
        case .device: row.string(id: ids.device, in: lists.device)
        }
      }
    }
  }
}
