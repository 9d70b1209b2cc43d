import Foundation

/// Mean and sample standard deviation, summed in the order given. In HealthCore because the
/// aggregate windows and the report's summaries (bedtime spread, trend sentences) use the same.
public enum Statistics {
  /// The arithmetic mean; nil for no values.
  public static func mean(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    return values.reduce(0, +) / Double(values.count)
  }

  /// The sample standard deviation (n − 1 in the denominator); nil below two values.
  public static func sampleSD(_ values: [Double]) -> Double? {
    guard values.count >= 2, let m = mean(values) else { return nil }
    let squares = values.reduce(0.0) { $0 + ($1 - m) * ($1 - m) }
    return (squares / Double(values.count - 1)).squareRoot()
  }
}
