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
      .ouraReadinessScore, "Oura readiness score", kind: .summary, aggregation: .last,
      unit: "count", display: "points"),
    MetricInfo(
      .ouraSleepScore, "Oura sleep score", kind: .summary, aggregation: .last, unit: "count",
      display: "points"),
    MetricInfo(
      .ouraActivityScore, "Oura activity score", kind: .summary, aggregation: .last,
      unit: "count", display: "points"),
    MetricInfo(
      .ouraTemperatureDeviation, "Oura temperature deviation", kind: .summary,
      aggregation: .last, unit: "degC", display: "°C"),
    MetricInfo(
      .whoopRecovery, "WHOOP recovery", kind: .summary, aggregation: .last, unit: "fraction",
      display: "%", displayScale: 100),
    MetricInfo(
      .whoopDayStrain, "WHOOP day strain", kind: .summary, aggregation: .last, unit: "count",
      display: "strain"),
    MetricInfo(
      .whoopSleepPerformance, "WHOOP sleep performance", kind: .summary, aggregation: .last,
      unit: "fraction", display: "%", displayScale: 100),
    MetricInfo(
      .whoopEnergy, "WHOOP energy burned", kind: .summary, aggregation: .last, unit: "kcal"),
  ]
}
