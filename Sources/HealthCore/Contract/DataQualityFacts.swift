import Foundation

/// The data-quality facts of a run, which the aggregate stage derives from ingest's and
/// clean's facts and the rejects tables and writes into its tables' header `meta` for the
/// report (docs/report-inputs.md, "Header meta keys"). Part of `AggregateFacts`.
///
/// Read defensively: a key that is missing, or whose value does not parse, is "not
/// available" (nil, or empty), never an error.
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
  /// Source names seen, in priority order; nil when unknown (an empty list is written as
  /// an empty value).
  public var sources: [String]?
  /// The priority list as configured, as one line (`CleanFacts.priority`).
  public var priority: String?
  /// Inputs given to ingest (export files), whatever became of them.
  public var inputs: Int64?
  /// Inputs that contributed nothing, one line each: `PATH: failed: WHY` (could not be
  /// read as a whole) or `PATH: WHY` (read, but no record kept).
  public var inputProblems: [String]

  /// The header `meta` keys.
  public enum Key {
    /// `quality.recordsRead`.
    public static let recordsRead = "quality.recordsRead"
    /// `quality.recordsKept`.
    public static let recordsKept = "quality.recordsKept"
    /// `quality.rejected`.
    public static let rejected = "quality.rejected"
    /// `quality.rejected.<code>`.
    public static let rejectedPrefix = "quality.rejected."
    /// `quality.duplicates`.
    public static let duplicates = "quality.duplicates"
    /// `quality.overlapped`.
    public static let overlapped = "quality.overlapped"
    /// `quality.sources`: one name per line (a value without a newline is read as a
    /// comma-separated list).
    public static let sources = "quality.sources"
    /// `quality.priority`.
    public static let priority = "quality.priority"
    /// `quality.inputs`.
    public static let inputs = "quality.inputs"
    /// `quality.inputProblems`: one input per line; absent when none.
    public static let inputProblems = "quality.inputProblems"
  }

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
    self.rejectedByCode = rejectedByCode
    self.duplicates = duplicates
    self.overlapped = overlapped
    self.sources = sources
    self.priority = priority
    self.inputs = inputs
    self.inputProblems = inputProblems
  }

  /// The facts as header `meta` entries; unknown facts are left out.
  public var headerMeta: [String: String] {
    var out: [String: String] = [:]
    if let recordsRead { out[Key.recordsRead] = String(recordsRead) }
    if let recordsKept { out[Key.recordsKept] = String(recordsKept) }
    if let duplicates { out[Key.duplicates] = String(duplicates) }
    if let overlapped { out[Key.overlapped] = String(overlapped) }
    if let rejected {
      for (code, n) in rejectedByCode where n > 0 { out[Key.rejectedPrefix + code] = String(n) }
      out[Key.rejected] = String(rejected)
    }
    if let inputs { out[Key.inputs] = String(inputs) }
    if !inputProblems.isEmpty { out[Key.inputProblems] = inputProblems.joined(separator: "\n") }
    if let priority { out[Key.priority] = priority }
    if let sources { out[Key.sources] = sources.joined(separator: "\n") }
    return out
  }

  /// Reads the facts from a table header's `meta`: counts are whole numbers of 0 or more
  /// (blanks around them ignored); `rejected` is the sum by code when only those are there.
  public init(meta: [String: String]) {
    func int(_ key: String) -> Int64? {
      meta[key].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }.flatMap {
        $0 >= 0 ? $0 : nil
      }
    }
    func lines(_ text: String, _ separator: Character) -> [String] {
      text.split(separator: separator).map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
    }
    var byCode: [String: Int64] = [:]
    for key in meta.keys where key.hasPrefix(Key.rejectedPrefix) {
      if let n = int(key) { byCode[String(key.dropFirst(Key.rejectedPrefix.count))] = n }
    }
    let sources = meta[Key.sources]
    self.init(
      recordsRead: int(Key.recordsRead), recordsKept: int(Key.recordsKept),
      rejected: int(Key.rejected) ?? (byCode.isEmpty ? nil : byCode.values.reduce(0, +)),
      rejectedByCode: byCode, duplicates: int(Key.duplicates), overlapped: int(Key.overlapped),
      sources: sources.map { lines($0, $0.contains("\n") ? "\n" : ",") },
      priority: meta[Key.priority], inputs: int(Key.inputs),
      inputProblems: lines(meta[Key.inputProblems] ?? "", "\n"))
  }
}
