import HealthCore

/// Rule: a sample whose start or end lies outside the years 0001-9999, or whose UTC offset
/// is beyond ±18:59, is rejected (`out-of-range`) before any other time rule looks at it.
/// No reader produces one; a samples table with valid checksums but such a value (a damaged
/// or hand-made file) made aggregate trap on `Int64.max`. Decision where the design is
/// silent; the range is `SampleTimeRange`.
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
