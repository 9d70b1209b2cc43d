import Arguments
import Foundation
import HealthModel
import HealthSystem
import Pipeline

/// `healthpipe run PIPELINE [--as-of DATE] [--force] [--plan] [--json]`.
enum RunCommand {
  static let asOf = CommonOptions.asOf(
    "report date: yyyy-MM-dd, today, yesterday or latest (the last day with data; default: the file's)"
  )
  static let force = Flag("force", "rerun every stage")
  static let plan = Flag("plan", "validate and print what would run; touch nothing")
  static let json = Flag("json", "print the run summary as JSON on stdout")
  static let verbose = Flag("verbose", "also print each stage's totals")
  static let threads = CommonOptions.threads

  static let command = Command(
    name: "run",
    summary: "Run a pipeline file: ingest, clean, aggregate and report, skipping what is "
      + "unchanged.",
    positionals: "PIPELINE",
    options: [asOf.spec, force.spec, plan.spec, json.spec, threads.spec, .quiet, verbose.spec],
    examples: [
      "healthpipe run Pipelines/nightly.pipeline",
      "healthpipe run Pipelines/backfill-90d.pipeline --as-of 2026-11-15 --force",
      "healthpipe run Pipelines/weekly-email.pipeline --plan",
    ]
  ) { arguments in
    let path = try arguments.positionals(exactly: 1, names: "one PIPELINE file")[0]
    let quiet = arguments.quiet
    let progress = ProgressMeter(quiet: quiet, environment: ProcessInfo.processInfo.environment)
    let request = PipelineRun.Request(
      path: path, asOf: try arguments.value(asOf), force: arguments.flag(force),
      plan: arguments.flag(plan), threads: try arguments.value(threads))
    let (summary, code) = try PipelineRun.execute(request, progress: progress) { line in
      // A plan is the output asked for; a failed input is an error: both print when quiet.
      if !quiet || request.plan || line.hasPrefix(PipelineRun.inputFailedPrefix) {
        StandardError.writeLine(line)
      }
    }
    if arguments.flag(verbose) {
      for stage in summary.stages where !stage.totals.isEmpty {
        let totals = stage.totals.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        StandardError.writeLine("  \(stage.stage): " + totals.joined(separator: " "))
      }
    }
    if !request.plan {
      arguments.summary(
        "run: \(summary.pipeline) as of \(summary.asOf) in "
          + "\(NumberFormatting.fixed(summary.seconds, 2)) s")
      // Where the outputs went and whether the e-mail was sent, last, for cron mail.
      for line in summary.delivery?.lines ?? [] { arguments.summary(line) }
    }
    if arguments.flag(json) {
      let out = FileDescriptorSink()
      try out.write(try summary.json())
      try out.flush()
    }
    return code
  }
}
