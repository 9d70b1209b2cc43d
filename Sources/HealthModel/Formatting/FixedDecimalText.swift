/// `NumberFormatting.decimal` without allocating: the steps of `DecimalDigits` (the
/// shortest round-trip digits of the value, 12 significant digits kept, then `decimals`
/// decimals, each rounding half up on the next digit, trailing zeros trimmed) on digits in
/// a stack buffer, and the fixed text written into another. The same digits, carries and
/// text; `FixedDecimalTextTests` compares the two on 200,000 values.
enum FixedDecimalText {
  /// The fixed text of a finite, non-zero `value` with `decimals` decimals (≤ 40), or nil
  /// when its digits do not fit the buffer (they always do for a Double).
  static func text(_ value: Double, decimals: Int) -> String? {
    let described = abs(value).description
    return described.utf8.withContiguousStorageIfAvailable { text in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
        format(text, negative: value < 0, decimals: decimals, buffer)
      }
    } ?? nil
  }

  private static func format(
    _ text: UnsafeBufferPointer<UInt8>, negative: Bool, decimals: Int,
    _ buffer: UnsafeMutableBufferPointer<UInt8>
  ) -> String? {
    // Digits (values 0-9) in buffer[0..<64], text written from buffer[64...].
    var count = 0
    var wholeCount = 0
    var seenPoint = false
    var power = 0
    var i = 0
    while i < text.count {
      let c = text[i]
      if c == 0x65 || c == 0x45 {  // e, E
        power = exponentValue(text, from: i + 1)
        break
      }
      if c == 0x2E {
        seenPoint = true
      } else {
        guard count < 60 else { return nil }
        buffer[count] = c &- 0x30
        count += 1
        if !seenPoint { wholeCount += 1 }
      }
      i += 1
    }
    var leading = 0
    while leading < count && buffer[leading] == 0 { leading += 1 }
    guard leading < count else { return nil }
    // Drop the leading zeros.
    for k in 0..<(count - leading) { buffer[k] = buffer[k + leading] }
    count -= leading
    var exponent = wholeCount + power - leading
    while count > 1 && buffer[count - 1] == 0 { count -= 1 }
    round(buffer, &count, &exponent, keeping: 12)
    round(buffer, &count, &exponent, keeping: exponent + decimals)
    return fixedText(
      buffer, count: count, exponent: exponent, negative: negative, decimals: decimals)
  }

  /// The signed exponent after `e` (`+16`, `-05`).
  private static func exponentValue(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var i = start
    var sign = 1
    if i < text.count && (text[i] == 0x2B || text[i] == 0x2D) {
      if text[i] == 0x2D { sign = -1 }
      i += 1
    }
    var n = 0
    while i < text.count, text[i] >= 0x30 && text[i] <= 0x39 {
      n = n * 10 + Int(text[i] - 0x30)
      i += 1
    }
    return sign * n
  }

  /// `DecimalDigits.round(keeping:)`.
  private static func round(
    _ d: UnsafeMutableBufferPointer<UInt8>, _ count: inout Int, _ exponent: inout Int,
    keeping keep: Int
  ) {
    guard count > keep else { return }
    guard keep >= 0 else {
      d[0] = 0
      count = 1
      return
    }
    let up = d[keep] >= 5
    count = keep
    if up {
      var i = keep - 1
      while i >= 0 && d[i] == 9 {
        d[i] = 0
        i -= 1
      }
      if i >= 0 {
        d[i] += 1
      } else {
        // All nines (or nothing kept): a one in front.
        var k = count
        while k > 0 {
          d[k] = d[k - 1]
          k -= 1
        }
        d[0] = 1
        count += 1
        exponent += 1
      }
    }
    if count == 0 {
      d[0] = 0
      count = 1
    }
    while count > 1 && d[count - 1] == 0 { count -= 1 }
  }

  /// `DecimalDigits.fixedText(decimals:)`, written from `d[64]` on.
  private static func fixedText(
    _ d: UnsafeMutableBufferPointer<UInt8>, count: Int, exponent: Int, negative: Bool,
    decimals: Int
  ) -> String? {
    var isZero = true
    for k in 0..<count where d[k] != 0 { isZero = false }
    var out = 64
    let end = d.count
    func put(_ b: UInt8) -> Bool {
      guard out < end else { return false }
      d[out] = b
      out += 1
      return true
    }
    if negative && !isZero { guard put(0x2D) else { return nil } }
    if isZero || exponent <= 0 {
      guard put(0x30) else { return nil }
    } else {
      for k in 0..<exponent { guard put(k < count ? d[k] + 0x30 : 0x30) else { return nil } }
    }
    if decimals > 0 {
      guard put(0x2E) else { return nil }
      for position in 0..<decimals {
        let k = exponent + position
        let digit: UInt8 = isZero || k < 0 || k >= count ? 0 : d[k]
        guard put(digit + 0x30) else { return nil }
      }
    }
    return String(decoding: UnsafeBufferPointer(rebasing: d[64..<out]), as: UTF8.self)
  }
}
