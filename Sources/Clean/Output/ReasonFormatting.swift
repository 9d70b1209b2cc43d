import HealthModel

/// Number and time texts for human-readable reject reasons.
enum ReasonFormatting {
  /// A number rounded to at most four decimals, without trailing zeros: `68.0389`, `37`.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return NumberFormatting.shortest(value) }
    let rounded = (value * 10_000).rounded() / 10_000
    return NumberFormatting.shortest(rounded == 0 ? 0 : rounded)
  }

  /// A canonical value as people read it: scaled for display and with the display unit
  /// (`312 bpm`, `65 %`, `80.5 kg`).
  static func quantity(_ value: Double, _ info: MetricInfo) -> String {
    let text = number(value * info.displayScale)
    return info.displayUnit.isEmpty ? text : text + " " + info.displayUnit
  }

  /// A bound in the same scale as `quantity`, without the unit.
  static func bound(_ value: Double, _ info: MetricInfo) -> String {
    number(value * info.displayScale)
  }

  /// An instant as ISO 8601 in UTC: `2024-01-01T08:00:00Z`.
  static func instant(_ epochSeconds: Int64) -> String {
    TimestampParser.formatISO(epochSeconds: epochSeconds, utcOffset: 0)
  }

  /// A duration in seconds as `90 s`, `12.5 min` or `25.5 h`.
  static func duration(_ seconds: Int64) -> String {
    if abs(seconds) < 120 { return "\(seconds) s" }
    if abs(seconds) < 7_200 { return number(Double(seconds) / 60) + " min" }
    return number(Double(seconds) / 3_600) + " h"
  }

  /// `input 0 record 12` for an origin.
  static func origin(_ origin: Origin) -> String {
    "input \(origin.file) record \(origin.record)"
  }
}
