// Vendors' own scores and daily values (docs/ingest-oura.md, docs/ingest-whoop.md).
//
// Each is its vendor's number, computed by the vendor's own method: kept as a series of its
// own, named with the vendor, shown as the vendor's and never mixed with healthpipe's scores
// (condition, sleep, body, wellness) or with the measurements of other devices. Their kind
// is `summary` (one value per day, the day's last; no arbitration between sources, since
// only one vendor writes each).

extension MetricID {
  /// Oura's readiness score (0-100) for a date.
  public static let ouraReadinessScore: MetricID = "ouraReadinessScore"
  /// Oura's sleep score (0-100) for the night ending on a date.
  public static let ouraSleepScore: MetricID = "ouraSleepScore"
  /// Oura's activity score (0-100) for a date.
  public static let ouraActivityScore: MetricID = "ouraActivityScore"
  /// Oura's skin-temperature deviation from the person's own baseline (°C), for the night
  /// ending on a date: a difference, not a temperature.
  public static let ouraTemperatureDeviation: MetricID = "ouraTemperatureDeviation"
  /// WHOOP's recovery score (0-100 %) for a cycle.
  public static let whoopRecovery: MetricID = "whoopRecovery"
  /// WHOOP's day strain (0-21) for a cycle.
  public static let whoopDayStrain: MetricID = "whoopDayStrain"
  /// WHOOP's sleep performance (0-100 %): sleep got against sleep needed.
  public static let whoopSleepPerformance: MetricID = "whoopSleepPerformance"
  /// WHOOP's energy burned for a cycle (kcal, resting and active together).
  public static let whoopEnergy: MetricID = "whoopEnergy"
}

extension MetricCatalog {
  /// The vendors' own series, after the metrics every source shares.
  static let vendorSeries: [MetricInfo] = [
    MetricInfo(
      .ouraReadinessScore, kind: .summary, aggregation: .last,
      unit: "count"),
    MetricInfo(
      .ouraSleepScore, kind: .summary, aggregation: .last, unit: "count"),
    MetricInfo(
      .ouraActivityScore, kind: .summary, aggregation: .last,
      unit: "count"),
    MetricInfo(
      .ouraTemperatureDeviation, kind: .summary,
      aggregation: .last, unit: "degC"),
    MetricInfo(
      .whoopRecovery, kind: .summary, aggregation: .last, unit: "fraction"),
    MetricInfo(
      .whoopDayStrain, kind: .summary, aggregation: .last, unit: "count"),
    MetricInfo(
      .whoopSleepPerformance, kind: .summary, aggregation: .last,
      unit: "fraction"),
    MetricInfo(
      .whoopEnergy, kind: .summary, aggregation: .last, unit: "kcal"),
  ]
}
