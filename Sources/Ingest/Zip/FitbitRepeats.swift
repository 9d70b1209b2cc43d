/// A Google Takeout holds much of Fitbit's data twice: the `Global Export Data` JSON and,
/// in newer Takeouts, the `_GoogleData` CSVs of the same readings (and the nightly HRV
/// both in `Heart Rate Variability/` and in `daily_heart_rate_variability.csv`). Read
/// together they would count every step twice, so in one archive a `_GoogleData` CSV is not
/// read when the archive has the JSON (or the older CSV) of the same metric
/// (docs/ingest-fitbit.md, "Export zips").
enum FitbitRepeats {
  /// The CSV entries of `entries` that repeat data another entry holds.
  static func entries(_ entries: [VendorEntry]) throws -> [VendorEntry] {
    var held: Set<String> = []
    var csv: [(VendorEntry, String)] = []
    for e in entries {
      let head = try ZipEntryByteSource.head(of: e.entry, in: e.zip, count: VendorArchive.headBytes)
      switch e.kind {
      case .fitbitJSON:
        switch FitbitJSONKind.detect(prefix: head) {
        case .series where FitbitIntraday.seriesName(e.entry.fileName) == "steps":
          held.insert("steps")
        case .heartRate: held.insert("heartRate")
        case .restingHeartRate: held.insert("restingHeartRate")
        case .weight: held.insert("weight")
        case .sleep: held.insert("sleep")
        default: break
        }
      case .fitbitCSV:
        let line = TextSniffing.firstLine(TextSniffing.droppingByteOrderMark(head)).line
        guard let (layout, _) = FitbitCSVLayout.match(TextSniffing.headerCells(line)) else {
          continue
        }
        let resting = e.entry.fileName.lowercased().contains("resting")
        if layout.kind == .hrvSummary { held.insert("hrv") }
        let metric: String? =
          switch layout.kind {
          case .steps: "steps"
          case .beatsPerMinute: resting ? "restingHeartRate" : "heartRate"
          case .weightGrams: "weight"
          case .sleepStages: "sleep"
          case .hrvDaily: "hrv"
          default: nil
          }
        if let metric { csv.append((e, metric)) }
      default: break
      }
    }
    return csv.filter { held.contains($0.1) }.map(\.0)
  }
}
