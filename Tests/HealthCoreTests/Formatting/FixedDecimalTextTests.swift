import Testing

@testable import HealthModel

/// `NumberFormatting.decimal` writes its digits from a stack buffer (`FixedDecimalText`);
/// the text must be that of the same steps on `DecimalDigits`' arrays
/// (`decimalByDigits`), for every kind of value: hand-worked cases first, then 200,000
/// values of every magnitude, round decimals, half-way cases, runs of nines and random bit
/// patterns.
@Suite("Fixed decimals from a stack buffer")
struct FixedDecimalTextTests {
  @Test("hand-worked values")
  func handWorked() {
    // Binary noise goes first (12 digits), then half away from zero on the next digit.
    #expect(NumberFormatting.decimal(128.74999999999997, 1) == "128.8")
    #expect(NumberFormatting.decimal(0.964 * 100, 1) == "96.4")
    #expect(NumberFormatting.decimal(2.345, 2) == "2.35")
    // 9.95 to one decimal carries into a new digit: 10.0.
    #expect(NumberFormatting.decimal(9.95, 1) == "10.0")
    #expect(NumberFormatting.decimal(-9.95, 0) == "-10")
    // A value that rounds to zero has no minus sign.
    #expect(NumberFormatting.decimal(-0.04, 1) == "0.0")
    #expect(NumberFormatting.decimal(0.00001234, 7) == "0.0000123")
    #expect(NumberFormatting.decimal(1.5e-7, 3) == "0.000")
    #expect(NumberFormatting.decimal(52, 0) == "52")
    #expect(NumberFormatting.decimal(1e16, 0) == "10000000000000000")
    // 1e300 does not fit the buffer's text: the array path, same text.
    #expect(NumberFormatting.decimal(1e300, 1) == NumberFormatting.decimalByDigits(1e300, 1))
    #expect(NumberFormatting.decimal(1e300, 1).count == 303)
  }

  @Test("two hundred thousand values give the text of the array steps")
  func sameAsDigits() {
    var rng = SeededRandom(seed: 28)
    var values: [Double] = [
      0.5, 1.5, 2.5, 0.05, 0.15, 0.25, 0.35, 0.45, 99.95, 999.995, 0.0001, 0.00001, 1e15, 1e16,
      1e17, 123456789012.5, 4.35, 1.005, 1.0000000000005, 0.9999999999999, 9_007_199_254_740_992,
      .leastNonzeroMagnitude, .greatestFiniteMagnitude, -0.0001, 0x1p-1022,
    ]
    for _ in 0..<60_000 {
      // Every magnitude from 1e-9 to 1e18, either sign.
      let magnitude = rng.uniform(-9, 18)
      let v = rng.unit() * pow10(magnitude) * (rng.chance(0.5) ? 1 : -1)
      values.append(v)
      // Round decimals and half-way points, as devices write them.
      let places = rng.int(0...5)
      let scaled = Double(rng.int(0...2_000_000)) / Double(pow10(Double(places)))
      values.append(scaled)
      values.append(scaled + 5 / pow10(Double(places + 1)))
      // Random bit patterns (finite ones).
      let bits = Double(bitPattern: rng.next())
      if bits.isFinite { values.append(bits) }
    }
    var differences: [String] = []
    for (n, v) in values.enumerated() where v != 0 {
      let decimals = n % 8 == 7 ? 40 : n % 7
      let fast = NumberFormatting.decimal(v, decimals)
      let slow = NumberFormatting.decimalByDigits(v, decimals)
      if fast != slow && differences.count < 5 {
        differences.append("\(v) at \(decimals): \(fast) vs \(slow)")
      }
    }
    #expect(values.count > 200_000)
    #expect(differences.isEmpty, "\(differences)")
  }

  private func pow10(_ e: Double) -> Double {
    var r = 1.0
    var k = Int(e.rounded(.down))
    while k > 0 {
      r *= 10
      k -= 1
    }
    while k < 0 {
      r /= 10
      k += 1
    }
    return r * (1 + (e - e.rounded(.down)) * 9)
  }
}
