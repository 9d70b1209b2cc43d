import HealthCore
import HealthModel
import HealthSystem

/// What `AggregateStage.run` needs (docs/architecture.md, "Stage entry points").
public struct AggregateOptions: StageOptions {
  /// The cleaned samples table.
  public var input: String
  /// Folder for daily.hpt, baselines.hpt, scores.hpt, streaks.hpt, weekly.hpt, daily.csv
  /// and weekly.csv (created when missing).
  public var outputDirectory: String
  /// The report date, resolved by the caller (`AsOfDate.Word.resolve(zone:clock:)`): a
  /// day, or `latest`, the last day with data in the input (the last day of any daily row),
  /// found after reading it, with its fallback for an input that holds no day at all
  /// (docs/aggregate.md, "As-of date").
  public var asOf: AsOf
  /// Goals, pinned metrics, week start.
  public var settings: AggregateSettings
  /// Rejects tables (ingest, clean) whose counts by stage and reason are carried into the
  /// output headers for the report's data-quality section.
  public var rejectsInputs: [String]
  /// The IANA zone `today`/`yesterday` were resolved on (nil: the machine's), recorded in
  /// the tables' facts so the report resolves its own `--as-of` on the same calendar.
  public var timeZone: String?
  /// Fingerprints of the input tables as the stages that wrote them computed them, by
  /// path (the pipeline's, after those stages ran): each is used while its file's size
  /// and mtime are those it was taken with, so the table is not read again only for its
  /// CRC-32 and digest. Never part of the cache key.
  public var knownInputPrints: [String: FileFingerprint] = [:]

  /// Creates options.
  public init(
    input: String, outputDirectory: String, asOf: AsOf,
    settings: AggregateSettings = AggregateSettings(), rejectsInputs: [String] = [],
    timeZone: String? = nil
  ) {
    self.input = input
    self.outputDirectory = outputDirectory
    self.asOf = asOf
    self.settings = settings
    self.rejectsInputs = rejectsInputs
    self.timeZone = timeZone
  }

  /// What changes the tables: the as-of date (or `latest`), the settings, and the tables'
  /// column lists, so a healthpipe whose tables gained a column reruns aggregate instead of
  /// failing to read a cached table written by an older version.
  /// The zone is part of it when given: it is written into the tables' facts.
  public var cacheKey: [String: String] {
    var key = [
      "asOf": asOf.description, "settings": settings.fingerprintText,
      "tables": Self.tableSchemas,
    ]
    if let timeZone { key["timeZone"] = timeZone }
    return key
  }

  /// The column lists of the aggregate tables, `daily(day:day,metric:text,...);...`.
  static let tableSchemas: String = {
    let tables: [(String, [ColumnSpec])] = [
      ("daily", DailyValue.columns), ("baselines", BaselineRow.columns),
      ("scores", ScoreRow.columns), ("streaks", StreakRow.columns),
      ("weekly", WeeklyRow.columns),
    ]
    return tables.map { name, columns in
      name + "(" + columns.map { "\($0.name):\($0.type.rawValue)" }.joined(separator: ",") + ")"
    }.joined(separator: ";")
  }()
}
