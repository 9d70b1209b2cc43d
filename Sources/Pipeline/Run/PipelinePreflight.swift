import HealthModel
import HealthSystem
import Report

/// The checks `run` and `run --plan` share once the pipeline file is read and the stages
/// are made, so a plan refuses whatever the run would refuse before its first stage (and
/// a plan that passes is a run that gets going): the work folder and the report's folder
/// can be created, the report path (and the `[export]` database) is not a folder, and a
/// mailer exists when the e-mail
/// is to be sent this time.
enum PipelinePreflight {
  /// Throws the error the run would meet (73 for folders, 69 for a missing mailer).
  static func check(_ config: PipelineConfig, asOf: AsOf, reportPath: String) throws {
    try FileSystem.checkCreatable(config.workFolder)
    try FileSystem.checkCreatable(PathUtilities.directory(of: reportPath))
    if SystemCalls.isDirectory(reportPath) {
      throw HealthError(
        .cannotCreate, "the report path is a folder", at: SourceLocation(file: reportPath),
        hint: "set [report] out to a file name, e.g. \(reportPath)/report.html")
    }
    if let sqlite = config.export.sqlite {
      try FileSystem.checkCreatable(PathUtilities.directory(of: sqlite))
      if SystemCalls.isDirectory(sqlite) {
        throw HealthError(
          .cannotCreate, "the [export] sqlite path is a folder", at: SourceLocation(file: sqlite),
          hint: "set sqlite to a file name, e.g. \(sqlite)/health.sqlite")
      }
    }
    let delivery = RunDelivery.planned(config, day: asOf.day, reportPath: reportPath)
    if config.report.format == .email, config.report.send,
      delivery.mail?.hasPrefix("would send") == true
    {
      _ = try Mailer(command: config.report.sendmail ?? EmailSettings.defaultSendmail)
        .executablePath()
    }
  }
}
