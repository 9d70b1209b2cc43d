import HealthCore

/// Rule: plausible ranges per sample, in canonical units, boundaries included (design
/// section 6). A value outside is rejected (`out-of-range`) with the numbers in the reason.
///
/// - The design's table: `ranges` below.
/// - Sleep segments: longer than 0 and at most 24 h (checked on the interval, not the value).
/// - Decision where the design is silent: amounts of cumulative metrics (steps, energy,
///   distance, minutes, ...) may not be negative; other metrics have no range.
/// - A value on a boundary in the unit it was given in stays on it after conversion:
///   bounds are widened by 1e-9 of their size to absorb binary rounding (86 degF is 30 °C).
enum RangeValidation {
  /// The design's table, canonical units.
  static let ranges: [MetricID: ClosedRange<Double>] = [
    .hrvSDNN: 1...300,
    .heartRate: 25...250,
    .restingHeartRate: 25...200,
    .bodyMass: 20...500,
    .bodyFat: 0.02...0.75,
    .bmi: 10...80,
    .spo2: 0.70...1.00,
    .respiratoryRate: 4...60,
    .vo2Max: 10...90,
    .hrRecovery: 0...120,
    .wristTemperature: 30...42,
    .bodyTemperature: 30...45,
    .steps: 0...50_000,
  ]

  /// The longest sleep segment kept, seconds.
  static let maxSleepSegment: Int64 = 86_400

  /// The range that applies to a metric, if any.
  static func range(for info: MetricInfo) -> ClosedRange<Double>? {
    if let range = ranges[info.id] { return range }
    if info.kind == .cumulative { return 0...Double.infinity }
    return nil
  }

  /// Whether the sample passes.
  static func passes(value: Double, start: Int64, end: Int64, info: MetricInfo) -> Bool {
    if info.kind == .sleep {
      let length = end - start
      return length > 0 && length <= maxSleepSegment
    }
    guard let range = range(for: info) else { return true }
    return value >= range.lowerBound - slack(range.lowerBound)
      && value <= range.upperBound + slack(range.upperBound)
  }

  /// `312 bpm is above 250`, `sleep segment of 25 h is longer than 24 h`.
  static func reason(value: Double, start: Int64, end: Int64, info: MetricInfo) -> String {
    if info.kind == .sleep {
      let length = end - start
      return length <= 0
        ? "sleep segment of \(Readable.duration(length)) has no length"
        : "sleep segment of \(Readable.duration(length)) is longer than 24 h"
    }
    guard let range = range(for: info) else { return "value is outside its range" }
    if value < range.lowerBound {
      return "\(Readable.quantity(value, info)) is below \(Readable.bound(range.lowerBound, info))"
    }
    return "\(Readable.quantity(value, info)) is above \(Readable.bound(range.upperBound, info))"
  }

  private static func slack(_ bound: Double) -> Double {
    bound.isFinite ? 1e-9 * max(1, abs(bound)) : 0
  }
}
