/// Converts a value from the unit an input used to the canonical unit of its metric.
///
/// Canonical units (docs/clean.md, "Units"): kg, km, kcal, °C, ms, bpm (count/min), minutes,
/// fraction 0-1 for percentages; cm for height, mL for water, mL/(kg·min) for VO2 max.
/// An unknown unit, or one of the wrong dimension, gives nil: a reject, never a guess.
public enum UnitConverter {
  /// The canonical value, or nil when `unit` is unknown or cannot express `metric`.
  ///
  /// - Parameters:
  ///   - value: the value as read.
  ///   - unit: the unit as read (`lb`, `degF`, `%`, `count/min`, ...).
  ///   - canonicalUnit: the target (a `MetricInfo.canonicalUnit`).
  ///   - percent: how `%` is meant in the input this came from.
  public static func convert(
    _ value: Double, from unit: String, to canonicalUnit: String, percent: PercentConvention
  ) -> Double? {
    if unit == canonicalUnit { return value }
    guard let target = definition(of: canonicalUnit, percent: .fraction) else { return nil }
    guard let source = definition(of: unit, percent: percent) else { return nil }
    guard source.dimension == target.dimension else {
      // A count with an empty unit is acceptable for count-like canonical units only.
      return nil
    }
    let base = value * source.factor + source.offset
    return (base - target.offset) / target.factor
  }

  /// Whether the unit string is known at all.
  public static func isKnown(_ unit: String) -> Bool {
    unit == "%" || UnitTable.definition(of: unit) != nil
  }

  private static func definition(of unit: String, percent: PercentConvention) -> UnitTable
    .Definition?
  {
    if unit == "%" {
      return UnitTable.Definition(
        dimension: .fraction, factor: percent == .hundred ? 0.01 : 1, offset: 0)
    }
    return UnitTable.definition(of: unit)
  }
}
