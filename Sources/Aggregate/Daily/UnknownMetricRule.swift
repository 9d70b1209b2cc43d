import HealthCore

/// How the daily value of a metric the catalog does not know is formed, so that nothing
/// disappears (design section 4: raw type names are kept).
///
/// The sample's unit decides: amounts (counts, energy, mass of food, volumes, lengths,
/// durations) are summed per day, split at midnight like the catalog's cumulative metrics;
/// every other unit (rates, percentages, concentrations, temperatures, no unit) is averaged
/// with min and max, and `n` keeps the number of samples.
public enum UnknownMetricRule {
  /// Units whose values add up over a day.
  public static let summedUnits: Set<String> = [
    "count", "kcal", "Cal", "cal", "kJ", "J", "g", "mg", "mcg", "µg", "ug", "mL", "ml", "L",
    "l", "fl_oz_us", "fl_oz_imp", "oz", "km", "m", "cm", "mi", "ft", "yd", "min", "s", "hr",
    "h", "steps", "IU",
  ]

  /// `.sum` for amounts, `.mean` for everything else.
  public static func aggregation(unit: String) -> DailyAggregation {
    summedUnits.contains(unit) ? .sum : .mean
  }
}
