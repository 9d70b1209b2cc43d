import HealthModel

/// Rule: plausible ranges per sample, in canonical units, boundaries included (docs/clean.md,
/// "Ranges"). A value outside is rejected (`out-of-range`) with the numbers in the reason.
///
/// - The table of docs/clean.md: `ranges` below.
/// - Sleep segments: longer than 0 and at most 24 h (checked on the interval, not the value).
/// - Decision: amounts of cumulative metrics (steps, energy,
///   distance, minutes, ...) may not be negative; other metrics have no range.
/// - A value on a boundary in the unit it was given in stays on it after conversion:
///   bounds are widened by 1e-9 of their size to absorb binary rounding (86 degF is 30 °C).
enum RangeValidation {
  /// The table of docs/clean.md, "Ranges", canonical units.
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

  /// A metric's check, looked up once per metric (not per sample).
  struct Limit: Sendable {
    private enum Check: Sendable {
      case none
      case value(low: Double, high: Double)
      case sleepLength
    }
    private let check: Check

    /// The check for a catalog metric.
    init(_ info: MetricInfo) {
      if info.kind == .sleep {
        check = .sleepLength
      } else if let range = RangeValidation.range(for: info) {
        check = .value(
          low: range.lowerBound - RangeValidation.slack(range.lowerBound),
          high: range.upperBound + RangeValidation.slack(range.upperBound))
      } else {
        check = .none
      }
    }

    /// No check (metrics outside the catalog).
    init() { check = .none }

    /// Whether the sample passes.
    @inline(__always)
    func passes(value: Double, start: Int64, end: Int64) -> Bool {
      switch check {
      case .none: return true
      case .value(let low, let high): return value >= low && value <= high
      case .sleepLength:
        let length = end - start
        return length > 0 && length <= maxSleepSegment
          && RangeValidation.sleepMinutesFit(value, length: length)
      }
    }
  }

  /// Whether a sleep row's minutes fit its interval: a stage's time can never exceed the
  /// time it was recorded over (a segment's minutes are its interval; a per-night summary
  /// holds at most its window), within 1 minute or 1 % like `SleepMeasure.isSegment`.
  static func sleepMinutesFit(_ minutes: Double, length: Int64) -> Bool {
    let interval = Double(length) / 60
    return minutes >= 0 && minutes <= interval + max(1, 0.01 * interval)
  }

  /// `312 bpm is above 250`, `sleep segment of 25 h is longer than 24 h`, `sleep row of
  /// 4.9e16 min is more than its interval of 9 h 17 min holds`.
  static func reason(value: Double, start: Int64, end: Int64, info: MetricInfo) -> String {
    if info.kind == .sleep {
      let length = end - start
      if length <= 0 {
        return "sleep segment of \(ReasonFormatting.duration(length)) has no length"
      }
      if length > maxSleepSegment {
        return "sleep segment of \(ReasonFormatting.duration(length)) is longer than 24 h"
      }
      return value < 0
        ? "sleep row of \(NumberFormatting.shortest(value)) min is negative"
        : "sleep row of \(NumberFormatting.shortest(value)) min is more than its interval of "
          + "\(ReasonFormatting.duration(length)) holds"
    }
    guard let range = range(for: info) else { return "value is outside its range" }
    if value < range.lowerBound {
      return
        "\(ReasonFormatting.quantity(value, info)) is below \(ReasonFormatting.bound(range.lowerBound, info))"
    }
    return
      "\(ReasonFormatting.quantity(value, info)) is above \(ReasonFormatting.bound(range.upperBound, info))"
  }

  fileprivate static func slack(_ bound: Double) -> Double {
    bound.isFinite ? 1e-9 * max(1, abs(bound)) : 0
  }
}
