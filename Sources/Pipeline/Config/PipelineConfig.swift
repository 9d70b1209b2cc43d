import HealthCore

/// A goal as a pipeline file defines it (`[goal.NAME]`), already checked.
public struct GoalConfig: Sendable, Hashable {
  /// The goal's name (`steps`).
  public var name: String
  /// The condition text, `METRIC OP NUMBER [or ...]` (e.g. `steps >= 10000`,
  /// `exerciseMinutes >= 30 or workout >= 20`); nil keeps a built-in goal's condition.
  public var condition: String?
  /// Goal days needed per week for the weekly streak (1-7), if any.
  public var weeklyTarget: Int?
  /// Text for people; derived from the condition when absent.
  public var description: String?
  /// Where the section starts.
  public var location: SourceLocation?
}

/// The `[report]` section.
public struct ReportConfig: Sendable, Hashable {
  /// `html`, `markdown` or `email`.
  public var format: String = "html"
  /// Chart window in days: 7, 30, 90, 182 (`6m`) or 365 (`1y`).
  public var window: Int = 30
  /// Output path (file; for markdown the `.md`, SVGs beside it), resolved.
  public var out: String?
  /// E-mail recipient.
  public var to: String?
  /// E-mail sender.
  public var from: String?
  /// Whether to send the e-mail (only with an explicit `send = true`).
  public var send: Bool = false
  /// Mailer command (default `sendmail -t -i`).
  public var sendmail: String?
}

/// The `[export]` section: results written for other tools after the report.
public struct ExportConfig: Sendable, Hashable {
  /// `sqlite`: the SQLite database to keep current (resolved), with Datasette's
  /// `metadata.json` beside it; nil for none.
  public var sqlite: String?
}

/// A validated pipeline file: every value checked, every path resolved against the file's
/// folder, input patterns expanded.
public struct PipelineConfig: Sendable {
  /// The pipeline file.
  public var path: String
  /// `[pipeline] name`.
  public var name: String
  /// Input files (patterns expanded, sorted).
  public var inputs: [String]
  /// The work folder for intermediate tables, stamps, manifests and the lock.
  public var workFolder: String
  /// `today`, `yesterday` or `yyyy-MM-dd`.
  public var asOf: String
  /// IANA zone for local times without an offset, if set.
  public var timeZone: String?
  /// `[clean] priority`, if set.
  public var priority: [String]?
  /// `[aggregate] goals`: the goals to track, in order.
  public var goalNames: [String]
  /// Goal sections by name.
  public var goals: [String: GoalConfig]
  /// `[aggregate] pinned`, if set.
  public var pinned: [String]?
  /// `[aggregate] week_start`: 1 = Monday ... 7 = Sunday.
  public var weekStart: Int
  /// `[aggregate] weekly_active_target`: active days a week (default 5).
  public var weeklyActiveTarget: Int
  /// `[aggregate] backfill_days`: the streak backfill window (default 90).
  public var backfillDays: Int
  /// The `[report]` section.
  public var report: ReportConfig
  /// The `[export]` section.
  public var export = ExportConfig()
  /// The raw entries, for settings digests and `--plan`.
  public var document: PipelineDocument
}
