import Arguments
import Foundation
import HealthModel
import HealthSystem
import SampleExports

/// `healthpipe sample --days N --seed S --out DIR`: deterministic synthetic exports.
enum SampleCommand {
  static let days = Option<Int>.integer(
    "days", "N", "days in the Apple export (the other formats cover earlier days)",
    in: 1...SyntheticOptions.maximumDays, required: true)
  static let seed = Option<UInt64>.unsigned(
    "seed", "S", "seed of every random choice (a whole number)", required: true)
  static let out = CommonOptions.out("DIR", "folder to write into (created if missing)")
  static let end = Option<LocalDay>(
    "end", "DATE", "last day of the Apple export (default \(SyntheticOptions.defaultEnd))"
  ) { text in
    guard let day = LocalDay(iso: text) else {
      throw HealthError.usage("option '--end' needs a date as yyyy-MM-dd, not '\(text)'")
    }
    return day
  }
  static let timezone = CommonOptions.timezone(
    "home IANA zone (default \(SyntheticOptions.defaultTimeZone))")
  static let formats = Option<[SyntheticFormat]>(
    "formats", "LIST",
    "comma-separated: \(SyntheticFormat.allCases.map(\.rawValue).joined(separator: ",")) "
      + "(default \(SyntheticFormat.standard.map(\.rawValue).joined(separator: ",")); the garmin-* "
      + "and fitbit-* files are the same days seen by the person's other wearables)"
  ) { list in
    try list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.map { name in
      guard let format = SyntheticFormat(rawValue: name) else {
        throw HealthError.usage(
          "unknown format '\(name)' in --formats",
          hint: "the formats are: "
            + SyntheticFormat.allCases.map(\.rawValue).joined(separator: ","))
      }
      return format
    }
  }
  static let truth = Option<String>("truth", "FILE", "also write the per-day ground truth CSV")
  static let healthConnectSchema = Option<Int>.integer(
    "hc-schema", "N",
    "schema version of the Health Connect database: "
      + HealthConnectExport.schemaVersions.map(String.init).joined(separator: ", ")
      + " (default \(HealthConnectExport.defaultSchemaVersion))",
    in: 1...1000)
  static let density = Option<SyntheticDensity>.choice(
    "density", "full|sample", "records per day (default full; sample is thin)"
  ) { "option '--density' must be full or sample, not '\($0)'" }
  static let grouping = Option<AutoExportGrouping>.choice(
    "grouping", "days|hours", "Health Auto Export time grouping (default days)"
  ) { "option '--grouping' must be days or hours, not '\($0)'" }
  static let forceZip64 = Flag(
    "force-zip64", "write zip64 records in export.zip even when not needed")
  static let ringDays = Option<Int>.integer(
    "ring-days", "N",
    "days the ring and the Oura, WHOOP and Withings devices are worn, ending --end "
      + "(default 90, at most --days)", in: 1...SyntheticOptions.maximumDays)
  static let macOSMetadata = Flag(
    "macos-metadata", "add __MACOSX/ AppleDouble entries to export.zip")

  static let command = Command(
    name: "sample",
    summary:
      "Write deterministic synthetic exports (Apple XML/ZIP, Health Auto Export JSON/CSV, long CSV; Garmin and Fitbit on request).",
    options: [
      days.spec, seed.spec, out.spec, end.spec, timezone.spec, formats.spec, truth.spec,
      density.spec, grouping.spec, ringDays.spec, forceZip64.spec, macOSMetadata.spec,
      healthConnectSchema.spec,
    ],
    examples: [
      "healthpipe sample --days 150 --seed 42 --out SampleData --density sample",
      "healthpipe sample --days 1826 --seed 7 --out /tmp/big --formats apple-xml",
      "healthpipe sample --days 365 --ring-days 365 --seed 7 --out /tmp/me --formats oura,whoop,withings",
      "healthpipe sample --days 60 --seed 3 --out /tmp/vendors --formats garmin-export,fitbit-takeout",
      "healthpipe sample --days 90 --seed 3 --out /tmp/android --formats health-connect",
    ]
  ) { arguments in
    guard arguments.positionals.isEmpty else {
      throw HealthError.usage("sample takes no positional arguments")
    }
    let days = try arguments.required(days)
    let seed = try arguments.required(seed)
    let outDirectory = try arguments.required(out)
    var options = SyntheticOptions(days: days, seed: seed)
    if let day = try arguments.value(end) { options.end = day }
    if let zone = try arguments.value(timezone) { options.timeZone = zone }
    if let d = try arguments.value(density) { options.density = d }
    if let g = try arguments.value(grouping) { options.autoExportGrouping = g }
    if let n = try arguments.value(ringDays) { options.ringDays = n }
    options.forceZip64 = arguments.flag(forceZip64)
    options.macOSMetadata = arguments.flag(macOSMetadata)
    if let version = try arguments.value(healthConnectSchema) {
      options.healthConnectSchema = version
    }
    let formats = try arguments.value(formats) ?? SyntheticFormat.standard
    try SyntheticOutputFolder.create(outDirectory)
    let truth = try arguments.value(truth)
    if let truth, let slash = truth.lastIndex(of: "/"), slash != truth.startIndex {
      try SyntheticOutputFolder.create(String(truth[..<slash]))
    }
    let files = try SyntheticExport.write(options, formats: formats, to: outDirectory, truth: truth)
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
