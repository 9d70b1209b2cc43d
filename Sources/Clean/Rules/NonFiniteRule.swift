import HealthCore

/// Rule: a value (or a minimum or maximum) that is NaN or infinite is rejected
/// (`non-finite`). Checked on the canonical values, after unit normalisation.
enum NonFiniteRule {
  /// Whether the sample passes.
  static func passes(value: Double, extremes: Extremes?) -> Bool {
    value.isFinite && (extremes?.minimum?.isFinite ?? true) && (extremes?.maximum?.isFinite ?? true)
  }

  /// `value is nan`, `minimum is -inf`.
  static func reason(original: Double, extremes: Extremes?) -> String {
    if !original.isFinite { return "value is \(NumberFormatting.shortest(original))" }
    if let m = extremes?.minimum, !m.isFinite {
      return "minimum is \(NumberFormatting.shortest(m))"
    }
    if let m = extremes?.maximum, !m.isFinite {
      return "maximum is \(NumberFormatting.shortest(m))"
    }
    return "value is not finite after conversion to the canonical unit"
  }
}
