import Aggregate
import Clean
import HealthModel
import Report

/// The `[report]` section, checked.
public struct ReportConfig: Sendable, Hashable {
  /// `format`: html, markdown or email.
  public var format: ReportFormat = .html
  /// `window`: the chart window in days, 7, 30, 90, 182 (`6m`) or 365 (`1y`)
  /// (`ReportWindow.parse`).
  public var window = ReportWindow.month
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
  /// `mailer_timeout`: seconds before the mailer's process group is stopped (default 60).
  public var mailerTimeout: Double?
}

/// The `[export]` section: results written for other tools after the report.
public struct ExportConfig: Sendable, Hashable {
  /// `sqlite`: the SQLite database to keep current (resolved), with Datasette's
  /// `metadata.json` beside it; nil for none.
  public var sqlite: String?
}

/// A validated pipeline file: every value checked and parsed into its type when the file is
/// loaded, every path resolved against the file's folder, input patterns expanded. What the
/// loader accepts, the stages run.
public struct PipelineConfig: Sendable {
  /// The pipeline file.
  public var path: String
  /// `[pipeline] name`.
  public var name: String
  /// Input files (patterns expanded, sorted).
  public var inputs: [String]
  /// The work folder for intermediate tables, stamps, manifests and the lock.
  public var workFolder: String
  /// `as_of`: a date, `today`, `yesterday` (the default) or `latest`, resolved when run.
  public var asOf: AsOfDate.Word
  /// IANA zone for local times without an offset, and of `today`/`yesterday`, if set.
  public var timeZone: String?
  /// `[clean] priority` (the default list when absent).
  public var priority: SourcePriority
  /// `[aggregate]` and the `[goal.NAME]` sections: the goals (conditions parsed, built-in
  /// goals completed), pinned metrics, week start and backfill window.
  public var aggregate: AggregateSettings
  /// The `[report]` section.
  public var report: ReportConfig
  /// The `[export]` section.
  public var export = ExportConfig()
  /// The raw entries, for settings digests and `--plan`.
  public var document: PipelineDocument
}
