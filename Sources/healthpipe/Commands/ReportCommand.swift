import Arguments
import Foundation
import HealthModel
import HealthSystem
import Report

/// `healthpipe report DIR --format html|markdown|email --out PATH ...`: the report stage.
enum ReportCommand {
  static let format = Option<ReportFormat>.choice(
    "format", "html|markdown|email", "report format (default html)"
  ) { "--format must be html, markdown or email, not '\($0)'" }
  static let out = CommonOptions.out("PATH", "output file: .html, .md (SVGs beside it) or .eml")
  static let asOf = CommonOptions.asOf(
    "last day shown: yyyy-MM-dd, today, yesterday or latest; must be the aggregate's (the default)"
  )
  static let window = Option<ReportWindow>(
    "window", "7|30|90|6m|1y",
    "horizon of the charts: days, or 6 months of weekly / 12 of monthly means (default 30)"
  ) { try ReportWindow.parse($0) }
  static let timezone = CommonOptions.timezone(
    "IANA zone whose calendar today/yesterday mean (default: the aggregate folder's)")
  static let to = Option<String>("to", "ADDR", "e-mail recipient")
  static let from = Option<String>("from", "ADDR", "e-mail sender (default healthpipe@localhost)")
  static let send = Flag("send", "pipe the e-mail to the mailer, once per ISO week")
  static let sendmail = Option<String>(
    "sendmail", "CMD", "mailer command (default \"\(EmailSettings.defaultSendmail)\")")
  static let mailerTimeout = Option<Double>(
    "mailer-timeout", "SECONDS",
    "stop the mailer and its processes after this long (default 60)",
    convert: MailerTimeout.parse)
  static let ledger = Option<String>(
    "ledger", "FILE", "sent-weeks ledger (default sent-weeks.ledger beside --out)")

  static let command = Command(
    name: "report",
    summary:
      "Write the HTML or Markdown trend report, or the weekly e-mail, from an aggregate folder.",
    positionals: "DIR",
    options: [
      format.spec, out.spec, asOf.spec, timezone.spec, window.spec, to.spec, from.spec, send.spec,
      sendmail.spec, mailerTimeout.spec, ledger.spec, .quiet,
    ],
    examples: [
      "healthpipe report work/aggregate --out Reports/report.html --window 90",
      "healthpipe report work/aggregate --format markdown --out Reports/report.md",
      "healthpipe report work/aggregate --format email --out week.eml --to me@example.com --send",
    ]
  ) { arguments in
    let dir = try arguments.positionals(exactly: 1, names: "one aggregate folder")[0]
    let format = try arguments.value(format) ?? .html
    var options = ReportOptions(
      inputDirectory: dir, format: format, output: try arguments.required(out))
    if let window = try arguments.value(window) { options.window = window }
    // today/yesterday on the calendar the aggregate used (its pipeline's or --timezone's
    // zone, else this machine's); latest is the aggregate's last data day.
    let zone = try arguments.value(timezone)
    if let word = try arguments.value(asOf) {
      options.asOf = try word.resolve(
        zone: zone ?? ReportStage.recordedTimeZone(ofFolder: dir), clock: .current())
    }
    var email = EmailSettings()
    if let to = try arguments.value(to) { email.to = to }
    if let from = try arguments.value(from) { email.from = from }
    email.send = arguments.flag(send)
    if let cmd = try arguments.value(sendmail) { email.sendmailCommand = cmd }
    if let seconds = try arguments.value(mailerTimeout) { email.mailerTimeout = seconds }
    email.ledgerPath = try arguments.value(ledger)
    if format != .email, email.send || !email.to.isEmpty {
      throw HealthError.usage("--to and --send need --format email")
    }
    options.email = email
    let progress = ProgressMeter(
      quiet: arguments.quiet, environment: ProcessInfo.processInfo.environment)
    let outcome = try ReportStage.run(options, progress: progress)
    var summary =
      "report: wrote \(options.output) (\(format.rawValue), \(options.window) days to "
      + "\(outcome.asOf))"
    switch outcome.email {
    case .sent(let week): summary += "; sent week \(week)"
    case .alreadySent(let week): summary += "; already sent week \(week), not sent again"
    case .written, .notEmail: break
    }
    arguments.summary(summary)
    return .success
  }
}
