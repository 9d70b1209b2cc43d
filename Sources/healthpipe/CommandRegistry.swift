/// Every subcommand, in the order `healthpipe help` lists them.
enum CommandRegistry {
  static let all: [Command] = [
    AggregateCommand.command,
    ExportCommand.command,
    InspectCommand.command,
    ReportCommand.command,
    HelpCommand.command,
    VersionCommand.command,
  ]
}
