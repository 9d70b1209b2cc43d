import SampleExports

/// What to generate: a format, a size (at least so many bytes, or exactly so many days)
/// and a seed. Equal specs give equal bytes, so a spec names its cache folder.
struct InputSpec: Sendable, Codable, Hashable {
  /// The generated format.
  enum Kind: String, Sendable, Codable {
    /// Apple `export.xml`, optionally with `export.zip` of the same days.
    case apple
    /// Health Auto Export JSON (hourly grouping).
    case autoExportJSON = "hae-json"
    /// Health Auto Export daily-metrics CSV (hourly grouping) and its workouts CSV.
    case autoExportCSV = "hae-csv"
    /// healthpipe's long CSV from a sleep ring.
    case longCSV = "long-csv"
    /// Garmin's chained FIT file (`garmin-fit`).
    case garminFIT = "garmin-fit"
    /// Garmin Connect's JSON files (`garmin-json`).
    case garminJSON = "garmin-json"
    /// Fitbit's Global Export Data JSON and summary CSVs (`fitbit-json`).
    case fitbitJSON = "fitbit-json"
    /// Fitbit's `_GoogleData` CSVs (`fitbit-csv`).
    case fitbitCSV = "fitbit-csv"
    /// Oura's trends CSV.
    case oura
    /// WHOOP's four export CSVs (`physiological_cycles.csv` sized).
    case whoop
    /// Withings' export CSVs (`raw_tracker_steps.csv` sized).
    case withings
    /// An Android Health Connect export (`days` days): the zip and the bare database.
    case healthConnect = "health-connect"

    /// The generator's format of a Garmin or Fitbit kind.
    var vendorFormat: SyntheticFormat? { SyntheticFormat(rawValue: rawValue) }
  }

  /// The format.
  var kind: Kind
  /// The first file is at least this many bytes (nil: `days` decides).
  var minBytes: Int64?
  /// Exactly this many days (Apple only; nil: `minBytes` decides).
  var days: Int?
  /// Apple: also write `export.zip` of the same days.
  var zip: Bool
  /// The generator's seed.
  var seed: UInt64
  /// Apple: shaped like a heavy Apple Watch user's export (`SyntheticOptions.heavyWatch`);
  /// nil (older cache records) means no.
  var heavyWatch: Bool? = nil
  /// Apple: the record order, indentation and devices (`SyntheticOptions.appleShape`); nil
  /// (older cache records) means the default shape.
  var shape: AppleShape? = nil

  /// The cache folder name, e.g. `apple-200mb-zip-s42` or `apple-1826d-s42`.
  var key: String {
    var text = kind.rawValue
    if let days { text += "-\(days)d" }
    if let minBytes {
      let mb = Double(minBytes) / Double(BenchSizes.mb)
      text += mb == mb.rounded() ? "-\(Int64(mb))mb" : "-\(minBytes)b"
    }
    if heavyWatch == true { text += "-watch" }
    if let shape, shape != AppleShape() { text += "-" + shape.name }
    if zip { text += "-zip" }
    return text + "-s\(seed)"
  }
}

/// One file a spec produced.
struct GeneratedFile: Sendable, Codable, Hashable {
  /// The file name in the cache folder.
  var name: String
  /// Its size in bytes.
  var bytes: Int64
  /// Top-level items the generator wrote (records, data points, rows).
  var items: Int
}

/// The record a generation leaves in its folder (`inputs.json`), written last, so a folder
/// with a matching record is complete.
struct GeneratedInputs: Sendable, Codable {
  /// What was asked.
  var spec: InputSpec
  /// The healthpipe version whose generator wrote it.
  var toolVersion: String
  /// `GeneratorFingerprint` of the generator that wrote it.
  var generator: String
  /// Days generated (Apple).
  var days: Int?
  /// The files, the measured one first.
  var files: [GeneratedFile]
  /// Seconds the generation took.
  var seconds: Double
  /// The folder (absolute; filled in when read).
  var folder: String = ""

  /// The absolute path of the file named `name`.
  func path(_ name: String) -> String { folder + "/" + name }

  /// The first file's absolute path.
  var primaryPath: String { path(files[0].name) }

  /// The file with this name.
  func file(_ name: String) -> GeneratedFile? { files.first { $0.name == name } }
}
