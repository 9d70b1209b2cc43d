/// Rule: a sample whose interval lasts longer than `maxDays` days is rejected
/// (`out-of-range`). No device records one reading over more than a year; such an interval
/// comes from a broken clock or a mangled export (`1000-01-01` to `9999-01-01`), and a
/// cumulative one would be split pro rata over every day it covers, which made aggregate
/// run for hours. Decision where the design is silent.
enum IntervalLengthRule {
  /// The longest interval kept, in days.
  static let maxDays: Int64 = 366

  /// Whether the sample passes (an end before the start is `EndBeforeStartRule`'s).
  static func passes(start: Int64, end: Int64) -> Bool {
    let (length, overflow) = end.subtractingReportingOverflow(start)
    return !overflow && length <= maxDays * 86_400
  }

  /// `lasts 3286817.0417 days (from 1000-01-01T08:00:00Z to 9999-01-01T09:00:00Z), longer
  /// than 366 days`.
  static func reason(start: Int64, end: Int64) -> String {
    let days = (Double(end) - Double(start)) / 86_400
    return "lasts \(Readable.number(days)) days (from \(Readable.instant(start)) to "
      + "\(Readable.instant(end))), longer than \(maxDays) days"
  }
}
