import Aggregate
import Foundation
import HealthCore
import Pipeline

/// `healthpipe aggregate FILE --out DIR [--as-of DATE]`: cleaned samples to daily values,
/// baselines, scores, streaks and weekly rows.
enum AggregateCommand {
  static let command = Command(
    name: "aggregate",
    summary: "Daily values, baselines, scores, streaks and weekly rows from cleaned samples.",
    synopsis:
      "healthpipe aggregate FILE --out DIR [--as-of DATE] [--pipeline FILE] [--rejects FILE]...",
    options: [
      .value("out", "DIR", "folder for daily/baselines/scores/streaks/weekly tables and CSVs"),
      .value(
        "as-of", "DATE",
        "report date: yyyy-MM-dd, today, yesterday or latest (the last day with data; default: the pipeline's, else today)"
      ),
      .value("pipeline", "FILE", "take goals, pinned metrics and week start from a pipeline file"),
      .value(
        "rejects", "FILE", "rejects table to count for the data-quality facts", repeatable: true),
      .quiet,
    ],
    examples: [
      "healthpipe aggregate work/clean.hpt --out work/aggregate --as-of 2024-07-06"
    ]
  ) { arguments in
    let input = try arguments.positionals(exactly: 1, names: "one cleaned samples FILE")[0]
    let out = try arguments.required("out")
    var settings = AggregateSettings()
    var asOfText = "today"
    var zone: String?
    if let file = arguments.value("pipeline") {
      let config = try PipelineConfigLoader.load(path: file, checkInputs: false)
      settings = try AggregateSettings(config: config)
      asOfText = config.asOf
      zone = config.timeZone
    }
    let choice = try AsOfDate.choice(arguments.value("as-of") ?? asOfText, zone: zone)
    let options = AggregateOptions(
      input: input, outputDirectory: out, asOf: choice,
      fallback: try AsOfDate.resolve("today", zone: zone), settings: settings,
      rejectsInputs: arguments.values("rejects"))
    let progress = ProgressMeter(
      quiet: arguments.flag("quiet"), environment: ProcessInfo.processInfo.environment)
    let manifest = try AggregateStage.run(options, progress: progress)
    let asOf = manifest.settings["asOf"] ?? choice.description
    let samples = manifest.totals["samples"] ?? 0
    let daily = manifest.totals["dailyRows"] ?? 0
    arguments.summary(
      "aggregate: \(samples) samples -> \(daily) daily rows as of \(asOf) in \(out) "
        + "(\(NumberFormatting.fixed(manifest.wallSeconds, 2)) s)")
    return .success
  }
}
