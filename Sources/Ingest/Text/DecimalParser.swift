#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Exact, allocation-free conversion of decimal number text to `Double`, for the JSON and CSV
/// readers.
///
/// Accepts `[+-]? (digits [. digits*] | . digits) ([eE] [+-]? digits)?` and nothing else (no
/// `nan`, `inf`, hex, thousands separators or surrounding blanks). The result is the
/// correctly rounded nearest `Double`: short numbers take Clinger's exact fast path (mantissa
/// below 2^53 and a power of ten up to 10^22), longer ones go through the C library's `strtod`,
/// with Swift's own parser as a fallback should a locale ever change the decimal point.
public enum DecimalParser {
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The value of `bytes` when they are 1 to 15 digits and nothing else, nil otherwise. Most
  /// values of vendor files are such integers (`60`, `75`); up to 15 digits they are below
  /// 2^53, so exact as a `Double` (and `0` is +0, as `parse` gives).
  @inline(__always)
  static func plainInteger(_ bytes: UnsafeRawBufferPointer) -> Double? {
    let n = bytes.count
    guard n > 0, n <= 15 else { return nil }
    var whole: UInt64 = 0
    for j in 0..<n {
      let d = bytes[j] &- 0x30
      guard d < 10 else { return nil }
      whole = whole &* 10 &+ UInt64(d)
    }
    return Double(whole)
  }

  /// The value of the number text in `bytes`, or nil when it is not a decimal number.
  public static func parse(_ bytes: UnsafeRawBufferPointer) -> Double? {
    let n = bytes.count
    guard n > 0 else { return nil }
    if let whole = plainInteger(bytes) { return whole }
    var i = 0
    var negative = false
    if bytes[0] == 0x2D || bytes[0] == 0x2B {
      negative = bytes[0] == 0x2D
      i = 1
    }
    var mantissa: UInt64 = 0
    var digits = 0  // significant digits accumulated into mantissa
    var sawDigit = false
    var dropped = false  // a non-zero digit did not fit the mantissa
    var exponent = 0
    // Integer part.
    while i < n {
      let d = bytes[i] &- 0x30
      guard d < 10 else { break }
      sawDigit = true
      if digits < 19 {
        if mantissa != 0 || d != 0 {
          mantissa = mantissa &* 10 &+ UInt64(d)
          digits += 1
        }
      } else {
        exponent += 1
        if d != 0 { dropped = true }
      }
      i += 1
    }
    // Fraction.
    if i < n, bytes[i] == 0x2E {
      i += 1
      while i < n {
        let d = bytes[i] &- 0x30
        guard d < 10 else { break }
        sawDigit = true
        if digits < 19 {
          if mantissa != 0 || d != 0 {
            mantissa = mantissa &* 10 &+ UInt64(d)
            digits += 1
          }
          exponent -= 1
        } else if d != 0 {
          dropped = true
        }
        i += 1
      }
    }
    guard sawDigit else { return nil }
    // Exponent.
    if i < n, bytes[i] | 0x20 == 0x65 {
      i += 1
      var expNegative = false
      if i < n, bytes[i] == 0x2D || bytes[i] == 0x2B {
        expNegative = bytes[i] == 0x2D
        i += 1
      }
      var e = 0
      var sawExpDigit = false
      while i < n {
        let d = bytes[i] &- 0x30
        guard d < 10 else { break }
        sawExpDigit = true
        if e < 100_000 { e = e * 10 + Int(d) }
        i += 1
      }
      guard sawExpDigit else { return nil }
      exponent += expNegative ? -e : e
    }
    guard i == n else { return nil }
    if mantissa == 0 && !dropped { return negative ? -0.0 : 0.0 }
    if !dropped, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
      var value = Double(mantissa)
      value = exponent < 0 ? value / powersOfTen[-exponent] : value * powersOfTen[exponent]
      return negative ? -value : value
    }
    return slowPath(bytes)
  }

  /// Like `parse(_:)` after dropping leading and trailing spaces (XML attribute values such
  /// as `value=" 72"` that some writers pad).
  @inline(__always)
  public static func parseTrimmingSpaces(_ bytes: UnsafeRawBufferPointer) -> Double? {
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 { end -= 1 }
    return parse(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
  }

  /// Like `parse(_:)` on text, after dropping leading and trailing spaces.
  public static func parseTrimmingSpaces(_ text: some StringProtocol) -> Double? {
    var copy = String(text)
    return copy.withUTF8 { parseTrimmingSpaces(UnsafeRawBufferPointer($0)) }
  }

  /// The value of number text given as a `String` (tests, header cells).
  public static func parse(_ text: some StringProtocol) -> Double? {
    var copy = String(text)
    return copy.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
  }

  private static func slowPath(_ bytes: UnsafeRawBufferPointer) -> Double? {
    let n = bytes.count
    let viaC: Double? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { buf in
      let base = buf.baseAddress!
      UnsafeMutableRawPointer(base).copyMemory(from: bytes.baseAddress!, byteCount: n)
      base[n] = 0
      var end: UnsafeMutablePointer<CChar>? = nil
      let value = strtod(base, &end)
      guard let end, end - base == n else { return nil }
      return value
    }
    if let viaC { return viaC }
    return Double(String(decoding: bytes, as: UTF8.self))
  }
}
