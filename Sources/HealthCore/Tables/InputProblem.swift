/// Why an input given to a stage contributed no rows. Carried in the input lists of the
/// table headers, so every later stage (and the report's data-quality section) can name it.
public struct InputProblem: Sendable, Codable, Hashable {
  /// What kind of problem.
  public enum Kind: String, Sendable, Codable, Hashable {
    /// The input could not be read as a whole (missing, truncated, unknown format): no row
    /// of it is in the table.
    case failed
    /// It was read, but no record of it was kept: every record was rejected, or it held
    /// none.
    case nothingKept = "nothing-kept"
  }

  /// What kind of problem.
  public var kind: Kind
  /// The stage that found it (`ingest`, `clean`).
  public var stage: String
  /// One line saying what happened, without the path (e.g. `0 of 12 records kept; most
  /// common reject reason: bad-date (12)`).
  public var message: String
  /// The exit code of the error the input raised (65 for malformed data, 66 missing, ...).
  public var exitCode: Int32

  /// Creates a problem.
  public init(kind: Kind, stage: String, message: String, exitCode: Int32) {
    self.kind = kind
    self.stage = stage
    self.message = message
    self.exitCode = exitCode
  }
}
