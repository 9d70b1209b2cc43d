import HealthCore
import HealthSystem

/// What `CleanStage.run` reads and writes, and the source-priority list it uses.
public struct CleanOptions: StageOptions {
  /// Samples table from ingest.
  public var input: String
  /// Cleaned samples table (canonical units).
  public var output: String
  /// Rejects table of this stage.
  public var rejectsOutput: String
  /// Source-priority list, highest first; default `manual, Apple Watch, iPhone, *`.
  public var priority: SourcePriority
  /// The samples table's fingerprint (CRC-32 and digest) as the stage that wrote it
  /// computed it, when the caller has it (the pipeline, after its ingest ran): used when
  /// the file's size and mtime are still those it was taken with, so the table is not
  /// read a second time for it. Never part of the cache key.
  public var knownInputPrint: FileFingerprint?

  /// Options with the default rejects path (`rejects-clean.hpt` beside the output) and the
  /// default priority list unless given.
  public init(
    input: String, output: String, rejectsOutput: String? = nil,
    priority: SourcePriority = .standard
  ) {
    self.input = input
    self.output = output
    self.rejectsOutput = rejectsOutput ?? Self.defaultRejectsPath(for: output)
    self.priority = priority
  }

  /// What changes the tables: the priority list, and whether it was given (a given list
  /// overrides the Health Connect exports' own orders).
  public var cacheKey: [String: String] {
    var key = ["priority": priority.description]
    if priority.isExplicit { key["priorityGiven"] = "yes" }
    return key
  }

  /// `rejects-clean.hpt` in the output's folder.
  public static func defaultRejectsPath(for output: String) -> String {
    StageFiles.beside(output, StageFiles.cleanRejects)
  }
}
