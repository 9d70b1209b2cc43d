import Testing

@testable import HealthModel

@Suite("Unit conversion")
struct UnitConverterTests {
  func convert(_ v: Double, _ from: String, _ to: String, _ p: PercentConvention = .fraction)
    -> Double?
  {
    UnitConverter.convert(v, from: from, to: to, percent: p)
  }

  @Test("the conversions of docs/clean.md, by hand")
  func conversions() throws {
    // 150 lb × 0.45359237 = 68.0388555 kg
    #expect(abs(try #require(convert(150, "lb", "kg")) - 68.038_855_5) < 1e-9)
    // 1 mi = 1.609344 km
    #expect(try #require(convert(1, "mi", "km")) == 1.609_344)
    // 418.4 kJ / 4.184 = 100 kcal
    #expect(abs(try #require(convert(418.4, "kJ", "kcal")) - 100) < 1e-9)
    #expect(convert(250, "Cal", "kcal") == 250)
    // (98.6 − 32) × 5/9 = 37 °C
    #expect(abs(try #require(convert(98.6, "degF", "degC")) - 37) < 1e-9)
    // Health Auto Export writes SpO2 as 97 (%): 0.97 as a fraction; Apple's 0.97 stays.
    #expect(abs(try #require(convert(97, "%", "fraction", .hundred)) - 0.97) < 1e-12)
    #expect(convert(0.97, "%", "fraction", .fraction) == 0.97)
    // 7.5 h of sleep = 450 min; 90 s = 1.5 min
    #expect(convert(7.5, "hr", "min") == 450)
    #expect(convert(90, "s", "min") == 1.5)
    // VO2 max spellings are one unit.
    #expect(convert(42, "mL/min·kg", "mL/(kg·min)") == 42)
    #expect(convert(42, "ml/(kg·min)", "mL/(kg·min)") == 42)
    // 8 fl oz (US) = 236.5882365 mL
    #expect(abs(try #require(convert(8, "fl_oz_us", "mL")) - 236.588_236_5) < 1e-9)
  }

  @Test("unknown or mismatched units are refused, never guessed")
  func refused() {
    #expect(convert(70, "stone-ish", "kg") == nil)
    #expect(convert(70, "km", "kg") == nil)
    #expect(convert(60, "count/min", "ms") == nil)
    #expect(!UnitConverter.isKnown("furlongs"))
    #expect(UnitConverter.isKnown("%"))
  }
}
