import HealthModel
import Testing

/// Hostile inputs (docs/reliability.md): `NumberFormatting.fixed` and `roundHalfUp` trapped on a
/// number too large for 64-bit integers (a damaged table's 1e300), ending the report with signal 4.
@Suite("Number formatting at the limits")
struct NumberFormattingLimitsTests {
  @Test("fixed keeps its digits below 2^63 and falls back to the shortest form above")
  func fixed() {
    // 4.85e16 is exact in a Double and below 2^63: all its digits.
    #expect(NumberFormatting.fixed(4.85e16, 0) == "48500000000000000")
    #expect(NumberFormatting.fixed(1e300, 1) == "1e+300")
    #expect(NumberFormatting.fixed(-1e300, 0) == "-1e+300")
    // 1e18 scaled by 10 is 1e19, past 2^63 (about 9.22e18): the shortest form.
    #expect(NumberFormatting.fixed(1e18, 1) == "1e+18")
    #expect(NumberFormatting.fixed(2.25, 1) == "2.3")
  }

  @Test("roundHalfUp saturates symmetrically and gives 0 for nan")
  func roundHalfUp() {
    #expect(NumberFormatting.roundHalfUp(2.5) == 3)
    #expect(NumberFormatting.roundHalfUp(-2.5) == -2)
    #expect(NumberFormatting.roundHalfUp(1e300) == .max)
    #expect(NumberFormatting.roundHalfUp(-1e300) == -.max)
    #expect(NumberFormatting.roundHalfUp(.infinity) == .max)
    #expect(NumberFormatting.roundHalfUp(.nan) == 0)
  }
}
