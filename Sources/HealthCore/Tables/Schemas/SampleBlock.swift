import HealthModel

/// One decoded block of a samples table, read column by column instead of as `Sample`
/// values: a reader (the clean and aggregate stages) takes numbers straight from the
/// columns and resolves each text once per distinct value in the block (the string columns'
/// dictionaries, `metrics`), so it copies, retains and hashes no `String` per row
/// (docs/performance.md). `sample(at:)` makes the whole `Sample` where one is needed.
///
/// Made by `TableFile.streamSamples`, which has already checked every row's `sourceKind`
/// and `hrvKind` as `Sample(reading:)` does.
public struct SampleBlock: Sendable {
  /// Number of rows.
  public let rowCount: Int
  /// Per row: start and end (epoch seconds), UTC offset (seconds) and value.
  public let starts: [Int64]
  public let ends: [Int64]
  public let utcOffsets: [Int32]
  public let values: [Double]
  /// Per row, its HRV kind.
  public let hrvKinds: [HRVKind]
  /// Per row, its source kind.
  public let sourceKinds: [SourceKind]
  /// Per row, whether a person entered it by hand.
  public let userEntered: [Bool]
  /// The metric, unit, category, source and device columns: each block's distinct texts
  /// (`stringDictionary`) and, per row, the index of its text (`stringIndices`; read a
  /// row's text with `string(at:)`, which is "" where the dictionary is empty).
  public let metrics: DecodedColumn
  public let units: DecodedColumn
  public let categories: DecodedColumn
  public let sources: DecodedColumn
  public let devices: DecodedColumn
  /// Per row, its origin.
  public let origins: [Origin]
  @usableFromInline let minimums: DecodedColumn
  @usableFromInline let maximums: DecodedColumn

  /// Checks every row's `sourceKind` and `hrvKind` in row order; throws for the first
  /// word no valid table holds, with the row (0-based within the block).
  init(_ block: DecodedBlock) throws(BlockValueError) {
    let c = block.columns
    let sourceKindColumn = c[Column.sourceKind]
    let hrvColumn = c[Column.hrvKind]
    let sourceKindWords = sourceKindColumn.stringDictionary.map(SourceKind.init(rawValue:))
    let hrvWords = hrvColumn.stringDictionary.map(HRVKind.init(rawValue:))
    var hrvKinds = [HRVKind]()
    hrvKinds.reserveCapacity(block.rowCount)
    var sourceKinds = [SourceKind]()
    sourceKinds.reserveCapacity(block.rowCount)
    var origins = [Origin]()
    origins.reserveCapacity(block.rowCount)
    for row in 0..<block.rowCount {
      // `string(at:)` is "" in an empty dictionary, as `Sample(reading:)` reads it.
      guard !sourceKindWords.isEmpty,
        let sourceKind = sourceKindWords[Int(sourceKindColumn.stringIndices[row])]
      else {
        throw BlockValueError(
          row: row,
          value: InvalidTableValue(column: "sourceKind", value: sourceKindColumn.string(at: row)))
      }
      guard !hrvWords.isEmpty, let hrv = hrvWords[Int(hrvColumn.stringIndices[row])] else {
        throw BlockValueError(
          row: row, value: InvalidTableValue(column: "hrvKind", value: hrvColumn.string(at: row)))
      }
      hrvKinds.append(hrv)
      sourceKinds.append(sourceKind)
      origins.append(
        Origin(
          file: Int32(truncatingIfNeeded: c[Column.file].ints[row]),
          record: c[Column.record].ints[row]))
    }
    rowCount = block.rowCount
    metrics = c[Column.metric]
    starts = c[Column.start].ints
    ends = c[Column.end].ints
    utcOffsets = c[Column.utcOffset].ints.map { Int32(truncatingIfNeeded: $0) }
    values = c[Column.value].doubles
    minimums = c[Column.minimum]
    maximums = c[Column.maximum]
    self.hrvKinds = hrvKinds
    self.sourceKinds = sourceKinds
    self.origins = origins
    userEntered = c[Column.userEntered].bools
    units = c[Column.unit]
    categories = c[Column.category]
    sources = c[Column.source]
    devices = c[Column.device]
  }

  /// Row `row`'s minimum, where it has one.
  @inlinable
  public func minimum(_ row: Int) -> Double? {
    minimums.isNull(row) ? nil : minimums.doubles[row]
  }
  /// Row `row`'s maximum, where it has one.
  @inlinable
  public func maximum(_ row: Int) -> Double? {
    maximums.isNull(row) ? nil : maximums.doubles[row]
  }

  /// The whole sample of row `row`, as `Sample(reading:)` reads it.
  public func sample(at row: Int) -> Sample {
    Sample(
      metric: MetricID(metrics.string(at: row)), start: starts[row],
      end: ends[row], utcOffset: utcOffsets[row], value: values[row], minimum: minimum(row),
      maximum: maximum(row), unit: units.string(at: row), category: categories.string(at: row),
      source: sources.string(at: row), device: devices.string(at: row),
      sourceKind: sourceKinds[row], userEntered: userEntered[row], hrvKind: hrvKinds[row],
      origin: origins[row])
  }
}

/// The position of each column of `Sample.columns` that a block reads, found by name so
/// it follows the schema.
private enum Column {
  static let metric = position("metric")
  static let start = position("start")
  static let end = position("end")
  static let utcOffset = position("utcOffset")
  static let value = position("value")
  static let minimum = position("min")
  static let maximum = position("max")
  static let unit = position("unit")
  static let category = position("category")
  static let source = position("source")
  static let device = position("device")
  static let sourceKind = position("sourceKind")
  static let userEntered = position("userEntered")
  static let hrvKind = position("hrvKind")
  static let file = position("file")
  static let record = position("record")

  private static func position(_ name: String) -> Int {
    Sample.columns.firstIndex { $0.name == name }!
  }
}

/// A word no valid samples table holds, in row `row` of a block.
struct BlockValueError: Error {
  var row: Int
  var value: InvalidTableValue
}
