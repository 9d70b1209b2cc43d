/// How a metric behaves over time; this decides de-duplication and daily aggregation.
public enum MetricKind: String, Sendable, Codable, CaseIterable {
  /// Amounts that add up over an interval (steps, energy, distance, exercise minutes).
  /// Overlaps across sources are resolved pro rata by time; days are sums.
  case cumulative
  /// Instantaneous or short-window measurements (heart rate, HRV, SpO2, temperatures).
  case point
  /// Body measurements (weight, body fat, BMI): the day's last value counts.
  case body
  /// Sleep analysis segments (category value = stage, value = minutes).
  case sleep
  /// Workouts (value = minutes excluding pauses; category = activity type) and their
  /// energy and distance totals.
  case workout
  /// Apple's own daily activity summaries (`ActivitySummary`). Kept, never mixed with the
  /// raw samples they summarise.
  case summary
}

/// How the aggregate stage turns a day's samples into one daily value.
public enum DailyAggregation: String, Sendable, Codable {
  /// Sum (cumulative metrics; samples across midnight are split pro rata).
  case sum
  /// Mean, with min and max.
  case mean
  /// The day's last value (by start time).
  case last
}

/// Whether an HRV value is SDNN (Apple) or RMSSD (Oura, Fitbit, Garmin). Never mixed.
public enum HRVKind: String, Sendable, Codable, CaseIterable {
  /// Not an HRV sample.
  case none = ""
  /// Standard deviation of NN intervals, as Apple Watch reports.
  case sdnn = "SDNN"
  /// Root mean square of successive differences, as other vendors report.
  case rmssd = "RMSSD"
}

/// What kind of device or process produced a sample.
public enum SourceKind: String, Sendable, Codable, CaseIterable {
  /// A watch (Apple Watch, or a device whose model says Watch).
  case watch
  /// A phone (iPhone).
  case phone
  /// A connected scale (Withings, ...).
  case scale
  /// A third-party app.
  case app
  /// Entered by hand (`HKWasUserEntered` = 1).
  case manual
  /// Not known.
  case unknown
}
