import HealthCore
import HealthModel

/// An input that contributed nothing, and why: it could not be read as a whole
/// (`.failed`: none of its rows are in the tables), or it was read but no record of it was
/// kept (`.nothingKept`: its rejects are in the rejects table).
public struct InputFailure: Sendable {
  /// Position of the input on the command line.
  public var index: Int
  /// The input as given.
  public var path: String
  /// What went wrong (with the exit code the input alone would have given).
  public var error: HealthError
  /// Whether it failed as a whole or was read with nothing kept.
  public var kind: InputProblem.Kind = .failed
}

/// What one input that was read contributed.
public struct InputSummary: Sendable {
  /// Position of the input on the command line (the `file` of its origins).
  public var index: Int
  /// The input as given.
  public var path: String
  /// The detected format.
  public var format: InputFormat
  /// Size in bytes.
  public var size: Int64
  /// Records read, kept and rejected.
  public var counts: TypeCounts
  /// Seconds spent reading it.
  public var seconds: Double
}

/// The outcome of an ingest run, for callers that report each input (the CLI).
public struct IngestResult: Sendable {
  /// The manifest written next to the output; nil when every input failed and nothing
  /// was written.
  public var manifest: StageManifest?
  /// Inputs that failed as a whole or yielded nothing, in input order.
  public var failures: [InputFailure]
  /// Inputs that were read (those that yielded nothing included), in input order.
  public var inputs: [InputSummary]
  /// Inputs given, whatever became of them.
  public var inputCount: Int
  /// Records over all inputs read.
  public var totals: TypeCounts
  /// Bytes of the inputs read.
  public var bytesRead: Int64
  /// Wall time of the stage.
  public var wallSeconds: Double

  /// Inputs that failed as a whole (nothing of them is in the tables).
  public var failedCount: Int { failures.filter { $0.kind == .failed }.count }
  /// Inputs read with no record kept.
  public var nothingKeptCount: Int { failures.filter { $0.kind == .nothingKept }.count }

  /// 0 when every input gave rows; 1 when some failed or yielded nothing but the tables
  /// were written; else (every input failed as a whole) the first failure's code.
  public var exitCode: ExitCode {
    if failures.isEmpty { return .success }
    if !inputs.isEmpty { return .partialSuccess }
    return failures[0].error.code
  }
}
