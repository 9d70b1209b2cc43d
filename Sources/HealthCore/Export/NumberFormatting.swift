/// Text forms of numbers for CSV, NDJSON, reports and rejects: shortest round-trip,
/// no trailing `.0`, and never locale-dependent.
public enum NumberFormatting {
  /// Shortest text that reads back as the same Double: `72`, `0.96`, `1e-07`, `nan`.
  public static func shortest(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    return "\(value)"
  }

  /// Fixed decimals, rounded half away from zero: `fixed(2.345, 1)` is `2.3` or `2.4` as the
  /// binary value lies; `fixed(72, 0)` is `72`. A value too large for 64-bit digits (a
  /// damaged table's 1e300) is written as `shortest` does instead of trapping.
  public static func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return shortest(value) }
    var scale = 1.0
    for _ in 0..<max(0, decimals) { scale *= 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 0x1p63 else { return shortest(value) }
    let negative = value < 0 && scaled != 0
    let whole = Int64(scaled / scale)
    var text = String(whole)
    if decimals > 0 {
      var frac = String(Int64(scaled - Double(whole) * scale))
      while frac.count < decimals { frac = "0" + frac }
      text += "." + frac
    }
    return negative ? "-" + text : text
  }

  /// Rounds half up to a whole number (design: "every score is rounded half up"). Values
  /// beyond the range of `Int` saturate, and `nan` gives 0, instead of trapping (only a
  /// damaged table holds such a number).
  public static func roundHalfUp(_ value: Double) -> Int {
    let rounded = (value + 0.5).rounded(.down)
    guard !rounded.isNaN else { return 0 }
    // Symmetric (`-Int.max`, not `Int.min`), so the result's magnitude never traps either.
    if rounded >= 0x1p63 { return .max }
    if rounded <= -0x1p63 { return -.max }
    return Int(rounded)
  }
}
