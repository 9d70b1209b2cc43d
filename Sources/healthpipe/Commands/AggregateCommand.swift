import Aggregate
import Arguments
import Foundation
import HealthModel
import HealthSystem
import Pipeline

/// `healthpipe aggregate FILE --out DIR [--as-of DATE]`: cleaned samples to daily values,
/// baselines, scores, streaks and weekly rows.
enum AggregateCommand {
  static let out = CommonOptions.out(
    "DIR", "folder for daily/baselines/scores/streaks/weekly tables and CSVs")
  static let asOf = CommonOptions.asOf(
    "report date: yyyy-MM-dd, today, yesterday or latest (the last day with data; default: the pipeline's, else today)"
  )
  static let pipeline = Option<String>(
    "pipeline", "FILE", "take goals, pinned metrics and week start from a pipeline file")
  static let timezone = CommonOptions.timezone(
    "IANA zone whose calendar today/yesterday mean (default: the pipeline's, else the machine's)")
  static let rejects = Option<String>(
    "rejects", "FILE", "rejects table to count for the data-quality facts", repeatable: true)

  static let command = Command(
    name: "aggregate",
    summary: "Daily values, baselines, scores, streaks and weekly rows from cleaned samples.",
    positionals: "FILE",
    options: [out.spec, asOf.spec, pipeline.spec, timezone.spec, rejects.spec, .quiet],
    examples: [
      "healthpipe aggregate work/clean.hpt --out work/aggregate --as-of 2024-07-06"
    ]
  ) { arguments in
    let input = try arguments.positionals(exactly: 1, names: "one cleaned samples FILE")[0]
    let output = try arguments.required(out)
    var settings = AggregateSettings()
    var word = AsOfDate.Word.today
    var zone: String?
    if let file = try arguments.value(pipeline) {
      let config = try PipelineConfigLoader.load(path: file, checkInputs: false)
      settings = config.aggregate
      word = config.asOf
      zone = config.timeZone
    }
    if let given = try arguments.value(timezone) { zone = given }
    let options = AggregateOptions(
      input: input, outputDirectory: output,
      asOf: try (arguments.value(asOf) ?? word).resolve(zone: zone, clock: .current()),
      settings: settings, rejectsInputs: try arguments.values(rejects), timeZone: zone)
    let progress = ProgressMeter(
      quiet: arguments.quiet, environment: ProcessInfo.processInfo.environment)
    let outcome = try AggregateStage.run(options, progress: progress)
    arguments.summary(
      "aggregate: \(outcome.samplesRead) samples -> \(outcome.dailyRows) daily rows as of "
        + "\(outcome.asOf) in \(output) "
        + "(\(NumberFormatting.fixed(outcome.manifest.wallSeconds, 2)) s)")
    return .success
  }
}
