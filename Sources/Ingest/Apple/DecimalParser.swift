#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses decimal numbers (`72`, `-0.5`, `22.5312`, `1.2e-05`) straight from bytes.
///
/// Up to 19 significant digits with a power of ten within ±22 are converted exactly with
/// one multiplication or division (both operands are exact doubles, so the result is
/// correctly rounded); anything longer falls back to `strtod`. Hexadecimal, `inf` and `nan`
/// are not numbers here.
enum DecimalParser {
  private static let powers: [Double] = (0...22).map { exp in
    var v = 1.0
    for _ in 0..<exp { v *= 10 }
    return v
  }

  /// The value of `bytes`, or nil when it is not a plain decimal number.
  @inline(__always)
  static func parse(_ bytes: UnsafeRawBufferPointer) -> Double? {
    var i = 0
    var n = bytes.count
    while i < n, bytes[i] == 0x20 { i += 1 }
    while n > i, bytes[n - 1] == 0x20 { n -= 1 }
    guard i < n else { return nil }
    var negative = false
    if bytes[i] == 0x2D || bytes[i] == 0x2B {
      negative = bytes[i] == 0x2D
      i += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    var sawDigit = false
    while i < n {
      let d = bytes[i] &- 0x30
      guard d < 10 else { break }
      sawDigit = true
      if mantissa != 0 || d != 0 {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(d)
          digits += 1
        } else {
          return slow(bytes)
        }
      }
      i += 1
    }
    if i < n, bytes[i] == 0x2E {
      i += 1
      while i < n {
        let d = bytes[i] &- 0x30
        guard d < 10 else { break }
        sawDigit = true
        if mantissa != 0 || d != 0 {
          if digits < 19 {
            mantissa = mantissa &* 10 &+ UInt64(d)
            digits += 1
          } else {
            return slow(bytes)
          }
        }
        exponent -= 1
        i += 1
      }
    }
    guard sawDigit else { return nil }
    if i < n, bytes[i] == 0x65 || bytes[i] == 0x45 {
      i += 1
      var expNegative = false
      if i < n, bytes[i] == 0x2D || bytes[i] == 0x2B {
        expNegative = bytes[i] == 0x2D
        i += 1
      }
      var e = 0
      var sawExp = false
      while i < n {
        let d = bytes[i] &- 0x30
        guard d < 10 else { break }
        sawExp = true
        if e < 100_000 { e = e * 10 + Int(d) }
        i += 1
      }
      guard sawExp else { return nil }
      exponent += expNegative ? -e : e
    }
    guard i == n else { return nil }
    if mantissa == 0 { return negative ? -0.0 : 0.0 }
    guard mantissa < (1 << 53), exponent >= -22, exponent <= 22 else { return slow(bytes) }
    let m = Double(mantissa)
    let v = exponent >= 0 ? m * powers[exponent] : m / powers[-exponent]
    return negative ? -v : v
  }

  /// `strtod` on a NUL-terminated copy; the whole text must be consumed.
  private static func slow(_ bytes: UnsafeRawBufferPointer) -> Double? {
    for b in bytes {
      // Only digits, sign, point, exponent and blanks reach strtod (no hex, inf, nan).
      guard
        (b >= 0x30 && b <= 0x39) || b == 0x2E || b == 0x2D || b == 0x2B || b == 0x65
          || b == 0x45 || b == 0x20
      else { return nil }
    }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
      for (k, b) in bytes.enumerated() { buffer[k] = CChar(bitPattern: b) }
      buffer[bytes.count] = 0
      var endPointer: UnsafeMutablePointer<CChar>?
      let v = strtod(buffer.baseAddress!, &endPointer)
      var consumed = endPointer.map { $0 - buffer.baseAddress! } ?? 0
      while consumed < bytes.count, buffer[consumed] == 0x20 { consumed += 1 }
      return consumed == bytes.count && consumed > 0 ? v : nil
    }
  }
}
