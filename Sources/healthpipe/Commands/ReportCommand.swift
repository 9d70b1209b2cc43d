import Foundation
import HealthCore
import Report

/// `healthpipe report DIR --format html|markdown|email --out PATH ...`: the report stage.
enum ReportCommand {
  static let command = Command(
    name: "report",
    summary:
      "Write the HTML or Markdown trend report, or the weekly e-mail, from an aggregate folder.",
    synopsis:
      "healthpipe report DIR --out PATH [--format html|markdown|email] [--as-of DATE] [--window 7|30|90|6m|1y] [--to ADDR] [--from ADDR] [--send] [--sendmail CMD] [--ledger FILE]",
    options: [
      .value("format", "html|markdown|email", "report format (default html)"),
      .value("out", "PATH", "output file: .html, .md (SVGs beside it) or .eml"),
      .value(
        "as-of", "DATE",
        "last day shown: yyyy-MM-dd, today, yesterday or latest; must be the aggregate's (the default)"),
      .value(
        "window", "7|30|90|6m|1y",
        "horizon of the charts: days, or 6 months of weekly / 12 of monthly means (default 30)"),
      .value("to", "ADDR", "e-mail recipient"),
      .value("from", "ADDR", "e-mail sender (default healthpipe@localhost)"),
      .flag("send", "pipe the e-mail to the mailer, once per ISO week"),
      .value("sendmail", "CMD", "mailer command (default \"sendmail -t -i\")"),
      .value("ledger", "FILE", "sent-weeks ledger (default sent-weeks.ledger beside --out)"),
      .quiet,
    ],
    examples: [
      "healthpipe report work/aggregate --out Reports/report.html --window 90",
      "healthpipe report work/aggregate --format markdown --out Reports/report.md",
      "healthpipe report work/aggregate --format email --out week.eml --to me@example.com --send",
    ]
  ) { arguments in
    let dir = try arguments.positionals(exactly: 1, names: "one aggregate folder")[0]
    let formatName = arguments.value("format") ?? "html"
    guard let format = ReportFormat(rawValue: formatName) else {
      throw HealthError.usage("--format must be html, markdown or email, not '\(formatName)'")
    }
    var options = ReportOptions(
      inputDirectory: dir, format: format, output: try arguments.required("out"))
    if let text = arguments.value("window") {
      guard let window = ReportWindow.parse(text) else {
        throw HealthError.usage("--window must be \(ReportWindow.accepted), not '\(text)'")
      }
      options.window = window
    }
    if let text = arguments.value("as-of") {
      // today/yesterday on this machine's calendar; latest is the aggregate's last data day.
      let choice = try AsOfDate.choice(text)
      options.asOf = choice.day
      options.asOfLatest = choice == .latest
    }
    var email = EmailSettings()
    if let to = arguments.value("to") { email.to = to }
    if let from = arguments.value("from") { email.from = from }
    email.send = arguments.flag("send")
    if let cmd = arguments.value("sendmail") { email.sendmailCommand = cmd }
    email.ledgerPath = arguments.value("ledger")
    if format != .email, email.send || !email.to.isEmpty {
      throw HealthError.usage("--to and --send need --format email")
    }
    options.email = email
    let progress = ProgressMeter(
      quiet: arguments.flag("quiet"), environment: ProcessInfo.processInfo.environment)
    let manifest = try ReportStage.run(options, progress: progress)
    var summary =
      "report: wrote \(options.output) (\(format.rawValue), \(options.window) days to \(manifest.settings["asOf"] ?? "?"))"
    switch manifest.settings["email.status"] {
    case "sent": summary += "; sent week \(manifest.settings["email.week"] ?? "")"
    case "already-sent":
      summary += "; already sent week \(manifest.settings["email.week"] ?? ""), not sent again"
    default: break
    }
    arguments.summary(summary)
    return .success
  }

}
