/// Every subcommand, in the order `healthpipe help` lists them.
enum CommandRegistry {
  static let all: [Command] = [
    RunCommand.command,
    IngestCommand.command,
    CleanCommand.command,
    AggregateCommand.command,
    ReportCommand.command,
    ExportCommand.command,
    InspectCommand.command,
    SampleCommand.command,
    HelpCommand.command,
    VersionCommand.command,
  ]
}
