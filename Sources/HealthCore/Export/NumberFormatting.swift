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

  /// At most `digits` significant digits, rounded half up in decimal, trailing zeros
  /// dropped: `significant(14.399999999999999, 12)` is `14.4`, `significant(0.1 + 0.2, 12)`
  /// is `0.3`, `significant(83.6605767228, 12)` keeps every digit. Binary noise (the last
  /// one or two of the 17 digits a Double needs) goes; every digit a device or an input
  /// wrote stays. Plain decimals for magnitudes from 0.0001 to below 1e16, else `1.5e-07`
  /// (docs/interop.md, "Numbers").
  public static func significant(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite, value != 0, digits > 0 else { return shortest(value) }
    // Whole numbers with no more digits than asked for are written as they are (fast path).
    var limit = 1.0
    for _ in 0..<min(digits, 15) { limit *= 10 }
    if value == value.rounded(), abs(value) < limit { return String(Int64(value)) }
    // The shortest round-trip text is an exact decimal; rounding its digits is exact too.
    let text = "\(abs(value))"
    var mantissa = Substring(text)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = text[..<e]
      exponent = Int(text[text.index(after: e)...]) ?? 0
    }
    let point = mantissa.firstIndex(of: ".")
    let whole = point.map { mantissa[..<$0] } ?? mantissa
    let fraction = point.map { mantissa[mantissa.index(after: $0)...] } ?? ""
    var all = Array((whole + fraction).utf8).map { Int($0) - 48 }
    let leadingZeros = all.prefix { $0 == 0 }.count
    all.removeFirst(leadingZeros)
    // value = 0.d1 d2 d3 ... x 10^e10
    var e10 = whole.count + exponent - leadingZeros
    if all.count > digits {
      let roundUp = all[digits] >= 5
      all.removeLast(all.count - digits)
      if roundUp {
        var i = digits - 1
        while i >= 0 {
          if all[i] == 9 {
            all[i] = 0
            i -= 1
          } else {
            all[i] += 1
            break
          }
        }
        if i < 0 {
          all.insert(1, at: 0)
          all.removeLast()
          e10 += 1
        }
      }
    }
    while all.count > 1, all.last == 0 { all.removeLast() }
    let d = String(all.map { Character(Unicode.Scalar(UInt8($0 + 48))) })
    var out = value < 0 ? "-" : ""
    if e10 > -4 && e10 <= 16 {
      if e10 <= 0 {
        out += "0." + String(repeating: "0", count: -e10) + d
      } else if d.count <= e10 {
        out += d + String(repeating: "0", count: e10 - d.count)
      } else {
        out += d.prefix(e10) + "." + d.dropFirst(e10)
      }
    } else {
      let scientific = e10 - 1
      out += d.prefix(1) + (d.count > 1 ? "." + d.dropFirst() : "")
      let magnitude = String(abs(scientific))
      out += "e" + (scientific < 0 ? "-" : "+") + (magnitude.count < 2 ? "0" : "") + magnitude
    }
    return out
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
