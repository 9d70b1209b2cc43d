/// What the ingest stage tells the later stages: its record counts, carried in the header
/// `meta` of the samples and rejects tables (and forward, unchanged, by clean and aggregate)
/// for the report's data-quality section (docs/report-inputs.md).
///
/// The one place that knows these keys: ingest writes through `headerMeta`, aggregate reads
/// through `init(meta:)`.
public struct IngestFacts: Sendable, Hashable, Codable {
  /// Records read from all inputs.
  public var recordsRead: Int64
  /// Records kept (rows of the samples table).
  public var recordsKept: Int64
  /// Records rejected (rows of ingest's rejects table).
  public var recordsRejected: Int64
  /// Inputs that failed as a whole.
  public var inputsFailed: Int

  /// The header `meta` keys.
  public enum Key {
    /// `records.read`.
    public static let recordsRead = "records.read"
    /// `records.kept`.
    public static let recordsKept = "records.kept"
    /// `records.rejected`.
    public static let recordsRejected = "records.rejected"
    /// `inputs.failed`.
    public static let inputsFailed = "inputs.failed"
  }

  /// Creates the facts.
  public init(recordsRead: Int64, recordsKept: Int64, recordsRejected: Int64, inputsFailed: Int) {
    self.recordsRead = recordsRead
    self.recordsKept = recordsKept
    self.recordsRejected = recordsRejected
    self.inputsFailed = inputsFailed
  }

  /// The facts as header `meta` entries (decimal integers).
  public var headerMeta: [String: String] {
    [
      Key.recordsRead: String(recordsRead), Key.recordsKept: String(recordsKept),
      Key.recordsRejected: String(recordsRejected), Key.inputsFailed: String(inputsFailed),
    ]
  }

  /// Reads the facts from a table header's `meta` (ingest's own tables, or a later stage's
  /// that carried them forward); nil when the counts are not there (a table not made by
  /// ingest).
  public init?(meta: [String: String]) {
    guard let read = meta[Key.recordsRead].flatMap({ Int64($0) }),
      let kept = meta[Key.recordsKept].flatMap({ Int64($0) }),
      let rejected = meta[Key.recordsRejected].flatMap({ Int64($0) })
    else { return nil }
    self.init(
      recordsRead: read, recordsKept: kept, recordsRejected: rejected,
      inputsFailed: meta[Key.inputsFailed].flatMap { Int($0) } ?? 0)
  }
}
