import HealthModel
import Testing

/// Regression (found by the hardening corpus, docs/reliability.md): `formatISO` cut the date to its
/// first ten characters, so the end of a daily value on 9999-12-31 (10000-01-01T00:00:00Z)
/// was exported as `10000-01-0T 00:00:0Z`; and an instant beyond Int32 days trapped.
@Suite("Regression: timestamps at the limits of the calendar")
struct TimestampFormatLimitsTests {
  @Test(
    "dates at the limits print in full",
    arguments: [
      // 253402300800 = days_from_civil(10000, 1, 1) = 2932897 days × 86400.
      (Int64(253_402_300_800), Int32(0), "10000-01-01T00:00:00Z"),
      (253_402_300_799, 0, "9999-12-31T23:59:59Z"),
      // 0001-01-01 = day −719162.
      (-62_135_596_800, 0, "0001-01-01T00:00:00Z"),
      // 0000-01-01 = day −719528; the day before is −0001-12-31.
      (-62_167_219_200, 0, "0000-01-01T00:00:00Z"),
      (-62_167_305_600, 0, "-0001-12-31T00:00:00Z"),
      // 2024-02-29T06:00Z at +18:00 is 2024-02-29 24:00 local = 2024-03-01 00:00.
      (1_709_186_400, 64_800, "2024-03-01T00:00:00+18:00"),
      (1_709_186_400, -64_800, "2024-02-28T12:00:00-18:00"),
    ])
  func limits(_ epoch: Int64, _ offset: Int32, _ expected: String) {
    #expect(TimestampParser.formatISO(epochSeconds: epoch, utcOffset: offset) == expected)
  }

  @Test("an instant no reader produces prints as its epoch seconds instead of trapping")
  func absurd() {
    #expect(
      TimestampParser.formatISO(epochSeconds: .max, utcOffset: 0) == "epoch 9223372036854775807")
    #expect(
      TimestampParser.format(epochSeconds: .min, utcOffset: 3600) == "epoch -9223372036854775808")
  }
}
