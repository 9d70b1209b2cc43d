import Arguments
import HealthCore
import HealthSystem

/// `healthpipe inspect TABLE [--json]`: header, schema, counts and checksum status.
enum InspectCommand {
  static let json = Flag("json", "print a machine-readable summary")

  static let command = Command(
    name: "inspect",
    summary: "Show a table file's header, schema, row counts and checksum status.",
    positionals: "TABLE", options: [json.spec],
    examples: ["healthpipe inspect work/samples.hpt"]
  ) { arguments in
    let path = try arguments.positionals(exactly: 1, names: "one TABLE file")[0]
    let report = try TableInspection.inspect(path: path)
    let out = FileDescriptorSink()
    try out.write(arguments.flag(json) ? try report.json() : report.text())
    try out.flush()
    return report.checksumsOK ? .success : .dataError
  }
}
