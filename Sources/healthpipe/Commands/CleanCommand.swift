import Clean
import Foundation
import HealthCore

/// `healthpipe clean FILE --out FILE [--rejects FILE] [--priority LIST] [--quiet]`.
enum CleanCommand {
  static let command = Command(
    name: "clean",
    summary: "Normalise units, validate ranges, remove duplicates and arbitrate sources.",
    synopsis: "healthpipe clean FILE --out FILE [--rejects FILE] [--priority LIST] [--quiet]",
    options: [
      .value("out", "FILE", "cleaned samples table to write (required)"),
      .value("rejects", "FILE", "rejects table (default: rejects-clean.hpt beside --out)"),
      .value(
        "priority", "LIST",
        "source priority, highest first (default: \"manual, Apple Watch, iPhone, *\")"),
      .quiet,
    ],
    examples: [
      "healthpipe clean work/samples.hpt --out work/clean.hpt",
      "healthpipe clean work/samples.hpt --out work/clean.hpt --priority \"manual, Oura, *\"",
    ]
  ) { arguments in
    let input = try arguments.positionals(exactly: 1, names: "one samples table FILE")[0]
    let output = try arguments.required("out")
    var options = CleanOptions(
      input: input, output: output, rejectsOutput: arguments.value("rejects"))
    if let list = arguments.value("priority") {
      options.priority = try SourcePriority.parseList(list)
    }
    let quiet = arguments.flag("quiet")
    let progress = ProgressMeter(quiet: quiet, environment: ProcessInfo.processInfo.environment)
    let outcome = try CleanStage.execute(options, progress: progress)
    let manifest = outcome.manifest
    for problem in outcome.inputProblems { CommandLineInterface.report(problem) }
    if !quiet {
      let t = manifest.totals
      func n(_ key: String) -> Int64 { t[key] ?? 0 }
      FileDescriptorSinkStderr.write(
        "clean: \(n("read")) read, \(n("cleaned")) cleaned (\(n("trimmed")) trimmed, "
          + "\(n("rows")) rows), \(n("rejected")) rejected, \(n("duplicate")) duplicates, "
          + "\(n("overlapped")) overlapped -> \(options.output) (rejects: "
          + "\(options.rejectsOutput))\n")
    }
    return outcome.inputProblems.isEmpty ? .success : .partialSuccess
  }
}
