import Arguments
import Clean
import Foundation
import HealthCore
import HealthSystem

/// `healthpipe clean FILE --out FILE [--rejects FILE] [--priority LIST] [--quiet]`.
enum CleanCommand {
  static let out = CommonOptions.out("FILE", "cleaned samples table to write (required)")
  static let rejects = CommonOptions.rejects(StageFiles.cleanRejects)
  static let priority = Option<SourcePriority>(
    "priority", "LIST",
    "source priority, highest first (default: \"\(SourcePriority.standard)\")",
    convert: SourcePriority.init(parsing:))

  static let command = Command(
    name: "clean",
    summary: "Normalise units, validate ranges, remove duplicates and arbitrate sources.",
    positionals: "FILE",
    options: [out.spec, rejects.spec, priority.spec, .quiet],
    examples: [
      "healthpipe clean work/samples.hpt --out work/clean.hpt",
      "healthpipe clean work/samples.hpt --out work/clean.hpt --priority \"manual, Oura, *\"",
    ]
  ) { arguments in
    let input = try arguments.positionals(exactly: 1, names: "one samples table FILE")[0]
    let output = try arguments.required(out)
    var options = CleanOptions(
      input: input, output: output, rejectsOutput: try arguments.value(rejects))
    if let list = try arguments.value(priority) { options.priority = list }
    let quiet = arguments.quiet
    let progress = ProgressMeter(quiet: quiet, environment: ProcessInfo.processInfo.environment)
    let outcome = try CleanStage.execute(options, progress: progress)
    for problem in outcome.inputProblems { CommandLineInterface.report(problem) }
    if !quiet {
      let c = outcome.counts
      StandardError.writeLine(
        "clean: \(c.read) read, \(c.cleaned) cleaned (\(c.trimmed) trimmed, "
          + "\(c.rows) rows), \(c.rejectedTotal) rejected, \(c.duplicate) duplicates, "
          + "\(c.overlapped) overlapped -> \(options.output) (rejects: "
          + "\(options.rejectsOutput))")
    }
    return outcome.inputProblems.isEmpty ? .success : .partialSuccess
  }
}
