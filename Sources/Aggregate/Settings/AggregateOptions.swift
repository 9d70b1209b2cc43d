import HealthCore

/// What `AggregateStage.run` needs (docs/architecture.md, "Stage entry points").
public struct AggregateOptions: Sendable {
  /// The cleaned samples table.
  public var input: String
  /// Folder for daily.hpt, baselines.hpt, scores.hpt, streaks.hpt, weekly.hpt, daily.csv
  /// and weekly.csv (created when missing).
  public var outputDirectory: String
  /// The report date, resolved by the caller (`AsOfDate`). With `asOfLatest` it is only
  /// the fallback for an input that holds no day at all.
  public var asOf: LocalDay
  /// `--as-of latest`: the report date is the last day with data in the input (the last
  /// day of any daily row), found after reading it (docs/aggregate.md, "As-of date").
  public var asOfLatest: Bool
  /// Goals, pinned metrics, week start.
  public var settings: AggregateSettings
  /// Rejects tables (ingest, clean) whose counts by stage and reason are carried into the
  /// output headers for the report's data-quality section.
  public var rejectsInputs: [String]

  /// Creates options.
  public init(
    input: String, outputDirectory: String, asOf: LocalDay,
    settings: AggregateSettings = AggregateSettings(), rejectsInputs: [String] = [],
    asOfLatest: Bool = false
  ) {
    self.input = input
    self.outputDirectory = outputDirectory
    self.asOf = asOf
    self.settings = settings
    self.rejectsInputs = rejectsInputs
    self.asOfLatest = asOfLatest
  }

  /// Options for an `AsOfDate.Choice`; `fallback` is the day used for `latest` when the
  /// input holds no data.
  public init(
    input: String, outputDirectory: String, asOf choice: AsOfDate.Choice, fallback: LocalDay,
    settings: AggregateSettings = AggregateSettings(), rejectsInputs: [String] = []
  ) {
    self.init(
      input: input, outputDirectory: outputDirectory, asOf: choice.day ?? fallback,
      settings: settings, rejectsInputs: rejectsInputs, asOfLatest: choice == .latest)
  }
}
