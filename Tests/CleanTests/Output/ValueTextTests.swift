import HealthModel
import Testing

@testable import Clean

/// The rejects' value column as bytes (`ValueText`) is `NumberFormatting.shortest`, byte for
/// byte: whole numbers, the limit of the whole-number rule (1e15), negative zero, fractions,
/// huge and tiny magnitudes, NaN and the infinities, and random bit patterns.
@Suite("Reject values as bytes")
struct ValueTextTests {
  func text(_ value: Double) -> String {
    var bytes: [UInt8] = []
    ValueText.append(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("hand-picked values give shortest's text")
  func handPicked() {
    let cases: [(Double, String)] = [
      (0, "0"), (-0.0, "0"), (7, "7"), (-40, "-40"), (1_234, "1234"), (0.5, "0.5"),
      (-2.25, "-2.25"), (0.1 + 0.2, "0.30000000000000004"),
      (999_999_999_999_999, "999999999999999"),
      (1e15, "1000000000000000.0"), (-1e15, "-1000000000000000.0"), (1e17, "1e+17"),
      (1e300, "1e+300"), (.leastNonzeroMagnitude, "5e-324"),
      // Short decimals, written digit by digit: leading and inner zeros, the edges of the
      // magnitudes taken that way (0.001 and just below 10⁹) and just outside them.
      (0.23731, "0.23731"), (3.936, "3.936"), (-0.05, "-0.05"), (10.000001, "10.000001"),
      (0.001, "0.001"), (-0.001, "-0.001"), (0.0009, "0.0009"), (0.00001, "1e-05"),
      (999_999_999.5, "999999999.5"), (1_000_000_000.5, "1000000000.5"),
      (1.0000001, "1.0000001"), (0.1, "0.1"), (2.675, "2.675"),
      (.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf"),
    ]
    for (value, expected) in cases {
      #expect(text(value) == expected, "\(value)")
      #expect(text(value) == NumberFormatting.shortest(value), "\(value)")
    }
  }

  @Test("random decimals of up to nine places give shortest's text")
  func randomDecimals() {
    var generator = SystemRandomNumberGenerator()
    let scales: [Double] = [1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
    for _ in 0..<50_000 {
      let scale = scales.randomElement(using: &generator)!
      let whole = Double(
        Int64.random(in: -2_000_000_000_000...2_000_000_000_000, using: &generator))
      for value in [whole / scale, (whole / scale) * 1.000_000_1, whole / scale / 1_000] {
        #expect(text(value) == NumberFormatting.shortest(value), "\(value.bitPattern)")
      }
    }
  }

  @Test("random values and bit patterns give shortest's text")
  func random() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let bits = Double(bitPattern: generator.next())
      let scaled = Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 100
      for value in [bits, scaled, scaled.rounded()] {
        #expect(text(value) == NumberFormatting.shortest(value), "\(value.bitPattern)")
      }
    }
  }
}
