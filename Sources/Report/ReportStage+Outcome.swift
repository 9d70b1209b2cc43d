import HealthCore
import HealthModel

/// What a report run did, as values: the command line and `run` format these by switching
/// on them, never by looking keys up in the manifest (docs/architecture.md, "Stage
/// outcomes").
public struct ReportOutcome: Sendable {
  /// The manifest (also written beside the output).
  public var manifest: StageManifest
  /// The day the report shows.
  public var asOf: LocalDay
  /// What happened to the e-mail (`.notEmail` for HTML and Markdown).
  public var email: EmailDelivery
}

/// What happened to a weekly e-mail in one report run.
public enum EmailDelivery: Sendable, Hashable {
  /// The report is not an e-mail.
  case notEmail
  /// The `.eml` was written; sending was not asked.
  case written(week: String)
  /// Sending was asked, but the sent ledger already lists the week for the recipient.
  case alreadySent(week: String)
  /// The message was piped to the mailer and recorded in the ledger.
  case sent(week: String)

  /// The ISO week of the message; nil for `.notEmail`.
  public var week: String? {
    switch self {
    case .notEmail: nil
    case .written(let week), .alreadySent(let week), .sent(let week): week
    }
  }

  /// The manifest's `email.status` value (`written`, `already-sent`, `sent`); nil for
  /// `.notEmail`. Only the report stage writes it.
  var manifestStatus: String? {
    switch self {
    case .notEmail: nil
    case .written: "written"
    case .alreadySent: "already-sent"
    case .sent: "sent"
    }
  }
}

extension ReportStage {
  /// The manifest keys of an e-mail report (docs/report.md), spelled only here.
  enum EmailKey {
    static let week = "email.week"
    static let messageID = "email.messageID"
    static let date = "email.date"
    static let status = "email.status"
  }

  /// Writes the e-mail file's facts into `manifest`, sends it when `send` is asked and the
  /// ledger does not list the week yet, and says what happened.
  static func deliver(
    _ message: EmailMessage, settings: EmailSettings, ledgerPath: String,
    manifest: inout StageManifest
  ) throws -> EmailDelivery {
    manifest.settings[EmailKey.week] = message.week
    manifest.settings[EmailKey.messageID] = message.messageID
    manifest.settings[EmailKey.date] = message.date
    var delivery = EmailDelivery.written(week: message.week)
    if settings.send {
      let ledger = SentLedger(path: ledgerPath)
      if try ledger.contains(week: message.week, recipient: message.recipient) {
        delivery = .alreadySent(week: message.week)
        manifest.notes.append(
          "already sent: week \(message.week) to \(message.recipient) is in \(ledger.path)")
      } else {
        try Mailer(command: settings.sendmailCommand, timeout: settings.mailerTimeout).send(
          message.bytes)
        try ledger.record(
          week: message.week, recipient: message.recipient, messageID: message.messageID)
        delivery = .sent(week: message.week)
        manifest.notes.append("sent week \(message.week) to \(message.recipient)")
      }
    }
    manifest.settings[EmailKey.status] = delivery.manifestStatus
    return delivery
  }
}
