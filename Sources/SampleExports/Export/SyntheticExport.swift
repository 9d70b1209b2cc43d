import HealthModel
import HealthSystem

/// A file the generator wrote.
public struct SyntheticFile: Sendable, Hashable {
  /// Its format (nil for the truth CSV).
  public var format: SyntheticFormat?
  /// Where it is.
  public var path: String
  /// Its size.
  public var bytes: Int64
  /// Top-level items: Apple records + correlations + workouts + summaries, JSON data points
  /// + workouts, CSV rows.
  public var items: Int
}

/// Deterministic synthetic health exports: the entry point of `healthpipe sample` and of
/// the benchmarks.
///
/// ```swift
/// let files = try SyntheticExport.write(
///   SyntheticOptions(days: 150, seed: 42), formats: SyntheticFormat.allCases, to: "out")
/// ```
public enum SyntheticExport {
  /// Writes the chosen formats into `directory` (each file atomically), and the truth CSV
  /// to `truth` when given. Returns the files in format order.
  public static func write(
    _ options: SyntheticOptions, formats: [SyntheticFormat], to directory: String,
    truth: String? = nil
  ) throws -> [SyntheticFile] {
    var needs: Set<SyntheticPeriod> = []
    for format in formats {
      switch format {
      case .appleXML, .appleZip, .longCSV, .oura, .whoop, .withings, .healthConnect:
        needs.insert(.apple)
      case .autoExportJSON: needs.insert(.autoExportJSON)
      case .autoExportCSV: needs.insert(.autoExportCSV)
      default: needs.insert(.apple)  // vendors' devices and habit logs see the Apple export's days
      }
    }
    if truth != nil {
      // The truth models the default devices only (its sleep and arbitration know the
      // watch and the phone of the default person).
      guard !options.appleShape.changesRecords else {
        throw HealthError.usage(
          "the truth file is not written for the Apple shape '\(options.appleShape.name)'",
          hint: "write the truth with the default shape")
      }
      needs = [.apple, .autoExportJSON, .autoExportCSV]
    }
    let timeline = try SyntheticTimeline(options, needs: needs)
    var files: [SyntheticFile] = []
    for format in Set(formats).sorted() {
      files += try write(format, timeline: timeline, to: directory)
    }
    if let truth {
      let writer = try AtomicFileWriter(destination: truth)
      let bytes = try TruthWriter(timeline: timeline).write { try writer.write($0) }
      try writer.commit()
      files.append(
        SyntheticFile(format: nil, path: truth, bytes: bytes.bytes, items: bytes.rows))
    }
    return files
  }

  /// Writes one format for `days` days ending `end` with the other options at their
  /// defaults (full density).
  public static func write(
    format: SyntheticFormat, days: Int, seed: UInt64, end: LocalDay = SyntheticOptions.defaultEnd,
    to directory: String
  ) throws -> [SyntheticFile] {
    try write(SyntheticOptions(days: days, seed: seed, end: end), formats: [format], to: directory)
  }

  /// The file names a run writes for a format, relative to the output folder.
  public static func fileNames(_ format: SyntheticFormat, _ options: SyntheticOptions) throws
    -> [String]
  {
    let calendar = try SyntheticCalendar(options)
    return fileNames(format, calendar)
  }

  static func fileNames(_ format: SyntheticFormat, _ calendar: SyntheticCalendar) -> [String] {
    func range(_ p: SyntheticPeriod) -> String {
      let r = calendar.range(of: p)
      return
        "\(LocalDay(dayNumber: Int32(r.lowerBound)))-\(LocalDay(dayNumber: Int32(r.upperBound)))"
    }
    switch format {
    case .appleXML: return ["export.xml"]
    case .appleZip: return ["export.zip"]
    case .autoExportJSON: return ["HealthAutoExport-\(range(.autoExportJSON)).json"]
    case .autoExportCSV:
      return [
        "HealthAutoExport-\(range(.autoExportCSV)) Data.csv",
        "Workouts-\(range(.autoExportCSV)).csv",
      ]
    case .longCSV:
      let first = LocalDay(dayNumber: Int32(calendar.ringFirst))
      let last = LocalDay(dayNumber: Int32(calendar.appleLast))
      return ["ring-\(first)-\(last).csv"]
    case .habitJournal, .loop18, .loop20, .loop231:
      return [HabitExports.fileName(format, calendar)]
    case .oura, .whoop, .withings:
      return VendorExportFiles.names(format, calendar)
    case .garminFIT, .garminExport, .garminJSON, .fitbitJSON, .fitbitCSV, .fitbitTakeout:
      let range =
        "\(LocalDay(dayNumber: Int32(calendar.appleFirst)))-\(LocalDay(dayNumber: Int32(calendar.appleLast)))"
      switch format {
      case .garminFIT: return ["garmin-\(range).fit"]
      case .garminExport: return ["garmin-export-\(range).zip"]
      case .fitbitTakeout: return ["takeout-fitbit-\(range).zip"]
      case .garminJSON: return ["garmin/DI_CONNECT"]
      default: return ["Fitbit"]
      }
    case .healthConnect:
      return [HealthConnectExport.zipName, HealthConnectExport.truthName]
    }
  }

  static func write(_ format: SyntheticFormat, timeline: SyntheticTimeline, to directory: String)
    throws -> [SyntheticFile]
  {
    let names = fileNames(format, timeline.calendar)
    let base = directory.hasSuffix("/") ? directory : directory + "/"
    switch format {
    case .appleXML:
      let path = base + names[0]
      let writer = try AtomicFileWriter(destination: path)
      let out = ByteWriter { try writer.write($0) }
      let xml = AppleXMLWriter(timeline: timeline, out: out)
      try xml.write()
      try writer.commit()
      return [
        SyntheticFile(
          format: format, path: path, bytes: out.total, items: xml.counts.values.reduce(0, +))
      ]
    case .appleZip:
      let path = base + names[0]
      let writer = try AtomicFileWriter(destination: path)
      let result = try AppleZipExport(timeline: timeline).write { try writer.write($0) }
      try writer.commit()
      return [
        SyntheticFile(
          format: format, path: path, bytes: result.bytes,
          items: result.counts.values.reduce(0, +))
      ]
    case .autoExportJSON:
      let path = base + names[0]
      let data = AutoExportData(
        timeline, period: .autoExportJSON, hourly: timeline.options.autoExportGrouping == .hours)
      let writer = try AtomicFileWriter(destination: path)
      let out = ByteWriter { try writer.write($0) }
      let items = try AutoExportJSONWriter(timeline: timeline, data: data).write(out)
      try writer.commit()
      return [SyntheticFile(format: format, path: path, bytes: out.total, items: items)]
    case .autoExportCSV:
      let data = AutoExportData(
        timeline, period: .autoExportCSV, hourly: timeline.options.autoExportGrouping == .hours)
      let csv = AutoExportCSVWriter(timeline: timeline, data: data)
      var files: [SyntheticFile] = []
      for (index, name) in names.enumerated() {
        let path = base + name
        let writer = try AtomicFileWriter(destination: path)
        let out = ByteWriter { try writer.write($0) }
        let rows = index == 0 ? try csv.writeDaily(out) : try csv.writeWorkouts(out)
        try writer.commit()
        files.append(SyntheticFile(format: format, path: path, bytes: out.total, items: rows))
      }
      return files
    case .longCSV:
      let path = base + names[0]
      let writer = try AtomicFileWriter(destination: path)
      let out = ByteWriter { try writer.write($0) }
      let rows = try RingExport(timeline: timeline).write(out)
      try writer.commit()
      return [SyntheticFile(format: format, path: path, bytes: out.total, items: rows)]
    case .habitJournal, .loop18, .loop20, .loop231:
      return [try HabitExports.write(format, timeline: timeline, to: base + names[0])]
    case .oura, .whoop, .withings:
      return try VendorExportFiles.write(format, timeline: timeline, names: names, base: base)
    case .garminFIT, .garminExport, .garminJSON, .fitbitJSON, .fitbitCSV, .fitbitTakeout:
      return try VendorSampleFiles.files(format, timeline).map { f in
        let path = base + f.path
        if let slash = path.lastIndex(of: "/") {
          try SyntheticOutputFolder.create(String(path[..<slash]))
        }
        try AtomicFileWriter.write(f.bytes, to: path)
        return SyntheticFile(
          format: format, path: path, bytes: Int64(f.bytes.count), items: f.items)
      }
    case .healthConnect:
      return try HealthConnectExport.write(
        timeline: timeline, version: timeline.options.healthConnectSchema, to: directory,
        bareDatabase: timeline.options.healthConnectBareDatabase)
    }
  }
}

extension SyntheticExport {
  /// Rough bytes per day of each format at full density (days grouping), for sizing.
  static func bytesPerDay(_ format: SyntheticFormat, _ options: SyntheticOptions) -> Int64 {
    let hourly = options.autoExportGrouping == .hours
    switch format {
    case .appleXML: return options.density == .full ? 300_000 : 16_000
    case .appleZip: return options.density == .full ? 20_000 : 2_000
    case .autoExportJSON: return hourly ? 27_000 : 3_500
    case .autoExportCSV: return hourly ? 3_900 : 300
    case .longCSV: return options.density == .full ? 7_500 : 450
    case .habitJournal: return 200
    case .loop18, .loop20, .loop231: return 150
    case .oura: return 330
    case .whoop: return 240
    case .withings: return 1_500
    case .garminFIT, .garminExport: return options.density == .full ? 65_000 : 5_000
    case .garminJSON: return 4_500
    case .fitbitJSON, .fitbitTakeout: return options.density == .full ? 800_000 : 30_000
    case .fitbitCSV: return options.density == .full ? 400_000 : 16_000
    case .healthConnect: return 60_000
    }
  }

  /// Writes one format with enough days that its (first) file is at least `bytes` long,
  /// for throughput benchmarks. The day count grows from an estimate until it is enough.
  /// Health Auto Export files use hourly grouping and the ring is worn every day, so the
  /// day counts stay modest.
  public static func writeAtLeast(
    bytes: Int64, format: SyntheticFormat, seed: UInt64, density: SyntheticDensity = .full,
    to directory: String
  ) throws -> SyntheticFile {
    try writeAllAtLeast(bytes: bytes, format: format, seed: seed, density: density, to: directory)[
      0]
  }

  /// Like `writeAtLeast`, returning every file written (a format may write several: WHOOP's
  /// four CSVs), the sized one first.
  public static func writeAllAtLeast(
    bytes: Int64, format: SyntheticFormat, seed: UInt64, density: SyntheticDensity = .full,
    to directory: String
  ) throws -> [SyntheticFile] {
    var options = SyntheticOptions(days: 1, seed: seed, density: density)
    options.autoExportGrouping = .hours
    var days = Int(
      min(Int64(SyntheticOptions.maximumDays), bytes / bytesPerDay(format, options) + 2))
    while true {
      options.days = max(1, days)
      options.ringDays = options.days
      let files = try write(options, formats: [format], to: directory)
      guard let first = files.first else {
        throw SyntheticErrors.internalError("no file written for \(format.rawValue)")
      }
      if first.bytes >= bytes || days >= SyntheticOptions.maximumDays { return files }
      days = min(
        SyntheticOptions.maximumDays,
        Int(Double(days) * Double(bytes) / Double(max(1, first.bytes)) * 1.1) + 1)
    }
  }
}

extension SyntheticExport {
  /// Writes a vendor format (a folder of files, or one file) with enough days that its
  /// files total at least `bytes`, for the benchmarks; returns every file written.
  public static func writeVendorAtLeast(
    bytes: Int64, format: SyntheticFormat, seed: UInt64, to directory: String
  ) throws -> [SyntheticFile] {
    var options = SyntheticOptions(days: 1, seed: seed)
    var days = Int(
      min(Int64(SyntheticOptions.maximumDays), bytes / bytesPerDay(format, options) + 2))
    while true {
      options.days = max(1, days)
      let files = try write(options, formats: [format], to: directory)
      let total = files.reduce(0) { $0 + $1.bytes }
      if total >= bytes || days >= SyntheticOptions.maximumDays { return files }
      days = min(
        SyntheticOptions.maximumDays,
        Int(Double(days) * Double(bytes) / Double(max(1, total)) * 1.1) + 1)
    }
  }
}
