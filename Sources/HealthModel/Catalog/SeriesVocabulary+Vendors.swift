extension SeriesVocabulary {
  /// The vendors' own series (`MetricCatalog.vendorSeries`), after every series healthpipe
  /// computes itself: each named with its vendor, never mixed with healthpipe's scores.
  static let vendorSeries: [SeriesFormat] = [
    SeriesFormat(
      .ouraReadinessScore, "Oura readiness score", unit: "points", decimals: 0,
      "Oura's own readiness score for the day (0-100), as the Oura app showed it; not "
        + "healthpipe's condition score."),
    SeriesFormat(
      .ouraSleepScore, "Oura sleep score", unit: "points", decimals: 0,
      "Oura's own sleep score for the night ending that day (0-100); not healthpipe's sleep "
        + "score."),
    SeriesFormat(
      .ouraActivityScore, "Oura activity score", unit: "points", decimals: 0,
      "Oura's own activity score for the day (0-100)."),
    SeriesFormat(
      .ouraTemperatureDeviation, "Oura temperature deviation", unit: "°C", decimals: 2,
      "Oura's skin-temperature deviation from the person's own baseline for the night ending "
        + "that day: a difference in °C, not a temperature."),
    SeriesFormat(
      .whoopRecovery, "WHOOP recovery", unit: "%", scale: 100, decimals: 0,
      "WHOOP's own recovery score for the day (0-100 %); not healthpipe's condition score."),
    SeriesFormat(
      .whoopDayStrain, "WHOOP day strain", unit: "strain", decimals: 1,
      "WHOOP's day strain (0-21) for the cycle of that day."),
    SeriesFormat(
      .whoopSleepPerformance, "WHOOP sleep performance", unit: "%", scale: 100, decimals: 0,
      "WHOOP's sleep performance for the night ending that day: sleep got against the sleep "
        + "WHOOP judged needed (0-100 %)."),
    SeriesFormat(
      .whoopEnergy, "WHOOP energy burned", unit: "kcal", decimals: 0,
      "Energy WHOOP reports burned over the cycle of that day, resting and active together."),
  ]
}
