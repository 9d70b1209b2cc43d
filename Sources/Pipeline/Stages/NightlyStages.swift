import Aggregate
import Clean
import HealthCore
import Ingest
import Report

/// The four stages of a pipeline file, in order, wired through the work folder's table
/// files exactly as a user running the commands one by one would.
public enum NightlyStages {
  /// Where the report stage writes: `[report] out`, else under the work folder
  /// (`report/report.html`, `report/report.md` or `report/weekly.eml`).
  public static func reportPath(_ config: PipelineConfig) -> String {
    config.report.out
      ?? WorkLayout(folder: config.workFolder).defaultReport(format: config.report.format)
  }

  /// The stages for a validated pipeline file and a resolved as-of date.
  public static func make(config: PipelineConfig, asOf: LocalDay) throws -> [PipelineStage] {
    try make(config: config, asOf: .day(asOf), fallback: asOf)
  }

  /// The stages for an as-of choice. `latest` is resolved by aggregate from the cleaned
  /// table (the last day with data) and the report takes the day aggregate recorded;
  /// `fallback` is used when there is no data at all.
  public static func make(config: PipelineConfig, asOf: AsOfDate.Choice, fallback: LocalDay)
    throws -> [PipelineStage]
  {
    let work = WorkLayout(folder: config.workFolder)
    let settings = try AggregateSettings(config: config)
    let reportFormat = ReportFormat(rawValue: config.report.format) ?? .html
    let reportOut = reportPath(config)
    let zone = config.timeZone
    let priority = config.priority ?? SourcePriority.defaultEntries
    let aggregateOutputs = AggregateFolder.all.map { AggregateFolder.path($0, in: work.aggregate) }
    let aggregateTables = AggregateFolder.tables.map {
      AggregateFolder.path($0, in: work.aggregate)
    }

    let ingest = PipelineStage(
      name: "ingest", inputs: config.inputs, outputs: [work.samples, work.ingestRejects],
      settings: ["timezone": zone ?? "(machine zone)"], externalInputs: true
    ) { progress in
      let options = IngestOptions(
        inputs: config.inputs, output: work.samples, rejectsOutput: work.ingestRejects,
        reader: ReaderOptions(
          timeZone: zone, timeZoneOrigin: zone == nil ? "machine zone" : "pipeline setting"))
      let result = try IngestStage.execute(options, progress: progress)
      guard let manifest = result.manifest else {
        throw result.failures.first?.error
          ?? HealthError.internalError("ingest produced no manifest and no failure")
      }
      return StageOutput(manifest: manifest, partialFailures: result.failures.map(\.error))
    }

    let clean = PipelineStage(
      name: "clean", inputs: [work.samples], outputs: [work.cleaned, work.cleanRejects],
      settings: ["priority": priority.joined(separator: ", ")]
    ) { progress in
      let options = CleanOptions(
        input: work.samples, output: work.cleaned, rejectsOutput: work.cleanRejects,
        priority: priority)
      let outcome = try CleanStage.execute(options, progress: progress)
      return StageOutput(manifest: outcome.manifest, partialFailures: outcome.inputProblems)
    }

    let aggregate = PipelineStage(
      name: "aggregate", inputs: [work.cleaned, work.ingestRejects, work.cleanRejects],
      outputs: aggregateOutputs,
      settings: [
        "asOf": asOf.description, "settings": settings.fingerprintText,
        "tables": tableSchemas,
      ]
    ) { progress in
      try FileSystem.createDirectory(work.aggregate)
      let options = AggregateOptions(
        input: work.cleaned, outputDirectory: work.aggregate, asOf: asOf, fallback: fallback,
        settings: settings, rejectsInputs: [work.ingestRejects, work.cleanRejects])
      return StageOutput(manifest: try AggregateStage.run(options, progress: progress))
    }

    let email = EmailSettings(
      to: config.report.to ?? "", from: config.report.from ?? "healthpipe@localhost",
      send: config.report.send,
      sendmailCommand: config.report.sendmail ?? EmailSettings.defaultSendmail)
    let report = PipelineStage(
      name: "report", inputs: aggregateTables, outputs: [reportOut],
      settings: [
        "asOf": asOf.description, "format": reportFormat.rawValue,
        "window": String(config.report.window), "to": email.to, "from": email.from,
        "send": String(email.send), "sendmail": email.sendmailCommand,
      ]
    ) { progress in
      try FileSystem.createDirectory(PathUtilities.directory(of: reportOut))
      let options = ReportOptions(
        inputDirectory: work.aggregate, format: reportFormat, output: reportOut, asOf: asOf.day,
        window: config.report.window, email: email)
      return StageOutput(manifest: try ReportStage.run(options, progress: progress))
    }
    return [ingest, clean, aggregate, report]
  }

  /// The as-of date the last aggregate run recorded in its daily table, if readable.
  public static func recordedAsOf(_ layout: WorkLayout) -> LocalDay? {
    let path = AggregateFolder.path(AggregateFolder.daily, in: layout.aggregate)
    guard let header = try? TableFile.header(of: path) else { return nil }
    return AggregateFacts(meta: header.meta).asOf
  }

  /// The column lists of the aggregate tables: part of the aggregate stage's settings, so a
  /// healthpipe whose tables gained a column reruns aggregate instead of failing to read a
  /// cached table written by an older version.
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
