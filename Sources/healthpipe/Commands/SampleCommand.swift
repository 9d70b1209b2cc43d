import Foundation
import HealthCore
import SampleExports

/// `healthpipe sample --days N --seed S --out DIR`: deterministic synthetic exports.
enum SampleCommand {
  static let command = Command(
    name: "sample",
    summary:
      "Write deterministic synthetic exports (Apple XML/ZIP, Health Auto Export JSON/CSV, long CSV).",
    synopsis:
      "healthpipe sample --days N --seed S --out DIR [--end DATE] [--timezone ZONE] [--formats LIST] [--truth FILE]",
    options: [
      .value("days", "N", "days in the Apple export (the other formats cover earlier days)"),
      .value("seed", "S", "seed of every random choice (a whole number)"),
      .value("out", "DIR", "folder to write into (created if missing)"),
      .value("end", "DATE", "last day of the Apple export (default 2026-11-15)"),
      .value("timezone", "ZONE", "home IANA zone (default America/New_York)"),
      .value(
        "formats", "LIST",
        "comma-separated: apple-xml,apple-zip,hae-json,hae-csv,long-csv (default all)"),
      .value("truth", "FILE", "also write the per-day ground truth CSV"),
      .value("density", "full|sample", "records per day (default full; sample is thin)"),
      .value("grouping", "days|hours", "Health Auto Export time grouping (default days)"),
      .flag("force-zip64", "write zip64 records in export.zip even when not needed"),
      .flag("macos-metadata", "add __MACOSX/ AppleDouble entries to export.zip"),
    ],
    examples: [
      "healthpipe sample --days 150 --seed 42 --out SampleData --density sample",
      "healthpipe sample --days 1826 --seed 7 --out /tmp/big --formats apple-xml",
    ]
  ) { arguments in
    guard arguments.positionals.isEmpty else {
      throw HealthError.usage("sample takes no positional arguments")
    }
    let days = try arguments.integer("days", allowed: 1...SyntheticOptions.maximumDays)
    guard let days else { throw HealthError.usage("option '--days' is required") }
    let seedText = try arguments.required("seed")
    guard let seed = UInt64(seedText) else {
      throw HealthError.usage("option '--seed' needs a whole number 0 or more, not '\(seedText)'")
    }
    let outDirectory = try arguments.required("out")
    var options = SyntheticOptions(days: days, seed: seed)
    if let end = arguments.value("end") {
      guard let day = LocalDay(iso: end) else {
        throw HealthError.usage("option '--end' needs a date as yyyy-MM-dd, not '\(end)'")
      }
      options.end = day
    }
    if let zone = arguments.value("timezone") { options.timeZone = zone }
    if let density = arguments.value("density") {
      guard let d = SyntheticDensity(rawValue: density) else {
        throw HealthError.usage("option '--density' must be full or sample, not '\(density)'")
      }
      options.density = d
    }
    if let grouping = arguments.value("grouping") {
      guard let g = AutoExportGrouping(rawValue: grouping) else {
        throw HealthError.usage("option '--grouping' must be days or hours, not '\(grouping)'")
      }
      options.autoExportGrouping = g
    }
    options.forceZip64 = arguments.flag("force-zip64")
    options.macOSMetadata = arguments.flag("macos-metadata")
    var formats = SyntheticFormat.allCases
    if let list = arguments.value("formats") {
      formats = []
      for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
        guard let f = SyntheticFormat(rawValue: name) else {
          throw HealthError.usage(
            "unknown format '\(name)' in --formats",
            hint: "the formats are: "
              + SyntheticFormat.allCases.map(\.rawValue).joined(separator: ","))
        }
        formats.append(f)
      }
    }
    try SyntheticOutputFolder.create(outDirectory)
    if let truth = arguments.value("truth"), let slash = truth.lastIndex(of: "/"),
      slash != truth.startIndex
    {
      try SyntheticOutputFolder.create(String(truth[..<slash]))
    }
    let files = try SyntheticExport.write(
      options, formats: formats, to: outDirectory, truth: arguments.value("truth"))
    guard !arguments.quiet else { return .success }
    let stdout = FileDescriptorSink()
    var total: Int64 = 0
    for f in files {
      try stdout.write("\(f.path)\t\(f.bytes) bytes\t\(f.items) items\n")
      total += f.bytes
    }
    try stdout.flush()
    arguments.summary(
      "healthpipe: sample: wrote \(files.count) files (\(total) bytes) for \(days) days ending \(options.end), seed \(seed)"
    )
    return .success
  }
}
