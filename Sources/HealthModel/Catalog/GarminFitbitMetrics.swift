// Vendors' own series: Garmin and Fitbit (docs/ingest-garmin.md, docs/ingest-fitbit.md).
//
// Kept apart from healthpipe's metrics on purpose. A vendor's score (Garmin's stress level,
// Body Battery, sleep score) is the vendor's computation, shown under the vendor's name and
// never mixed with healthpipe's condition, sleep or wellness scores; Garmin's daily
// minimum and maximum heart rate are the vendor's daily summary, not readings. Daily
// summaries are `summary` metrics (no arbitration, the day's last value), like Apple's
// activity summaries; stress readings through the day are `point` readings averaged per day.

extension MetricID {
  /// Garmin's stress score (0-100) at one moment, from FIT `stress_level` messages.
  public static let garminStressLevel: MetricID = "garminStressLevel"
  /// Garmin's average stress score of a day (Garmin Connect's daily summary, `TOTAL`).
  public static let garminDailyStress: MetricID = "garminDailyStress"
  /// Garmin's Body Battery (0-100) of a day: the day's highest, with its lowest as minimum.
  public static let garminBodyBattery: MetricID = "garminBodyBattery"
  /// Garmin's sleep score (0-100) of a night, on its wake date.
  public static let garminSleepScore: MetricID = "garminSleepScore"
  /// Garmin Connect's lowest heart rate of a day.
  public static let garminMinHeartRate: MetricID = "garminMinHeartRate"
  /// Garmin Connect's highest heart rate of a day.
  public static let garminMaxHeartRate: MetricID = "garminMaxHeartRate"
}

/// The catalog entries and the daily-table formats of the Garmin and Fitbit vendors'
/// own series.
public enum GarminFitbitMetrics {
  /// Catalog entries (appended to `MetricCatalog.all`).
  public static let catalog: [MetricInfo] = [
    MetricInfo(
      .garminStressLevel, kind: .point, aggregation: .mean,
      unit: "count"),
    MetricInfo(
      .garminDailyStress, kind: .summary, aggregation: .last,
      unit: "count"),
    MetricInfo(
      .garminBodyBattery, kind: .summary, aggregation: .last,
      unit: "count"),
    MetricInfo(
      .garminSleepScore, kind: .summary, aggregation: .last,
      unit: "count"),
    MetricInfo(
      .garminMinHeartRate, kind: .summary,
      aggregation: .last, unit: "count/min"),
    MetricInfo(
      .garminMaxHeartRate, kind: .summary,
      aggregation: .last, unit: "count/min"),
  ]

  /// Daily-table formats (placed before the goal columns of `SeriesVocabulary.all`).
  public static let series: [SeriesFormat] = [
    SeriesFormat(
      .garminStressLevel, "Garmin stress level", unit: "score", decimals: 1,
      "Mean of the day's stress readings as Garmin computes them (0-100; Garmin's own score, "
        + "not healthpipe's).", shownUnit: "Garmin stress"),
    SeriesFormat(
      .garminDailyStress, "Garmin daily stress", unit: "score", decimals: 0,
      "Garmin Connect's average stress of the day (0-100; Garmin's own score).",
      shownUnit: "Garmin stress"),
    SeriesFormat(
      .garminBodyBattery, "Garmin Body Battery", unit: "score", decimals: 0,
      "Garmin's Body Battery: the day's highest, with the lowest in _min (Garmin's own "
        + "score, 0-100).", shownUnit: "Body Battery"),
    SeriesFormat(
      .garminSleepScore, "Garmin sleep score", unit: "score", decimals: 0,
      "Garmin's score of the night that ended this day (0-100; Garmin's own score, not "
        + "healthpipe's sleep score).", shownUnit: "Garmin score"),
    SeriesFormat(
      .garminMinHeartRate, "Garmin daily minimum heart rate", unit: "bpm", decimals: 0,
      "The lowest heart rate of the day in Garmin Connect's daily summary."),
    SeriesFormat(
      .garminMaxHeartRate, "Garmin daily maximum heart rate", unit: "bpm", decimals: 0,
      "The highest heart rate of the day in Garmin Connect's daily summary."),
  ]
}
