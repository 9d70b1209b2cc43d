import HealthModel
import Report

extension PipelineConfigLoader {
  /// Parses and checks `[report]`, its paths resolved against `base` (exit 78 at the line
  /// of a bad value; an e-mail without a recipient is refused here).
  static func reportSection(_ document: PipelineDocument, base: String) throws -> ReportConfig {
    func value(_ k: String) -> PipelineEntry? { document.entry("report", k) }
    var report = ReportConfig()
    if let e = value("format") {
      guard let format = ReportFormat(rawValue: e.value) else {
        throw configError(
          "format must be html, markdown or email, not '\(e.value)'", at: e.location)
      }
      report.format = format
    }
    if let e = value("window") {
      report.window = try ReportWindow.parse(
        e.value, origin: "window", code: .configError, at: e.location)
    }
    report.out = value("out").map { PathUtilities.resolve($0.value, relativeTo: base) }
    report.to = try address(value("to"))
    report.from = try address(value("from"))
    if let e = value("send") { report.send = try boolean(e) }
    if let e = value("sendmail") {
      guard let program = Mailer.words(e.value).first, !program.isEmpty else {
        throw configError(
          "sendmail is empty", at: e.location,
          hint: "give a command such as sendmail -t -i, or remove the line for the default")
      }
      report.sendmail = e.value
    }
    if let e = value("mailer_timeout") {
      do {
        report.mailerTimeout = try MailerTimeout.parse(e.value)
      } catch let error as HealthError {
        throw configError(error.message, at: e.location, hint: error.hint)
      }
    }
    try checkRecipient(report, document: document)
    return report
  }

  /// An e-mail report, sent or only written, names its recipient.
  private static func checkRecipient(_ report: ReportConfig, document: PipelineDocument) throws {
    if report.format == .email, report.send, report.to == nil {
      throw configError(
        "send = true needs a recipient", at: document.entry("report", "send")?.location,
        hint: "add 'to = you@example.com' to [report]")
    }
    if report.format == .email, report.to == nil {
      // The e-mail names its recipient even when it is only written, not sent.
      throw configError(
        "format = email needs a recipient",
        at: document.entry("report", "format")?.location,
        hint: "add 'to = you@example.com' to [report]")
    }
  }
}
