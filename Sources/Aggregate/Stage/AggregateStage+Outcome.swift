import HealthCore
import HealthModel

/// What an aggregate run did, as values: the command line and `run` format these instead of
/// looking keys up in the manifest (docs/architecture.md, "Stage outcomes").
public struct AggregateOutcome: Sendable {
  /// The manifest (also written beside the output folder).
  public var manifest: StageManifest
  /// The as-of date the tables were computed for: the day given, or for `latest` the last
  /// day with data (its fallback when the input holds none).
  public var asOf: LocalDay
  /// Cleaned samples read.
  public var samplesRead: Int64
  /// Rows written to daily.hpt.
  public var dailyRows: Int
}
