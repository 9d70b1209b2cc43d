import HealthModel

/// One input a table was derived from: its path, format and fingerprint.
public struct InputDescriptor: Sendable, Codable, Hashable {
  /// Position in the list (the `file` of an `Origin`).
  public var index: Int
  /// Path as the user gave it.
  public var path: String
  /// Detected format (`apple-xml`, `apple-zip`, `hae-json`, `hae-csv`, `hae-workouts-csv`,
  /// `long-csv`, or a table kind for stage inputs).
  public var format: String
  /// Size in bytes (0 for an input that could not be opened).
  public var size: Int64
  /// CRC-32 of the whole content, 8 hex digits; empty for an input that failed as a whole.
  public var crc32: String
  /// The export date the input declared (Apple's `ExportDate`), epoch seconds; samples
  /// starting after it are rejected by clean as `future-date`.
  public var exportDate: Int64?
  /// The UTC offset assumed for local times without one (Health Auto Export CSV), and
  /// where it came from, e.g. `Europe/Berlin (pipeline setting)`.
  public var assumedTimeZone: String?
  /// Why this input contributed nothing, when it did not (it failed as a whole, or every
  /// record was rejected, or it held none). Absent for an input that gave rows: a table's
  /// input list names every input given, in order, so `index` always matches the position.
  public var problem: InputProblem?

  /// Creates a descriptor.
  public init(
    index: Int, path: String, format: String, size: Int64, crc32: String,
    exportDate: Int64? = nil, assumedTimeZone: String? = nil, problem: InputProblem? = nil
  ) {
    self.index = index
    self.path = path
    self.format = format
    self.size = size
    self.crc32 = crc32
    self.exportDate = exportDate
    self.assumedTimeZone = assumedTimeZone
    self.problem = problem
  }

  /// How `%` is meant in samples from this input.
  public var percentConvention: PercentConvention {
    format.hasPrefix("apple") ? .fraction : .hundred
  }
}

/// The self-describing header of a table file (stored as canonical JSON).
public struct TableHeader: Sendable, Codable, Hashable {
  /// Always `healthpipe-table`.
  public var format: String = "healthpipe-table"
  /// Layout version of the body (see docs/table-format.md).
  public var version: Int = TableFileLayout.version
  /// What the table holds.
  public var kind: TableKind
  /// Columns in order.
  public var columns: [ColumnSpec]
  /// Stage that wrote it (`ingest`, `clean`, `aggregate`).
  public var stage: String
  /// `healthpipe` version that wrote it.
  public var toolVersion: String
  /// Inputs and their fingerprints.
  public var inputs: [InputDescriptor]
  /// What the stages tell each other and the report, one typed value (`StageFacts`; the
  /// `facts` object on disk, keys sorted). Never clocks: the bytes must be the same for the
  /// same inputs.
  public var facts: StageFacts

  /// Creates a header.
  public init(
    kind: TableKind, columns: [ColumnSpec], stage: String, inputs: [InputDescriptor] = [],
    facts: StageFacts = StageFacts()
  ) {
    self.kind = kind
    self.columns = columns
    self.stage = stage
    self.toolVersion = ToolInfo.version
    self.inputs = inputs
    self.facts = facts
  }

  /// The index of a column by name.
  public func columnIndex(_ name: String) -> Int? { columns.firstIndex { $0.name == name } }
}
