import HealthCore
import HealthModel

/// The report formats.
public enum ReportFormat: String, Sendable, CaseIterable {
  /// One self-contained HTML file.
  case html
  /// A Markdown file with sibling SVG files.
  case markdown
  /// An RFC 5322 message (`.eml`) with PNG charts; optionally sent.
  case email
}

/// E-mail settings for `ReportFormat.email`.
public struct EmailSettings: Sendable {
  /// Recipient (`Name <addr>` or `addr`).
  public var to: String
  /// Sender (`Name <addr>` or `addr`).
  public var from: String
  /// Whether to pipe the message to the mailer after writing it.
  public var send: Bool
  /// The mailer command line; the message goes to its standard input.
  public var sendmailCommand: String
  /// Seconds the mailer may take before its process group is stopped (`MailerTimeout`).
  public var mailerTimeout: Double
  /// The sent ledger; nil means `sent-weeks.ledger` beside the output.
  public var ledgerPath: String?
  /// The message's `Date:` in epoch seconds; nil means now (`SOURCE_DATE_EPOCH` when set,
  /// else the clock), resolved by `ReportStage.run`.
  public var date: Int64?

  /// The default mailer command.
  public static let defaultSendmail = "sendmail -t -i"

  /// Creates settings.
  public init(
    to: String = "", from: String = "healthpipe@localhost", send: Bool = false,
    sendmailCommand: String = EmailSettings.defaultSendmail, ledgerPath: String? = nil,
    date: Int64? = nil, mailerTimeout: Double = MailerTimeout.defaultSeconds
  ) {
    self.mailerTimeout = mailerTimeout
    self.to = to
    self.from = from
    self.send = send
    self.sendmailCommand = sendmailCommand
    self.ledgerPath = ledgerPath
    self.date = date
  }
}

/// What `healthpipe report` does.
public struct ReportOptions: StageOptions {
  /// The aggregate output folder.
  public var inputDirectory: String
  /// The format.
  public var format: ReportFormat
  /// The output file (`.html`, `.eml`) or, for Markdown, the `.md` path (SVGs beside it).
  public var output: String
  /// The as-of date: a day, or `latest` (the last day with data in the aggregate tables,
  /// their `dataThrough`); either must be the day the folder was built for. Nil: that day
  /// (see `ReportAsOf`).
  public var asOf: AsOf?
  /// The charts' window: 7, 30 or 90 days, 6 months of weekly points or a year of monthly
  /// points (`ReportWindow`, parsed once where the setting is read).
  public var window: ReportWindow
  /// E-mail settings.
  public var email: EmailSettings

  /// Creates options.
  public init(
    inputDirectory: String, format: ReportFormat = .html, output: String,
    asOf: AsOf? = nil,
    window: ReportWindow = .month, email: EmailSettings = EmailSettings()
  ) {
    self.inputDirectory = inputDirectory
    self.format = format
    self.output = output
    self.asOf = asOf
    self.window = window
    self.email = email
  }

  /// What changes the report: the as-of, format and window, and the e-mail's addresses and
  /// sending.
  public var cacheKey: [String: String] {
    [
      "asOf": asOf?.description ?? "", "format": format.rawValue, "window": window.description,
      "to": email.to, "from": email.from, "send": String(email.send),
      "sendmail": email.sendmailCommand,
    ]
  }
}
