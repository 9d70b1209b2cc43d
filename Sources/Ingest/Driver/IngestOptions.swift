import HealthCore

/// What `IngestStage.run` reads and writes.
public struct IngestOptions: StageOptions {
  /// Input files; each one's format is detected by content.
  public var inputs: [String]
  /// The samples table to write.
  public var output: String
  /// The rejects table to write (default: `rejects-ingest.hpt` beside the output).
  public var rejectsOutput: String
  /// Settings for the readers (time zone for offset-less local times).
  public var reader: ReaderOptions

  /// Options; `rejectsOutput` defaults to `<output folder>/rejects-ingest.hpt`.
  public init(
    inputs: [String], output: String, rejectsOutput: String? = nil,
    reader: ReaderOptions = ReaderOptions()
  ) {
    self.inputs = inputs
    self.output = output
    self.rejectsOutput = rejectsOutput ?? Self.defaultRejectsPath(for: output)
    self.reader = reader
  }

  /// What changes the tables: the zone of offset-less local times, and the habits a
  /// journal may name (their keys and kinds; docs/habits.md).
  public var cacheKey: [String: String] {
    var key = ["timezone": reader.timeZone ?? "(machine zone)"]
    if !reader.habits.isEmpty {
      key["habits"] = reader.habits.map { "\($0.key):\($0.kind.rawValue):\($0.unit)" }.joined(
        separator: ",")
    }
    return key
  }

  /// `rejects-ingest.hpt` in the folder of `output`.
  public static func defaultRejectsPath(for output: String) -> String {
    StageFiles.beside(output, StageFiles.ingestRejects)
  }
}
