import HealthCore

/// What `AggregateStage.run` needs (docs/architecture.md, "Stage entry points").
public struct AggregateOptions: Sendable {
  /// The cleaned samples table.
  public var input: String
  /// Folder for daily.hpt, baselines.hpt, scores.hpt, streaks.hpt, weekly.hpt, daily.csv
  /// and weekly.csv (created when missing).
  public var outputDirectory: String
  /// The report date, resolved by the caller (`AsOfDate`).
  public var asOf: LocalDay
  /// Goals, pinned metrics, week start.
  public var settings: AggregateSettings
  /// Rejects tables (ingest, clean) whose counts by stage and reason are carried into the
  /// output headers for the report's data-quality section.
  public var rejectsInputs: [String]

  /// Creates options.
  public init(
    input: String, outputDirectory: String, asOf: LocalDay,
    settings: AggregateSettings = AggregateSettings(), rejectsInputs: [String] = []
  ) {
    self.input = input
    self.outputDirectory = outputDirectory
    self.asOf = asOf
    self.settings = settings
    self.rejectsInputs = rejectsInputs
  }
}
