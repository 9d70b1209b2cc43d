import Testing

@testable import HealthModel

@Suite("Timestamp parsing")
struct TimestampParserTests {
  @Test("Apple's form with an offset")
  func apple() throws {
    let t = try #require(TimestampParser.parse("2024-01-01 08:00:00 -0800"))
    // 2024-01-01T16:00:00Z = 1704124800.
    #expect(t.epochSeconds == 1_704_124_800)
    #expect(t.utcOffset == -28_800)
    #expect(t.localDay.description == "2024-01-01")
  }

  @Test("ISO 8601 forms: Z, ±HH:MM, ±HHMM, ±HH, fractions truncated")
  func iso() {
    #expect(TimestampParser.parse("2024-01-01T07:30:00-08:00")?.epochSeconds == 1_704_123_000)
    #expect(TimestampParser.parse("2024-01-01T15:30:00Z")?.epochSeconds == 1_704_123_000)
    #expect(TimestampParser.parse("2024-01-01T21:00:00+0530")?.epochSeconds == 1_704_123_000)
    #expect(TimestampParser.parse("2024-01-01T17:30:00+02")?.epochSeconds == 1_704_123_000)
    #expect(TimestampParser.parse("2024-01-01T15:30:00.987Z")?.epochSeconds == 1_704_123_000)
  }

  @Test("local times without an offset and bare dates")
  func local() {
    let a = TimestampParser.parse("2023-06-20 17:40")
    #expect(a?.utcOffset == nil)
    // 2023-06-20 is day 19528; 17:40 is 63600 s.
    #expect(a?.localSeconds == Int64(19_528 * 86_400 + 63_600))
    let b = TimestampParser.parse("2023-01-02")
    #expect(b?.hasTime == false)
    #expect(b?.localDay.description == "2023-01-02")
    #expect(TimestampParser.parse("  2023-01-02 00:00:00 ")?.localSeconds == Int64(19_359 * 86_400))
  }

  @Test("garbage is refused, not guessed")
  func garbage() {
    for text in [
      "", "2024-13-01", "2024-02-30 10:00:00 +0000", "2024-01-01 25:00:00", "yesterday",
      "2024-01-01 10:00:00 +0800x", "2024/01/01", "2024-01-01T10:61:00Z", "2024-01-01 10",
    ] {
      #expect(TimestampParser.parse(text) == nil, "accepted \(text)")
    }
  }

  @Test("formatting round-trips")
  func format() {
    #expect(
      TimestampParser.format(epochSeconds: 1_704_124_800, utcOffset: -28_800)
        == "2024-01-01 08:00:00 -0800")
    #expect(
      TimestampParser.formatISO(epochSeconds: 1_704_123_000, utcOffset: 19_800)
        == "2024-01-01T21:00:00+05:30")
    #expect(TimestampParser.formatISO(epochSeconds: 0, utcOffset: 0) == "1970-01-01T00:00:00Z")
  }
}
