import Arguments
import HealthModel

/// A `healthpipe` subcommand: its name, what it takes and what it does. Its usage line and
/// help are generated from the option declarations (`Usage`).
struct Command: Sendable {
  /// The word users type (`ingest`).
  var name: String
  /// One line for the command list.
  var summary: String
  /// The positional arguments as the usage line shows them (`INPUT...`).
  var positionals: String = ""
  /// Options it accepts (each a `static let` of the command, read through it).
  var options: [OptionSpec]
  /// Examples shown in help.
  var examples: [String] = []
  /// Runs it. Throws `HealthError` for failures; returns the exit code otherwise.
  var run: @Sendable (inout ParsedArguments) throws -> ExitCode

  /// The usage line and help text.
  var usage: Usage {
    Usage(
      program: "healthpipe \(name)", positionals: positionals, summary: summary,
      options: options, examples: examples)
  }
}
