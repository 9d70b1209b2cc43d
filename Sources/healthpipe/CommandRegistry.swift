/// Every subcommand, in the order `healthpipe help` lists them.
enum CommandRegistry {
  static let all: [Command] = [
    ExportCommand.command,
    InspectCommand.command,
    SampleCommand.command,
    HelpCommand.command,
    VersionCommand.command,
  ]
}
