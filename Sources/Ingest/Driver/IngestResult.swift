import HealthCore

/// An input that could not be read as a whole, and why.
public struct InputFailure: Sendable {
  /// Position of the input on the command line.
  public var index: Int
  /// The input as given.
  public var path: String
  /// What went wrong (with the documented exit code).
  public var error: HealthError
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
  /// Inputs that failed as a whole, in input order.
  public var failures: [InputFailure]
  /// Inputs that were read, in input order.
  public var inputs: [InputSummary]
  /// Records over all inputs read.
  public var totals: TypeCounts
  /// Bytes of the inputs read.
  public var bytesRead: Int64
  /// Wall time of the stage.
  public var wallSeconds: Double

  /// 0 when every input was read, 1 when some failed, else the first failure's code.
  public var exitCode: ExitCode {
    if failures.isEmpty { return .success }
    if !inputs.isEmpty { return .partialSuccess }
    return failures[0].error.code
  }
}
