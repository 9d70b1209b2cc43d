import HealthModel
import Report

/// Where a run's report went and what happened to its e-mail: the lines `run` prints at
/// the end (and keeps in the run summary), and what `run --plan` says it would do.
public struct RunDelivery: Sendable, Codable, Equatable {
  /// `html`, `markdown` or `email`.
  public var format: String
  /// The report file (`.html`, `.md` with its SVGs beside it, or the `.eml`).
  public var path: String
  /// The recipient's address (e-mail only).
  public var recipient: String?
  /// The ISO week the e-mail is about (e-mail only; nil while an as-of of `latest` is not
  /// resolved yet, in a plan).
  public var week: String?
  /// What happened to the e-mail: `sent week 2026-W46 to a@b`, `already sent week
  /// 2026-W46`, or `not sent (send = false)`; nil for other formats.
  public var mail: String?
  /// The `[export]` SQLite database, if the pipeline keeps one.
  public var database: String?

  /// The report line, for e-mail the mail line, and the database line, as `run` prints
  /// them.
  public var lines: [String] {
    let what = format == "email" ? "e-mail" : "report"
    var out = ["\(what): \(path)" + (format == "markdown" ? " (SVG charts beside it)" : "")]
    if let mail { out.append("mail: \(mail)") }
    if let database { out.append("database: \(database)") }
    return out
  }

  /// What the report stage of `config` makes for the as-of `day` it showed, with the mail
  /// status after a run: what the report stage did when it ran (`email`), else the
  /// ledger's (a skipped report stage's last run sent or found the week sent).
  static func after(
    _ config: PipelineConfig, day: LocalDay?, reportPath: String, email: EmailDelivery?
  ) -> RunDelivery {
    var delivery = planned(config, day: day, reportPath: reportPath)
    guard config.report.format == .email, let week = delivery.week,
      let recipient = delivery.recipient
    else { return delivery }
    guard config.report.send else {
      delivery.mail = "not sent (send = false)"
      return delivery
    }
    switch email {
    case .sent: delivery.mail = "sent week \(week) to \(recipient)"
    case .alreadySent, .written, .notEmail, nil: delivery.mail = "already sent week \(week)"
    }
    return delivery
  }

  /// What a plan says: the mail line is what a run would do now. `day` nil: the as-of is
  /// `latest`, whose day (and so the e-mail's week) only the aggregate stage finds.
  static func planned(_ config: PipelineConfig, day: LocalDay?, reportPath: String)
    -> RunDelivery
  {
    var delivery = RunDelivery(format: config.report.format.rawValue, path: reportPath)
    delivery.database = config.export.sqlite
    guard config.report.format == .email else { return delivery }
    let to = config.report.to ?? ""
    let recipient = (try? EmailAddress(parsing: to, option: "to"))?.address ?? to
    delivery.recipient = recipient
    guard let week = day?.isoWeek.description else {
      delivery.mail =
        config.report.send
        ? "would send the week of the last day with data to \(recipient), unless already sent"
        : "not sent (send = false)"
      return delivery
    }
    delivery.week = week
    if !config.report.send {
      delivery.mail = "not sent (send = false)"
    } else if alreadySent(week: week, recipient: recipient, reportPath: reportPath) {
      delivery.mail = "already sent week \(week)"
    } else {
      delivery.mail = "would send week \(week) to \(recipient)"
    }
    return delivery
  }

  /// Whether the sent ledger beside the report lists the week for the recipient.
  static func alreadySent(week: String, recipient: String, reportPath: String) -> Bool {
    let ledger = SentLedger(path: SentLedger.defaultPath(besides: reportPath))
    return (try? ledger.contains(week: week, recipient: recipient)) ?? false
  }
}
