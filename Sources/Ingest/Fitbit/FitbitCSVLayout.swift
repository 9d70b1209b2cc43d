/// The Fitbit CSV files healthpipe reads, each known by its header (docs/ingest-fitbit.md,
/// "CSV files"). `columns` is the header Fitbit writes; `required` the columns read. A file
/// whose header shares `timestamp` (or `sleep_id`) and at least half of a layout's other
/// columns is taken for that layout: when a required column is missing, the read fails
/// naming it (a changed layout), instead of the file being "not a format healthpipe reads".
struct FitbitCSVLayout: Sendable {
  /// What the rows hold.
  enum Kind: String, Sendable {
    /// `Heart Rate Variability/Daily Heart Rate Variability Summary - *.csv`.
    case hrvSummary = "hrv-summary"
    /// `Oxygen Saturation (SpO2)/Daily SpO2 - *.csv`.
    case spo2Daily = "spo2-daily"
    /// `Physical Activity_GoogleData/steps_*.csv` (per minute).
    case steps
    /// `Physical Activity_GoogleData/heart_rate_*.csv` (or, by its name,
    /// `daily_resting_heart_rate*.csv`, which has the same header).
    case beatsPerMinute = "beats-per-minute"
    /// `Physical Activity_GoogleData/daily_heart_rate_variability*.csv`.
    case hrvDaily = "hrv-daily"
    /// `Physical Activity_GoogleData/weight*.csv` (grams).
    case weightGrams = "weight-grams"
    /// `Health Fitness Data_GoogleData/UserSleepStages_*.csv`.
    case sleepStages = "sleep-stages"
    /// Another `_GoogleData` file (`timestamp,…,data source`: distance, calories, ...): its
    /// rows are counted, not read.
    case notRead = "not-read"
  }

  var kind: Kind
  var columns: [String]
  var required: [String]

  static let all: [FitbitCSVLayout] = [
    FitbitCSVLayout(
      kind: .hrvSummary, columns: ["timestamp", "rmssd", "nremhr", "entropy"],
      required: ["timestamp", "rmssd"]),
    FitbitCSVLayout(
      kind: .spo2Daily, columns: ["timestamp", "average_value", "lower_bound", "upper_bound"],
      required: ["timestamp", "average_value"]),
    FitbitCSVLayout(
      kind: .steps, columns: ["timestamp", "steps", "data source"],
      required: ["timestamp", "steps"]),
    FitbitCSVLayout(
      kind: .beatsPerMinute, columns: ["timestamp", "beats per minute", "data source"],
      required: ["timestamp", "beats per minute"]),
    FitbitCSVLayout(
      kind: .hrvDaily,
      columns: [
        "timestamp", "average heart rate variability milliseconds",
        "non rem heart rate beats per minute", "entropy",
        "deep sleep root mean square of successive differences milliseconds", "data source",
      ], required: ["timestamp", "average heart rate variability milliseconds"]),
    FitbitCSVLayout(
      kind: .weightGrams, columns: ["timestamp", "weight grams", "data source"],
      required: ["timestamp", "weight grams"]),
    FitbitCSVLayout(
      kind: .sleepStages,
      columns: [
        "sleep_id", "sleep_stage_type", "start_utc_offset", "sleep_stage_start",
        "end_utc_offset", "sleep_stage_end",
      ], required: ["sleep_stage_type", "sleep_stage_start", "sleep_stage_end"]),
  ]

  /// The layout a header belongs to (with the required columns it lacks), nil for none.
  static func match(_ header: [String]) -> (FitbitCSVLayout, missing: [String])? {
    let names = Set(header.map { $0.lowercased() })
    guard let first = header.first?.lowercased(), first == "timestamp" || first == "sleep_id"
    else { return nil }
    // A complete layout first (the one with most columns, so a richer header wins).
    let complete = all.filter { $0.required.allSatisfy(names.contains) }
      .max { $0.columns.count < $1.columns.count }
    if let complete { return (complete, []) }
    for layout in all where layout.columns[0] == first {
      // `data source` ends every `_GoogleData` file: it tells no layout from another.
      let others = layout.columns.dropFirst().filter { $0 != "data source" }
      let shared = others.filter(names.contains).count
      if shared > 0 && 2 * shared >= others.count {
        return (layout, layout.required.filter { !names.contains($0) })
      }
    }
    if first == "timestamp", header.last?.lowercased() == "data source" {
      return (FitbitCSVLayout(kind: .notRead, columns: header, required: []), [])
    }
    return nil
  }
}
