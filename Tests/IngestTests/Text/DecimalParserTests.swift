import HealthModel
import Ingest
import Testing

/// Number text to Double: exact, strict about syntax.
@Suite struct DecimalParserTests {
  /// The oracle is Swift's own correctly rounded `Double(String)` parser.
  @Test func agreesWithSwiftsParserOnManyNumbers() {
    var texts = [
      "0", "-0", "1", "72", "0.96", "56.83", "11.104745583898492", "4.916666666666666",
      "97.85285415649408", "1e-7", "2.5E+3", "9007199254740993", "123456789012345678901234567890",
      "0.000000000000000000000000001", "1.7976931348623157e308", "4.9e-324", "+5", ".5", "5.",
      "00012", "1e22", "1e23", "8.98846567431158e307",
    ]
    // A deterministic spread of mantissas and exponents.
    var rng = SeededRandom(seed: 0x9E37_79B9_7F4A_7C15)
    for _ in 0..<2000 {
      let x = rng.next()
      let mantissa = x >> 11
      let exponent = Int(x % 61) - 30
      let digits = String(mantissa)
      let cut = Int(x % UInt64(digits.count))
      let text = digits.prefix(cut) + "." + digits.dropFirst(cut) + "e\(exponent)"
      texts.append(String(text))
    }
    for t in texts {
      #expect(DecimalParser.parse(t) == Double(t), "\(t)")
    }
  }

  /// Plain digit strings of every length around the 15-digit shortcut (exact below 2^53),
  /// with leading zeros, compared bit for bit (the sign of zero included).
  @Test func agreesOnPlainIntegersOfEveryLength() {
    var rng = SeededRandom(seed: 0x5DEE_CE66_D1CE_4E5B)
    var texts = ["0", "00", "000000000000000", "999999999999999", "9999999999999999"]
    for length in 1...20 {
      for _ in 0..<200 {
        var text = ""
        for _ in 0..<length { text.append(Character(String(rng.next() % 10))) }
        texts.append(text)
      }
    }
    for t in texts {
      #expect(DecimalParser.parse(t)?.bitPattern == Double(t)?.bitPattern, "\(t)")
    }
  }

  @Test func refusesWhatIsNotADecimalNumber() {
    for t in [
      "", "-", ".", "e5", "1e", "1e+", "1,5", "1.2.3", "nan", "inf", "0x10", " 1", "1 ", "12a",
    ] {
      #expect(DecimalParser.parse(t) == nil, "\(t)")
    }
  }
}
