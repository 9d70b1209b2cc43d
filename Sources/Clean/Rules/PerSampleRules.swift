import HealthModel

// The per-sample checks of the clean stage, in the order `SampleIntake` applies them (first
// failure wins; docs/clean.md, "Order of the rules"). Each rule says whether a sample passes
// and, for the rejects table, why it did not. Unit normalisation (`UnitNormalisation`),
// ranges (`RangeValidation`) and exact duplicates (`ExactDuplicates`) have files of their own.

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

/// Rule: a sample whose start or end lies outside the years 0001-9999, or whose UTC offset
/// is beyond ±18:59, is rejected (`out-of-range`) before any other time rule looks at it.
/// No reader produces one; a samples table with valid checksums but such a value (a damaged
/// or hand-made file) made aggregate trap on `Int64.max`. Decision (docs/clean.md,
/// "Order of the rules"); the range is `SampleTimeRange`.
enum TimeRangeRule {
  /// Whether the sample passes.
  static func passes(start: Int64, end: Int64, utcOffset: Int32) -> Bool {
    SampleTimeRange.contains(start: start, end: end, utcOffset: utcOffset)
  }

  /// `starts at epoch 9223372036854775807, outside the years 0001-9999` (or the end, or the
  /// offset), naming the first part that is out.
  static func reason(start: Int64, end: Int64, utcOffset: Int32) -> String {
    func outside(_ t: Int64) -> Bool {
      t < SampleTimeRange.earliest || t > SampleTimeRange.latest
    }
    if outside(start) {
      return "starts at epoch second \(start), outside the years 0001-9999"
    }
    if outside(end) { return "ends at epoch second \(end), outside the years 0001-9999" }
    return "UTC offset of \(utcOffset) s is beyond ±18:59"
  }
}

/// Rule: a sample that ends before it starts is rejected (`end-before-start`). A sample
/// that ends when it starts (an instantaneous reading) is fine.
enum EndBeforeStartRule {
  /// Whether the sample passes.
  static func passes(start: Int64, end: Int64) -> Bool { end >= start }

  /// `ends 90 s before it starts (2024-01-01T08:00:00Z)`.
  static func reason(start: Int64, end: Int64) -> String {
    "ends \(ReasonFormatting.duration(start - end)) before it starts (start \(ReasonFormatting.instant(start)), "
      + "end \(ReasonFormatting.instant(end)))"
  }
}

/// Rule: a sample that starts after its input's export date (Apple's `ExportDate`) is
/// rejected (`future-date`); starting exactly at the export date is fine. Inputs that do
/// not declare an export date (Health Auto Export, long CSV) are not checked, and the
/// manifest says so.
enum FutureDateRule {
  /// Whether the sample passes (always, when the input has no export date).
  static func passes(start: Int64, exportDate: Int64?) -> Bool {
    guard let exportDate else { return true }
    return start <= exportDate
  }

  /// `starts 2030-01-01T08:00:00Z, after the export date 2019-06-17T18:05:12Z of input 0`.
  static func reason(start: Int64, exportDate: Int64, file: Int32) -> String {
    "starts \(ReasonFormatting.instant(start)), after the export date \(ReasonFormatting.instant(exportDate)) "
      + "of input \(file)"
  }
}

/// Rule: a sample whose interval lasts longer than `maxDays` days is rejected
/// (`out-of-range`). No device records one reading over more than a year; such an interval
/// comes from a broken clock or a mangled export (`1000-01-01` to `9999-01-01`), and a
/// cumulative one would be split pro rata over every day it covers, which made aggregate
/// run for hours. Decision (docs/clean.md, "Ranges").
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
    return
      "lasts \(ReasonFormatting.number(days)) days (from \(ReasonFormatting.instant(start)) to "
      + "\(ReasonFormatting.instant(end))), longer than \(maxDays) days"
  }
}

/// Rule: a sleep row must name a sleep stage (`SleepStage` raw value) in its category, or
/// sleep arbitration cannot tell asleep from in-bed; otherwise it is rejected
/// (`unknown-category`). Ingest already rejects unknown stages; this guards tables written
/// by other means.
enum SleepStageRule {
  /// Whether the sample passes.
  static func passes(category: String, isSleep: Bool) -> Bool {
    !isSleep || SleepStage(rawValue: category) != nil
  }

  /// `sleep stage 'nap' is not one of inBed, asleepUnspecified, ...`.
  static func reason(category: String) -> String {
    "sleep stage '\(category)' is not one of "
      + SleepStage.allCases.map(\.rawValue).joined(separator: ", ")
  }
}
