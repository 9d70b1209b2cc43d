import HealthModel

/// A reject's value as read, written as the UTF-8 bytes of `NumberFormatting.shortest`
/// (the rejects table's value column): whole numbers digit by digit with no `String`,
/// decimals of up to six places (what devices write: `0.23731` miles, `3.936` kcal) digit
/// by digit too, the others as Swift's shortest round-trip text (`Double.description`,
/// what `"\(value)"` writes). `ValueTextTests` compares the bytes with `shortest` on
/// hand-picked and random values.
enum ValueText {
  /// Appends the text of `value` to `out`.
  static func append(_ value: Double, to out: inout [UInt8]) {
    // The whole-number rule of `NumberFormatting.shortest`.
    if value == value.rounded(), abs(value) < 1e15 {
      OriginReasonTexts.appendDecimal(Int64(value), to: &out)
    } else if !appendShortDecimal(value, to: &out) {
      out.append(contentsOf: NumberFormatting.shortest(value).utf8)
    }
  }

  /// Powers of ten, exact in a Double.
  private static let powers: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6]

  /// Writes a value of magnitude 0.001 to 10⁹ that is the Double nearest to a decimal of
  /// one to six places, as that decimal; false (nothing written) for any other value.
  ///
  /// Why it is `Double.description`'s text: that is the shortest decimal that reads back
  /// as the value. The fewest places `k` whose nearest decimal `n / 10ᵏ` reads back
  /// (`Double(n) / 10ᵏ == value`: both operands are exact, so the division rounds the
  /// decimal itself) give the fewest digits; at these magnitudes a Double's spacing is
  /// below 10⁻⁶, so no other decimal of `k` places reads back as the same value; and
  /// `description` writes such values in plain notation, without an exponent.
  static func appendShortDecimal(_ value: Double, to out: inout [UInt8]) -> Bool {
    let magnitude = abs(value)
    guard magnitude >= 1e-3, magnitude < 1e9 else { return false }
    for places in 1...6 {
      let scale = powers[places]
      let scaled = (magnitude * scale).rounded()
      guard scaled / scale == magnitude else { continue }
      let digits = Int64(scaled)
      let unit = Int64(scale)
      if value < 0 { out.append(0x2D) }
      OriginReasonTexts.appendDecimal(digits / unit, to: &out)
      out.append(0x2E)
      var fraction = digits % unit
      var divisor = unit / 10
      while divisor > 0 {
        out.append(UInt8(truncatingIfNeeded: fraction / divisor) + 0x30)
        fraction %= divisor
        divisor /= 10
      }
      return true
    }
    return false
  }
}
