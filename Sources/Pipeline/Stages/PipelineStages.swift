import Aggregate
import Clean
import HealthCore
import HealthModel
import Ingest
import Interop
import Report

/// The four stages of a pipeline file, in order, wired through the work folder's table
/// files exactly as a user running the commands one by one would, and the `[export]` step
/// after them when the file asks for one. Each stage's cache key is what its options say
/// changes its outputs (`StageOptions.cacheKey`).
public enum PipelineStages {
  /// Where the report stage writes: `[report] out`, else under the work folder
  /// (`report/report.html`, `report/report.md` or `report/weekly.eml`).
  public static func reportPath(_ config: PipelineConfig) -> String {
    config.report.out
      ?? WorkLayout(folder: config.workFolder).defaultReport(format: config.report.format)
  }

  /// The stages for a validated pipeline file and its resolved as-of. `latest` is resolved
  /// by aggregate from the cleaned table (the last day with data, else its fallback) and
  /// the report takes the day aggregate recorded. `threads` parse a large Apple export
  /// (nil: one per core); they change no output, so they are not part of a cache key.
  public static func make(config: PipelineConfig, asOf: AsOf, threads: Int? = nil)
    -> [PipelineStage]
  {
    let work = WorkLayout(folder: config.workFolder)
    let tableStages = Self.tableStages(config: config, asOf: asOf, threads: threads, work: work)
    let (ingest, clean, aggregate) = (tableStages[0], tableStages[1], tableStages[2])

    let reportOut = reportPath(config)
    let reportOptions = ReportOptions(
      inputDirectory: work.aggregate, format: config.report.format, output: reportOut,
      asOf: asOf, window: config.report.window,
      email: EmailSettings(
        to: config.report.to ?? "", from: config.report.from ?? EmailSettings().from,
        send: config.report.send,
        sendmailCommand: config.report.sendmail ?? EmailSettings.defaultSendmail,
        mailerTimeout: config.report.mailerTimeout ?? MailerTimeout.defaultSeconds))
    let report = PipelineStage(
      name: ReportStage.name,
      inputs: AggregateFolder.tables.map { AggregateFolder.path($0, in: work.aggregate) },
      outputs: [reportOut], settings: reportOptions.cacheKey
    ) { progress in
      try FileSystem.createDirectory(PathUtilities.directory(of: reportOut))
      let outcome = try ReportStage.run(reportOptions, progress: progress)
      return StageOutput(manifest: outcome.manifest, email: outcome.email)
    }
    guard let sqlite = config.export.sqlite else { return [ingest, clean, aggregate, report] }
    let tables =
      [work.samples, work.ingestRejects, work.cleaned, work.cleanRejects]
      + AggregateFolder.tables.map { AggregateFolder.path($0, in: work.aggregate) }
    let exportOptions = SQLiteExportOptions(source: work.folder, tables: tables, output: sqlite)
    let export = PipelineStage(
      name: SQLiteExport.name, inputs: tables,
      outputs: [sqlite, exportOptions.datasetteMetadataPath], settings: exportOptions.cacheKey
    ) { progress in
      try FileSystem.createDirectory(PathUtilities.directory(of: sqlite))
      return StageOutput(manifest: try SQLiteExport.run(exportOptions, progress: progress).manifest)
    }
    return [ingest, clean, aggregate, report, export]
  }

  /// Ingest, clean and aggregate: the stages that write tables; clean and aggregate take
  /// their input tables' fingerprints from the run (`PipelineStage.run`) when it has them.
  private static func tableStages(
    config: PipelineConfig, asOf: AsOf, threads: Int?, work: WorkLayout
  ) -> [PipelineStage] {
    let zone = config.timeZone

    let ingestOptions = IngestOptions(
      inputs: config.inputs, output: work.samples, rejectsOutput: work.ingestRejects,
      reader: ReaderOptions(
        timeZone: zone, timeZoneOrigin: zone == nil ? "machine zone" : "pipeline setting",
        parsingThreads: threads, habits: config.aggregate.habits))
    let ingest = PipelineStage(
      name: "ingest", inputs: config.inputs, outputs: [work.samples, work.ingestRejects],
      settings: ingestOptions.cacheKey, externalInputs: true
    ) { progress in
      let result = try IngestStage.execute(ingestOptions, progress: progress)
      guard let manifest = result.manifest else {
        throw result.failures.first?.error
          ?? HealthError.internalError("ingest produced no manifest and no failure")
      }
      return StageOutput(manifest: manifest, partialFailures: result.failures.map(\.error))
    }

    let cleanOptions = CleanOptions(
      input: work.samples, output: work.cleaned, rejectsOutput: work.cleanRejects,
      priority: config.priority)
    let clean = PipelineStage(
      name: "clean", inputs: [work.samples], outputs: [work.cleaned, work.cleanRejects],
      settings: cleanOptions.cacheKey,
      runKnowing: { progress, known in
        var options = cleanOptions
        options.knownInputPrint = known[work.samples]
        let outcome = try CleanStage.execute(options, progress: progress)
        return StageOutput(manifest: outcome.manifest, partialFailures: outcome.inputProblems)
      })

    let aggregateOptions = AggregateOptions(
      input: work.cleaned, outputDirectory: work.aggregate, asOf: asOf,
      settings: config.aggregate, rejectsInputs: [work.ingestRejects, work.cleanRejects],
      timeZone: config.timeZone)
    let aggregate = PipelineStage(
      name: "aggregate", inputs: [work.cleaned, work.ingestRejects, work.cleanRejects],
      outputs: AggregateFolder.all.map { AggregateFolder.path($0, in: work.aggregate) },
      settings: aggregateOptions.cacheKey,
      runKnowing: { progress, known in
        try FileSystem.createDirectory(work.aggregate)
        var options = aggregateOptions
        options.knownInputPrints = known
        return StageOutput(manifest: try AggregateStage.run(options, progress: progress).manifest)
      })
    return [ingest, clean, aggregate]
  }

  /// The as-of date the last aggregate run recorded in its daily table, if readable.
  public static func recordedAsOf(_ layout: WorkLayout) -> LocalDay? {
    let path = AggregateFolder.path(AggregateFolder.daily, in: layout.aggregate)
    guard let header = try? TableFile.header(of: path) else { return nil }
    return header.facts.aggregate?.asOf
  }
}
