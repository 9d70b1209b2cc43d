import HealthCore

/// `healthpipe export TABLE [--format csv|ndjson]`: any table file to stdout.
enum ExportCommand {
  static let command = Command(
    name: "export", summary: "Print any table file as CSV (RFC 4180) or NDJSON on stdout.",
    synopsis: "healthpipe export TABLE [--format csv|ndjson] [--out FILE]",
    options: [
      .value("format", "csv|ndjson", "output format (default csv)"),
      .value("out", "FILE", "write to FILE atomically instead of stdout"),
    ],
    examples: ["healthpipe export work/samples.hpt --format ndjson | head"]
  ) { arguments in
    let path = try arguments.positionals(exactly: 1, names: "one TABLE file")[0]
    let formatName = arguments.value("format") ?? "csv"
    guard let format = TableExporter.Format(rawValue: formatName) else {
      throw HealthError.usage("--format must be csv or ndjson, not '\(formatName)'")
    }
    if let out = arguments.value("out") {
      try OutputCollision.check(outputs: [out], inputs: [path])
      let writer = try AtomicFileWriter(destination: out)
      try TableExporter.export(path: path, format: format, to: writer)
      try writer.commit()
    } else {
      let sink = FileDescriptorSink()
      try TableExporter.export(path: path, format: format, to: sink)
      try sink.flush()
    }
    return .success
  }
}
