import HealthModel

/// The files of the vendor formats (Garmin, Fitbit) by path relative to the output folder,
/// with their bytes and item counts (docs/ingest-garmin.md and docs/ingest-fitbit.md,
/// "Sample files"). They describe the Apple export's days seen by the person's other
/// wearables, so they are written only when asked for (`SyntheticFormat.standard` leaves
/// them out): read with the Apple export they count the same walks twice unless the
/// priority list ranks the devices.
enum VendorSampleFiles {
  /// One file to write.
  struct File {
    var path: String
    var bytes: [UInt8]
    var items: Int
  }

  static func files(_ format: SyntheticFormat, _ timeline: SyntheticTimeline) throws -> [File] {
    let c = timeline.calendar
    let range =
      "\(LocalDay(dayNumber: Int32(c.appleFirst)))-\(LocalDay(dayNumber: Int32(c.appleLast)))"
    switch format {
    case .garminFIT:
      let chain = GarminExports(timeline: timeline).chainedFIT()
      return [File(path: "garmin-\(range).fit", bytes: chain.bytes, items: chain.files)]
    case .garminJSON:
      return GarminExports(timeline: timeline).jsonFiles().map {
        File(path: "garmin/" + $0.path, bytes: Array($0.text.utf8), items: 1)
      }
    case .garminExport:
      let zip = try GarminExports(timeline: timeline).exportZip()
      return [File(path: "garmin-export-\(range).zip", bytes: zip.bytes, items: zip.entries)]
    case .fitbitJSON:
      return FitbitTakeout(exports: FitbitExports(timeline: timeline)).globalExport().map {
        File(path: $0.path, bytes: Array($0.text.utf8), items: 1)
      }
    case .fitbitCSV:
      return FitbitExports(timeline: timeline).googleDataFiles().map {
        File(path: "Fitbit/" + $0.name, bytes: Array($0.text.utf8), items: 1)
      }
    case .fitbitTakeout:
      let zip = try FitbitTakeout(exports: FitbitExports(timeline: timeline)).zip()
      return [File(path: "takeout-fitbit-\(range).zip", bytes: zip.bytes, items: zip.entries)]
    default:
      return []
    }
  }
}

/// The Fitbit Takeout's `Fitbit/` tree and its zip.
struct FitbitTakeout {
  let exports: FitbitExports

  /// `Fitbit/Global Export Data/*.json` and the HRV and SpO2 summary CSVs.
  func globalExport() -> [(path: String, text: String)] {
    var files: [(String, String)] = []
    let days = exports.days
    let g = "Fitbit/Global Export Data/"
    for d in days {
      files.append(
        (g + "heart_rate-\(LocalDay(dayNumber: Int32(d.plan.day))).json", exports.heartRate(d)))
    }
    for start in stride(from: 0, to: days.count, by: 30) {
      let chunk = Array(days[start..<min(days.count, start + 30)])
      let first = LocalDay(dayNumber: Int32(chunk[0].plan.day))
      files.append((g + "steps-\(first).json", exports.steps(chunk)))
      files.append((g + "sleep-\(first).json", exports.sleep(chunk)))
      files.append((g + "weight-\(first).json", exports.weight(chunk)))
    }
    for start in stride(from: 0, to: days.count, by: 365) {
      let first = days[start].plan.day
      files.append(
        (
          g + "resting_heart_rate-\(LocalDay(dayNumber: Int32(first))).json",
          exports.restingHeartRate(from: first)
        ))
    }
    for (name, text) in exports.hrvSummaries() {
      files.append(("Fitbit/Heart Rate Variability/" + name, text))
    }
    for (name, text) in exports.spo2Files() {
      files.append(("Fitbit/Oxygen Saturation (SpO2)/" + name, text))
    }
    return files
  }

  /// The Takeout zip: `Takeout/` + the tree above, a calories series, two `_GoogleData`
  /// CSVs that repeat the JSON, and a page no reader reads.
  func zip() throws -> (bytes: [UInt8], entries: Int) {
    var bytes: [UInt8] = []
    let zip = ZipWriter { bytes.append(contentsOf: $0) }
    let c = exports.timeline.calendar
    let stamp = ZipTimestamp(epochSeconds: c.exportEpoch, utcOffset: 0)
    var entries = 0
    func add(_ path: String, _ text: String) throws {
      try zip.addEntry("Takeout/" + path, data: Array(text.utf8), modified: stamp)
      entries += 1
    }
    try add("archive_browser.html", "<html><body>Takeout</body></html>\n")
    for (path, text) in globalExport() { try add(path, text) }
    let days = exports.days
    try add(
      "Fitbit/Global Export Data/calories-\(LocalDay(dayNumber: Int32(days[0].plan.day))).json",
      exports.calories(Array(days.prefix(30))))
    let google = exports.googleDataFiles().filter {
      $0.name.contains("/steps_") || $0.name.hasSuffix("daily_resting_heart_rate.csv")
    }
    for (name, text) in google { try add("Fitbit/" + name, text) }
    try zip.finish()
    return (bytes, entries)
  }
}
