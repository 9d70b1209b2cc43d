import Foundation
import HealthCore
import Interop

/// `healthpipe export TABLE [--format csv|ndjson]`: any table file to stdout;
/// `healthpipe export WORK --format sqlite --out FILE`: every table of a work folder into
/// one SQLite database (docs/interop.md).
enum ExportCommand {
  static let command = Command(
    name: "export",
    summary: "Print any table file as CSV (RFC 4180) or NDJSON on stdout, or write a work "
      + "folder's tables into one SQLite database.",
    synopsis:
      "healthpipe export TABLE [--format csv|ndjson] [--out FILE] [--raw] [--exact]\n"
      + "       healthpipe export WORK --format sqlite --out FILE [--datasette-metadata FILE]",
    options: [
      .value("format", "csv|ndjson|sqlite", "output format (default csv)"),
      .value("out", "FILE", "write to FILE atomically instead of stdout (required for sqlite)"),
      .flag(
        "raw",
        "CSV text cells exactly as stored (no apostrophe before a leading =, +, -, @, tab or CR)"
      ),
      .flag(
        "exact",
        "CSV numbers and units exactly as stored (round-trip precision, count/min, fractions) "
          + "instead of each metric's decimals and bpm, %"),
      .value(
        "datasette-metadata", "FILE",
        "sqlite: where Datasette's metadata.json goes (default: NAME.metadata.json beside FILE)"),
    ],
    examples: [
      "healthpipe export work/samples.hpt --format ndjson | head",
      "healthpipe export .healthpipe/nightly --format sqlite --out health.sqlite",
    ]
  ) { arguments in
    let path = try arguments.positionals(exactly: 1, names: "one TABLE file or WORK folder")[0]
    let formatName = arguments.value("format") ?? "csv"
    if formatName == "sqlite" {
      return try sqlite(path, arguments)
    }
    guard let format = TableExporter.Format(rawValue: formatName) else {
      throw HealthError.usage("--format must be csv, ndjson or sqlite, not '\(formatName)'")
    }
    if arguments.value("datasette-metadata") != nil {
      throw HealthError.usage("--datasette-metadata goes with --format sqlite")
    }
    let raw = arguments.flag("raw")
    let exact = arguments.flag("exact")
    if let out = arguments.value("out") {
      try OutputCollision.check(outputs: [out], inputs: [path])
      let writer = try AtomicFileWriter(destination: out)
      try TableExporter.export(path: path, format: format, raw: raw, exact: exact, to: writer)
      try writer.commit()
    } else {
      let sink = FileDescriptorSink()
      try TableExporter.export(path: path, format: format, raw: raw, exact: exact, to: sink)
      try sink.flush()
    }
    return .success
  }

  private static func sqlite(_ source: String, _ arguments: ParsedArguments) throws -> ExitCode {
    guard let out = arguments.value("out") else {
      throw HealthError.usage(
        "--format sqlite needs --out FILE (a database is not written to stdout)")
    }
    for flag in ["raw", "exact"] where arguments.flag(flag) {
      throw HealthError.usage("--\(flag) is for CSV; a database keeps every value as stored")
    }
    let options = SQLiteExportOptions(
      source: source, output: out, datasetteMetadata: arguments.value("datasette-metadata"))
    let progress = ProgressMeter(
      quiet: arguments.quiet, environment: ProcessInfo.processInfo.environment)
    let manifest = try SQLiteExport.run(options, progress: progress)
    let rows = manifest.totals.filter { $0.key.hasPrefix("rows.") }.values.reduce(0, +)
    arguments.summary(
      "export: \(manifest.totals.count) tables, \(rows) rows -> \(out) in "
        + "\(NumberFormatting.fixed(manifest.wallSeconds, 2)) s; Datasette: datasette \(out) -m "
        + options.datasetteMetadataPath)
    return .success
  }
}
