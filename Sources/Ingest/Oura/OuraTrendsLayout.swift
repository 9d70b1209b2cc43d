import HealthCore
import HealthModel

/// The columns of Oura's trends CSV (membership hub → "Export data" → trends), by name
/// (docs/ingest-oura.md, "Columns"). Their order changes between exports; the header names
/// them. `Total Bedtime ` keeps Oura's trailing space and `Sleep Timin Score` its typo.
enum OuraTrendsLayout {
  /// The columns healthpipe reads or uses, by position in `layout.columns`.
  enum Column: Int, CaseIterable {
    case date, bedtimeStart, bedtimeEnd
    case lightSleep, deepSleep, remSleep, awakeTime, totalBedtime
    case averageHRV, lowestRestingHeartRate, respiratoryRate, temperatureDeviation
    case readinessScore, sleepScore, activityScore, steps, activityBurn
  }

  /// What each read column becomes.
  static func metric(_ c: Column) -> (metric: MetricID, unit: String, hrv: HRVKind)? {
    switch c {
    case .averageHRV: (.hrvRMSSD, "ms", .rmssd)
    case .lowestRestingHeartRate: (.restingHeartRate, "count/min", .none)
    case .respiratoryRate: (.respiratoryRate, "count/min", .none)
    case .temperatureDeviation: (.ouraTemperatureDeviation, "degC", .none)
    case .readinessScore: (.ouraReadinessScore, "count", .none)
    case .sleepScore: (.ouraSleepScore, "count", .none)
    case .activityScore: (.ouraActivityScore, "count", .none)
    case .steps: (.steps, "count", .none)
    case .activityBurn: (.activeEnergy, "kcal", .none)
    default: nil
    }
  }

  /// The sleep stage of each stage column (seconds in the file).
  static func stage(_ c: Column) -> SleepStage? {
    switch c {
    case .lightSleep: .asleepCore
    case .deepSleep: .asleepDeep
    case .remSleep: .asleepREM
    case .awakeTime: .awake
    case .totalBedtime: .inBed
    default: nil
    }
  }

  private static let contributor =
    "a contributor to an Oura score: Oura's own rating, not a measurement"
  private static let activityClass = "Oura's classification of the day's activity, not kept"

  /// The headers of the columns read (every present cell is a sample or a reject).
  static var read: Set<String> {
    Set(
      Column.allCases.filter { metric($0) != nil || stage($0) != nil }.map {
        layout.columns[$0.rawValue].names[0]
      })
  }

  /// The layout: the columns above in order, then the columns known and not read.
  static let layout = VendorLayout(
    title: "Oura trends CSV",
    columns: [
      VendorColumn("date", .key, required: true),
      VendorColumn("Bedtime Start", .key), VendorColumn("Bedtime End", .key),
      VendorColumn("Light Sleep Duration"), VendorColumn("Deep Sleep Duration"),
      VendorColumn("REM Sleep Duration"), VendorColumn("Awake Time"),
      VendorColumn("Total Bedtime"),
      VendorColumn("Average HRV"), VendorColumn("Lowest Resting Heart Rate"),
      VendorColumn("Respiratory Rate"), VendorColumn("Temperature Deviation (°C)"),
      VendorColumn("Readiness Score"), VendorColumn("Sleep Score"),
      VendorColumn("Activity Score"), VendorColumn("Steps"), VendorColumn("Activity Burn"),
    ] + notRead,
    minimumMatches: 4,
    hint: "Oura membership hub, My account → Export data → trends CSV")

  private static let notRead: [VendorColumn] =
    [
      "Previous Day Activity Score", "Training Frequency Score", "REM Sleep Score",
      "Stay Active Score", "Meet Daily Targets Score", "Sleep Latency Score",
      "Restfulness Score", "Previous Night Score", "HRV Balance Score", "Training Volume Score",
      "Move Every Hour Score", "Sleep Efficiency Score", "Sleep Balance Score",
      "Total Sleep Score", "Temperature Score", "Sleep Timin Score", "Sleep Timing Score",
      "Deep Sleep Score", "Recovery Index Score", "Resting Heart Rate Score",
      "Activity Balance Score",
    ].map { VendorColumn($0, .notRead(contributor)) }
    + [
      "High Activity Time", "Medium Activity Time", "Low Activity Time", "Inactive Time",
      "Rest Time", "Non-wear Time", "Long Periods of Inactivity",
    ].map { VendorColumn($0, .notRead(activityClass)) }
    + [
      VendorColumn(
        "Total Sleep Duration",
        .notRead("the sum of Light, Deep and REM Sleep Duration, which are read")),
      VendorColumn(
        "Average Resting Heart Rate",
        .notRead(
          "the mean heart rate asleep; Lowest Resting Heart Rate is read as resting heart rate")),
      VendorColumn(
        "Total Burn",
        .notRead("resting and active energy together; Activity Burn is read as active energy")),
      VendorColumn("Average MET", .notRead("Oura's activity intensity estimate")),
      VendorColumn(
        "Equivalent Walking Distance",
        .notRead("Oura's estimate of the day's activity as walking, not distance travelled")),
      VendorColumn("Restless Sleep", .notRead("Oura's count of restless periods")),
      VendorColumn(
        "Sleep Efficiency", .notRead("asleep over in-bed time, from columns that are read")),
      VendorColumn("Sleep Latency", .notRead("minutes to fall asleep, inside Total Bedtime")),
      VendorColumn("Sleep Timing", .notRead("Oura's rating of the night's midpoint")),
      VendorColumn(
        "Temperature Trend Deviation",
        .notRead("Oura's smoothed trend; Temperature Deviation is read")),
    ]
}
