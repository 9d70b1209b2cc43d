import Arguments
import Exports
import Foundation
import HealthCore
import HealthModel
import HealthSystem
import Interop

/// `healthpipe export TABLE [--format csv|ndjson]`: any table file to stdout; `healthpipe
/// export WORK --format sqlite --out FILE`: a work folder's tables in one SQLite database.
enum ExportCommand {
  /// What `--format` accepts: the table formats, and the SQLite database.
  enum Format: String, Sendable {
    case csv, ndjson, sqlite
  }

  static let format = Option<Format>.choice(
    "format", "csv|ndjson|sqlite", "output format (default csv)"
  ) { "--format must be csv, ndjson or sqlite, not '\($0)'" }
  static let out = Option<String>(
    "out", "FILE", "write to FILE atomically instead of stdout (required for sqlite)")
  static let raw = Flag(
    "raw", "CSV text cells exactly as stored (no apostrophe before a leading =, +, -, @, tab or CR)"
  )
  static let exact = Flag(
    "exact",
    "CSV numbers and units exactly as stored (round-trip precision, count/min, fractions) "
      + "instead of each metric's decimals and bpm, %")
  static let datasetteMetadata = Option<String>(
    "datasette-metadata", "FILE",
    "sqlite: where Datasette's metadata.json goes (default: NAME.metadata.json beside FILE)")

  static let command = Command(
    name: "export",
    summary: "Print any table file as CSV (RFC 4180) or NDJSON on stdout, or write a work "
      + "folder's tables into one SQLite database.",
    positionals: "TABLE|WORK",
    options: [format.spec, out.spec, raw.spec, exact.spec, datasetteMetadata.spec],
    examples: [
      "healthpipe export work/samples.hpt --format ndjson | head",
      "healthpipe export work/aggregate/daily.hpt --exact > daily-exact.csv",
      "healthpipe export .healthpipe/nightly --format sqlite --out health.sqlite",
    ]
  ) { arguments in
    let path = try arguments.positionals(exactly: 1, names: "one TABLE file or WORK folder")[0]
    let chosen = try arguments.value(format) ?? .csv
    let tableFormat: TableExporter.Format
    switch chosen {
    case .sqlite: return try sqlite(path, arguments)
    case .csv: tableFormat = .csv
    case .ndjson: tableFormat = .ndjson
    }
    if arguments.text(datasetteMetadata) != nil {
      throw HealthError.usage("--datasette-metadata goes with --format sqlite")
    }
    let raw = arguments.flag(raw)
    let exact = arguments.flag(exact)
    if let out = try arguments.value(out) {
      try OutputCollision.check(outputs: [out], inputs: [path])
      let writer = try AtomicFileWriter(destination: out)
      try TableExporter.export(path: path, format: tableFormat, raw: raw, exact: exact, to: writer)
      try writer.commit()
    } else {
      let sink = FileDescriptorSink()
      try TableExporter.export(path: path, format: tableFormat, raw: raw, exact: exact, to: sink)
      try sink.flush()
    }
    return .success
  }

  private static func sqlite(_ source: String, _ arguments: ParsedArguments) throws -> ExitCode {
    guard let out = try arguments.value(out) else {
      throw HealthError.usage(
        "--format sqlite needs --out FILE (a database is not written to stdout)")
    }
    for flag in [raw, exact] where arguments.flag(flag) {
      throw HealthError.usage(
        "--\(flag.spec.name) is for CSV; a database keeps every value as stored")
    }
    let options = SQLiteExportOptions(
      source: source, output: out, datasetteMetadata: try arguments.value(datasetteMetadata))
    let progress = ProgressMeter(
      quiet: arguments.quiet, environment: ProcessInfo.processInfo.environment)
    let outcome = try SQLiteExport.run(options, progress: progress)
    arguments.summary(
      "export: \(outcome.tables) tables, \(outcome.rows) rows -> \(out) in "
        + "\(NumberFormatting.fixed(outcome.manifest.wallSeconds, 2)) s; Datasette: datasette \(out) -m "
        + options.datasetteMetadataPath)
    return .success
  }
}
