import Foundation

/// The data-quality facts of a run, which the aggregate stage derives from ingest's and
/// clean's facts and the rejects tables and writes into its tables' facts for the report
/// (`AggregateFacts.quality`; docs/report-inputs.md, "Table facts"). A nil count is "not
/// available".
public struct DataQualityFacts: Sendable, Hashable, Codable {
  /// Records read from all inputs (ingest).
  public var recordsRead: Int64?
  /// Records that reached the cleaned samples table.
  public var recordsKept: Int64?
  /// Rejected records (ingest + clean), not counting duplicates and overlaps.
  public var rejected: Int64?
  /// Rejected records per reject code (ingest's total under `ingest` when its rejects
  /// table was not given); only codes with a count above zero.
  public var rejectedByCode: [String: Int64]
  /// Exact duplicates removed by clean.
  public var duplicates: Int64?
  /// Samples removed (or trimmed away) for a higher-priority source.
  public var overlapped: Int64?
  /// Source names seen, in priority order; nil when unknown.
  public var sources: [String]?
  /// The priority list as configured, as one line (`CleanFacts.priority`).
  public var priority: String?
  /// Inputs given to ingest (export files), whatever became of them.
  public var inputs: Int64?
  /// Inputs that contributed nothing, one line each: `PATH: failed: WHY` (could not be
  /// read as a whole) or `PATH: WHY` (read, but no record kept).
  public var inputProblems: [String]

  /// Creates the facts (everything unknown by default).
  public init(
    recordsRead: Int64? = nil, recordsKept: Int64? = nil, rejected: Int64? = nil,
    rejectedByCode: [String: Int64] = [:], duplicates: Int64? = nil, overlapped: Int64? = nil,
    sources: [String]? = nil, priority: String? = nil, inputs: Int64? = nil,
    inputProblems: [String] = []
  ) {
    self.recordsRead = recordsRead
    self.recordsKept = recordsKept
    self.rejected = rejected
    self.rejectedByCode = rejectedByCode.filter { $0.value > 0 }
    self.duplicates = duplicates
    self.overlapped = overlapped
    self.sources = sources
    self.priority = priority
    self.inputs = inputs
    self.inputProblems = inputProblems
  }
}
