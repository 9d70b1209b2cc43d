/// The CSVs of Withings' "Download my data" export that healthpipe reads, by header
/// (docs/ingest-withings.md, "Files"). Withings translates headers into the account's
/// language: each column lists its names in English and in the other languages seen in real
/// exports (German `von,bis,"leicht (s)"`, `"Gewicht (kg)"`; Spanish `"ligero (s)"`); the
/// unit of a measurement column is read from its header (`Weight (lb)`). A header in a
/// language not listed is refused with the column it lacks, never guessed.
enum WithingsLayouts {
  /// Which file a header is.
  enum Kind: Int, CaseIterable {
    case sleep, weight, bloodPressure, height
  }

  /// The layouts, by `Kind` raw value.
  static let all: [VendorLayout] = [sleep, weight, bloodPressure, height]

  static let hint =
    "Withings app → Profile → Settings → Download my data, or the web dashboard's Settings; "
    + "unzip the e-mailed file"

  static let date = VendorColumn(["Date", "Datum"], .key, required: true)

  // MARK: sleep.csv

  /// Positions in `sleep.columns`.
  enum SleepColumn: Int, CaseIterable {
    case from, to, light, deep, rem, awake, averageHeartRate, minHeartRate, maxHeartRate
  }

  private static let sleepSummary = "Withings' account of the night, not kept"

  static let sleep = VendorLayout(
    title: "Withings sleep.csv",
    columns: [
      VendorColumn(["from", "von"], .key, required: true),
      VendorColumn(["to", "bis"], .key, required: true),
      VendorColumn(["light (s)", "leicht (s)", "ligero (s)"]),
      VendorColumn(["deep (s)", "tief (s)", "profundo (s)"]),
      VendorColumn(["rem (s)"]),
      VendorColumn(["awake (s)", "wach (s)", "despierto (s)"]),
      VendorColumn(["Average heart rate", "Durchschnittliche Herzfrequenz"]),
      VendorColumn(["Heart rate (min)", "Herzfrequenz (min)"]),
      VendorColumn(["Heart rate (max)", "Herzfrequenz (max)"]),
      VendorColumn(["wake up", "Aufwachen"], .notRead("the count of awakenings")),
      VendorColumn(
        ["Duration to sleep (s)", "Dauer des Schlafs (s)"],
        .notRead("time to fall asleep, inside the night's span")),
      VendorColumn(
        ["Duration to wake up (s)", "Dauer bis zum Wachwerden (s)"],
        .notRead("time to get up, inside the night's span")),
      VendorColumn(["Snoring (s)", "Schnarchen (s)"], .notRead(sleepSummary)),
      VendorColumn(["Snoring episodes", "Schnarchepisoden"], .notRead(sleepSummary)),
      VendorColumn(["Night events"], .notRead(sleepSummary)),
      VendorColumn(["Notes"], .notRead("free text")),
    ],
    minimumMatches: 6, minimumShare: 0.8, hint: hint)

  // MARK: weight.csv

  /// Positions in `weight.columns`.
  enum WeightColumn: Int, CaseIterable {
    case date, weight, fatMass, fatFreeMass
  }

  private static let composition = "body composition healthpipe's catalog does not hold"

  static let weight = VendorLayout(
    title: "Withings weight.csv",
    columns: [
      date,
      VendorColumn(["Weight", "Gewicht"], unitInHeader: true),
      VendorColumn(["Fat mass", "Fettmasse"], unitInHeader: true),
      VendorColumn(["Fat free mass", "Fettfreier Anteil"], unitInHeader: true),
      VendorColumn(["Bone mass", "Knochenmasse"], .notRead(composition), unitInHeader: true),
      VendorColumn(["Muscle mass", "Muskelmasse"], .notRead(composition), unitInHeader: true),
      VendorColumn(["Hydration", "Wasseranteil"], .notRead(composition), unitInHeader: true),
      VendorColumn(["Comments", "Kommentare"], .notRead("free text")),
    ],
    minimumMatches: 2, minimumShare: 0.8, hint: hint)

  // MARK: bp.csv

  /// Positions in `bloodPressure.columns`.
  enum PressureColumn: Int, CaseIterable {
    case date, heartRate, systolic, diastolic
  }

  static let bloodPressure = VendorLayout(
    title: "Withings bp.csv",
    columns: [
      date,
      VendorColumn(["Heart rate", "Herzfrequenz"]),
      VendorColumn(["Systolic", "Systole"]),
      VendorColumn(["Diastolic", "Diastole"]),
      VendorColumn(["Comments", "Kommentare"], .notRead("free text")),
    ],
    minimumMatches: 3, minimumShare: 0.8, hint: hint)

  // MARK: height.csv

  static let height = VendorLayout(
    title: "Withings height.csv",
    columns: [
      date,
      VendorColumn(["Height", "Grösse", "Größe"], unitInHeader: true),
    ],
    minimumMatches: 2, minimumShare: 0.8, hint: hint)

  /// The header of the daily files `aggregates_<quantity>.csv`.
  static let dailyHeader = ["date", "value"]
  /// The header of the raw files `raw_<device>_<quantity>.csv`.
  static let rawHeader = ["start", "duration", "value"]
}
