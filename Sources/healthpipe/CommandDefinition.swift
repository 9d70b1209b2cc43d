import HealthCore

/// A `healthpipe` subcommand: its name, help and what it does.
struct Command: Sendable {
  /// The word users type (`ingest`).
  var name: String
  /// One line for the command list.
  var summary: String
  /// The usage line (`healthpipe ingest INPUT... --out FILE`).
  var synopsis: String
  /// Options it accepts.
  var options: [OptionSpec]
  /// Examples shown in help.
  var examples: [String] = []
  /// Runs it. Throws `HealthError` for failures; returns the exit code otherwise.
  var run: @Sendable (inout ParsedArguments) throws -> ExitCode

  /// Full help text.
  var usage: String {
    var text = "usage: \(synopsis)\n\n\(summary)\n"
    let shown =
      options + ParsedArguments.globalOptions(besides: options).filter { $0.name != "help" }
    text += "\noptions:\n"
    for o in shown {
      let name = o.name == "quiet" ? "-q, --quiet" : "--\(o.name)"
      let left = "  \(name)" + (o.takesValue ? " \(o.valueName)" : "")
      text += left.padding(to: 28) + o.help + "\n"
    }
    if !examples.isEmpty {
      text += "\nexamples:\n" + examples.map { "  \($0)\n" }.joined()
    }
    return text
  }
}

extension String {
  /// Pads with spaces to at least `width` characters (at least one space).
  func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
