import Arguments
import Foundation
import HealthCore
import HealthModel
import HealthSystem
import Ingest
import Pipeline

/// `healthpipe ingest INPUT... --out FILE`: any mix of supported inputs → samples table.
enum IngestCommand {
  static let out = CommonOptions.out("FILE", "samples table to write (required)")
  static let rejects = CommonOptions.rejects(StageFiles.ingestRejects)
  static let timezone = CommonOptions.timezone("IANA zone for local times without an offset")

  static let threads = CommonOptions.threads
  static let pipeline = Option<String>(
    "pipeline", "FILE",
    "take the habits a journal may name ([habit.NAME]) and the time zone from a pipeline file")

  static let command = Command(
    name: "ingest",
    summary: "Read health exports (format detected by content) into a samples table.",
    positionals: "INPUT...",
    options: [out.spec, rejects.spec, timezone.spec, threads.spec, pipeline.spec, .quiet],
    examples: [
      "healthpipe ingest export.zip --out work/samples.hpt",
      "healthpipe ingest export.xml hae.json extra.csv --out work/samples.hpt --timezone Europe/Berlin",
      "healthpipe ingest export.zip --out work/samples.hpt --threads 1",
      "healthpipe ingest habits.csv --out work/samples.hpt --pipeline Pipelines/nightly.pipeline",
    ]
  ) { arguments in
    let inputs = arguments.positionals
    guard !inputs.isEmpty else {
      throw HealthError.usage("ingest needs at least one INPUT file")
    }
    let output = try arguments.required(out)
    var reader = ReaderOptions(parsingThreads: try arguments.value(threads))
    if let file = try arguments.value(pipeline) {
      let config = try PipelineConfigLoader.load(path: file, checkInputs: false)
      reader.habits = config.aggregate.habits
      if let zone = config.timeZone {
        reader.timeZone = zone
        reader.timeZoneOrigin = "pipeline setting"
      }
    }
    if let zone = try arguments.value(timezone) {
      reader.timeZone = zone
      reader.timeZoneOrigin = "--timezone"
    }
    let options = IngestOptions(
      inputs: inputs, output: output, rejectsOutput: try arguments.value(rejects), reader: reader)
    let quiet = arguments.quiet
    let progress = ProgressMeter(quiet: quiet, environment: ProcessInfo.processInfo.environment)
    let result = try IngestStage.execute(options, progress: progress)
    for failure in result.failures { CommandLineInterface.report(failure.error) }
    if !quiet && result.manifest != nil { StandardError.writeLine(summary(result)) }
    return result.exitCode
  }

  /// `ingest: 2 inputs (1 failed), 1234 records read, 1230 kept, 4 rejected, 12.3 MB in 0.05 s
  /// (246.0 MB/s, 24680 records/s)`; MB are the input files' bytes (compressed for a zip).
  static func summary(_ r: IngestResult) -> String {
    let mb = Double(r.bytesRead) / 1_048_576
    let rate = r.wallSeconds > 0 ? mb / r.wallSeconds : 0
    var text = "ingest: \(r.inputCount) input\(r.inputCount == 1 ? "" : "s")"
    var problems: [String] = []
    if r.failedCount > 0 { problems.append("\(r.failedCount) failed") }
    if r.nothingKeptCount > 0 { problems.append("\(r.nothingKeptCount) with nothing kept") }
    if !problems.isEmpty { text += " (" + problems.joined(separator: ", ") + ")" }
    text += ", \(r.totals.read) records read, \(r.totals.kept) kept, \(r.totals.rejected) rejected"
    text += ", \(NumberFormatting.fixed(mb, 1)) MB in \(NumberFormatting.fixed(r.wallSeconds, 2)) s"
    let perSecond = r.wallSeconds > 0 ? Int((Double(r.totals.read) / r.wallSeconds).rounded()) : 0
    text += " (\(NumberFormatting.fixed(rate, 1)) MB/s, \(perSecond) records/s)"
    return text
  }
}
