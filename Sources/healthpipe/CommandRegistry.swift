/// Every subcommand, in the order `healthpipe help` lists them.
enum CommandRegistry {
  static let all: [Command] = [
    IngestCommand.command,
    ExportCommand.command,
    InspectCommand.command,
    HelpCommand.command,
    VersionCommand.command,
  ]
}
