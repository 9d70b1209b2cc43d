import HealthModel

/// Rounding of scores: half up to a whole number (docs/aggregate.md, "Scores").
public enum ScoreRounding {
  /// Rounds half up. The value is first snapped to 9 decimals, so that a result that is
  /// exactly x.5 on paper but x.4999999999 in binary still rounds up.
  public static func halfUp(_ value: Double) -> Int64 {
    let snapped = (value * 1e9).rounded() / 1e9
    return Int64(NumberFormatting.roundHalfUp(snapped))
  }

  /// `num / den` rounded half up, exactly, for whole numbers (den > 0, num ≥ 0).
  public static func halfUp(_ numerator: Int64, over denominator: Int64) -> Int64 {
    (2 * numerator + denominator) / (2 * denominator)
  }

  /// Clamps to 0...100.
  public static func clamp(_ value: Double) -> Double { min(100, max(0, value)) }
}
