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
    var d = DecimalDigits(value)
    d.round(keeping: digits)
    return d.text()
  }

  /// Exactly `decimals` decimals of the value as people mean it: first its binary noise
  /// goes (12 significant digits, as `significant`), then it is rounded half away from
  /// zero in decimal. A sum of sleep intervals stored as 128.74999999999997 minutes is
  /// 128.75 and so `128.8` with one decimal, where `fixed` gives `128.7`; SQLite's
  /// `round()` agrees (docs/interop.md, "Numbers").
  public static func decimal(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return shortest(value) }
    guard value != 0 else { return fixed(0, decimals) }
    // `DecimalDigits`' steps on digits kept in a stack buffer (the daily CSV files write a
    // number per cell); `decimalByDigits` is the same on its arrays, for the tests.
    if decimals <= 40, let text = FixedDecimalText.text(value, decimals: max(0, decimals)) {
      return text
    }
    return decimalByDigits(value, decimals)
  }

  /// `decimal` through `DecimalDigits`.
  static func decimalByDigits(_ value: Double, _ decimals: Int) -> String {
    var d = DecimalDigits(value)
    d.round(keeping: 12)
    d.round(keeping: d.exponent + max(0, decimals))
    return d.fixedText(decimals: max(0, decimals))
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

  /// Rounds half up to a whole number (docs/aggregate.md, "Scores": every score is rounded
  /// half up). Values
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

/// A finite, non-zero Double as decimal digits: value = ±0.d1 d2 d3 … × 10^exponent, read
/// from its shortest round-trip text (an exact decimal), so rounding them is exact.
struct DecimalDigits {
  var digits: [Int]
  var exponent: Int
  var negative: Bool

  init(_ value: Double) {
    negative = value < 0
    let text = "\(abs(value))"
    var mantissa = Substring(text)
    var power = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = text[..<e]
      power = Int(text[text.index(after: e)...]) ?? 0
    }
    let point = mantissa.firstIndex(of: ".")
    let whole = point.map { mantissa[..<$0] } ?? mantissa
    let fraction = point.map { mantissa[mantissa.index(after: $0)...] } ?? ""
    var all = Array((whole + fraction).utf8).map { Int($0) - 48 }
    let leadingZeros = all.prefix { $0 == 0 }.count
    all.removeFirst(leadingZeros)
    digits = all
    exponent = whole.count + power - leadingZeros
    trim()
  }

  /// Keeps the first `count` digits, rounding half up (away from zero); `count` ≤ 0 keeps
  /// nothing but a carry (0.96 kept to 0 digits is 1, kept to -1 is 0).
  mutating func round(keeping count: Int) {
    guard digits.count > count else { return }
    guard count >= 0 else {
      digits = [0]
      return
    }
    let up = digits[count] >= 5
    digits.removeLast(digits.count - count)
    if up {
      var i = count - 1
      while i >= 0 && digits[i] == 9 {
        digits[i] = 0
        i -= 1
      }
      if i >= 0 {
        digits[i] += 1
      } else {
        digits.insert(1, at: 0)
        exponent += 1
      }
    }
    if digits.isEmpty { digits = [0] }
    trim()
  }

  private mutating func trim() {
    while digits.count > 1, digits.last == 0 { digits.removeLast() }
  }

  private var isZero: Bool { digits.allSatisfy { $0 == 0 } }

  private func string(_ range: Range<Int>) -> String {
    var out = ""
    for i in range {
      out.unicodeScalars.append(Unicode.Scalar(UInt8(48 + (i < digits.count ? digits[i] : 0))))
    }
    return out
  }

  /// Plain decimals for magnitudes from 0.0001 to below 1e16, else exponent form, without
  /// trailing zeros.
  func text() -> String {
    let d = string(0..<digits.count)
    var out = negative ? "-" : ""
    if exponent > -4 && exponent <= 16 {
      if exponent <= 0 {
        out += "0." + String(repeating: "0", count: -exponent) + d
      } else if d.count <= exponent {
        out += d + String(repeating: "0", count: exponent - d.count)
      } else {
        out += d.prefix(exponent) + "." + d.dropFirst(exponent)
      }
    } else {
      let scientific = exponent - 1
      out += d.prefix(1) + (d.count > 1 ? "." + d.dropFirst() : "")
      let magnitude = String(abs(scientific))
      out += "e" + (scientific < 0 ? "-" : "+") + (magnitude.count < 2 ? "0" : "") + magnitude
    }
    return out
  }

  /// Exactly `decimals` decimals (after `round(keeping: exponent + decimals)`); no minus
  /// sign on a value that rounded to zero.
  func fixedText(decimals: Int) -> String {
    var out = negative && !isZero ? "-" : ""
    if isZero {
      out += "0"
    } else if exponent <= 0 {
      out += "0"
    } else {
      out += string(0..<exponent)
    }
    guard decimals > 0 else { return out }
    out += "."
    for position in 0..<decimals {
      let i = exponent + position  // index of this decimal digit in `digits`
      out += isZero || i < 0 ? "0" : string(i..<(i + 1))
    }
    return out
  }
}
