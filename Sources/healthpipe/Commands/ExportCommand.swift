import Arguments
import HealthCore

/// `healthpipe export TABLE [--format csv|ndjson]`: any table file to stdout.
enum ExportCommand {
  static let format = Option<TableExporter.Format>.choice(
    "format", "csv|ndjson", "output format (default csv)"
  ) { "--format must be csv or ndjson, not '\($0)'" }
  static let out = Option<String>("out", "FILE", "write to FILE atomically instead of stdout")
  static let raw = Flag(
    "raw", "CSV text cells exactly as stored (no apostrophe before a leading =, +, -, @, tab or CR)"
  )

  static let command = Command(
    name: "export", summary: "Print any table file as CSV (RFC 4180) or NDJSON on stdout.",
    positionals: "TABLE", options: [format.spec, out.spec, raw.spec],
    examples: ["healthpipe export work/samples.hpt --format ndjson | head"]
  ) { arguments in
    let path = try arguments.positionals(exactly: 1, names: "one TABLE file")[0]
    let format = try arguments.value(format) ?? .csv
    let raw = arguments.flag(raw)
    if let out = try arguments.value(out) {
      try OutputCollision.check(outputs: [out], inputs: [path])
      let writer = try AtomicFileWriter(destination: out)
      try TableExporter.export(path: path, format: format, raw: raw, to: writer)
      try writer.commit()
    } else {
      let sink = FileDescriptorSink()
      try TableExporter.export(path: path, format: format, raw: raw, to: sink)
      try sink.flush()
    }
    return .success
  }
}
