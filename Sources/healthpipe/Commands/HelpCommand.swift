import Arguments
import HealthModel
import HealthSystem

/// `healthpipe help [COMMAND]`.
enum HelpCommand {
  static let command = Command(
    name: "help", summary: "Show the commands, or one command's options.",
    positionals: "[COMMAND]", options: [], examples: ["healthpipe help ingest"]
  ) { arguments in
    let out = FileDescriptorSink()
    if let name = arguments.positionals.first {
      guard let command = CommandRegistry.all.first(where: { $0.name == name }) else {
        throw HealthError.usage("unknown command '\(name)'")
      }
      try out.write(command.usage.text)
    } else {
      try out.write(overview)
    }
    try out.flush()
    return .success
  }

  static var overview: String {
    var text = "usage: healthpipe COMMAND [ARGS...]\n\n"
    text += "Turns personal health exports into a clean daily table, baselines, scores,\n"
    text += "streaks and trend reports.\n\ncommands:\n"
    for c in CommandRegistry.all { text += "  " + c.name.padding(to: 12) + c.summary + "\n" }
    text += "\nRun `healthpipe help COMMAND` for a command's options.\n"
    return text
  }
}

/// `healthpipe version`.
enum VersionCommand {
  static let command = Command(
    name: "version", summary: "Print the version.", options: []
  ) { _ in
    let out = FileDescriptorSink()
    try out.write("\(ToolInfo.name) \(ToolInfo.version)\n")
    try out.flush()
    return .success
  }
}
