import HealthModel

/// How the daily value of a metric the catalog does not know is formed, so that nothing
/// disappears (raw type names are kept; docs/aggregate.md, "Daily values").
///
/// - A HealthKit quantity type (by its identifier, or Health Auto Export's name for it)
///   follows Apple's own aggregation style (`HealthKitQuantityTypes`): cumulative types are
///   summed per day, split at midnight like the catalog's cumulative metrics; discrete
///   types (UV exposure, audio levels, walking asymmetry, speeds, ...) are averaged with
///   min and max, whatever their unit.
/// - Any other name: the sample's unit decides. Amounts (counts, energy, mass of food,
///   volumes, lengths, durations) are summed; every other unit (rates, percentages,
///   concentrations, temperatures, no unit) is averaged with min and max.
///
/// `n` keeps the number of samples either way.
public enum UnknownMetricRule {
  /// Units whose values add up over a day.
  public static let summedUnits: Set<String> = [
    "count", "kcal", "Cal", "cal", "kJ", "J", "g", "mg", "mcg", "µg", "ug", "mL", "ml", "L",
    "l", "fl_oz_us", "fl_oz_imp", "oz", "km", "m", "cm", "mi", "ft", "yd", "min", "s", "hr",
    "h", "steps", "IU",
  ]

  /// `.sum` for cumulative HealthKit types and amounts, `.mean` for everything else.
  public static func aggregation(metric: MetricID, unit: String) -> DailyAggregation {
    if let entry = HealthKitQuantityTypes.entry(named: metric.rawValue) {
      return entry.style.isCumulative ? .sum : .mean
    }
    return aggregation(unit: unit)
  }

  /// The unit rule alone: `.sum` for amounts, `.mean` for everything else.
  public static func aggregation(unit: String) -> DailyAggregation {
    summedUnits.contains(unit) ? .sum : .mean
  }
}
