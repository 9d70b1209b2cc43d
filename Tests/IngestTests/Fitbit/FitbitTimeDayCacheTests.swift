import HealthModel
import Testing

@testable import Ingest

/// `FitbitTime.parse(_:days:)`: the `_GoogleData` minute CSVs' times with the day taken
/// from the row before when the date bytes are the same.
@Suite("Fitbit times with the day cached")
struct FitbitTimeDayCacheTests {
  static func parse(_ text: String, _ cache: inout FitbitTime.DayCache) -> Timestamp? {
    Array(text.utf8).withUnsafeBytes { FitbitTime.parse($0, days: &cache) }
  }

  @Test("values worked out by hand, the day taken again from the cache")
  func handValues() {
    var cache = FitbitTime.DayCache()
    // 2026-04-20 is day 20,563 since 1970-01-01 (Python's date arithmetic).
    #expect(Self.parse("2026-04-20T04:00:07Z", &cache)?.localSeconds == 1_776_657_607)
    #expect(Self.parse("2026-04-20T04:00:17Z", &cache)?.localSeconds == 1_776_657_617)
    #expect(Self.parse("2026-04-20T04:00:17Z", &cache)?.utcOffset == 0)
    // A leap day, then the next day.
    #expect(Self.parse("2024-02-29T23:59:59Z", &cache)?.localSeconds == 1_709_251_199)
    #expect(Self.parse("2024-03-01T00:00:00Z", &cache)?.localSeconds == 1_709_251_200)
  }

  @Test("the same answer as parse(_:) for every text, damaged or not, in any order")
  func sameAsUncached() {
    let texts = [
      "2026-04-20T04:00:07Z", "2026-04-20T24:00:00Z", "2026-04-20T23:60:00Z",
      "2026-04-20T23:59:60Z", "2026-04-20T2a:00:00Z", "2026-04-20 04:00:07Z",
      "2026-04-20T04-00:07Z", "2026-04-20T04:00:07", "2026-04-20T04:00:07+0000",
      "2026-02-30T04:00:07Z", "2026-04-20T04:00:07Z", "2026-04-21T00:00:00Z",
      "04/20/26 04:00:07", "2026-04-21T00:00:00.000", "", "2026-04-21T12:34:56Z",
      "2026-04-2xT12:34:56Z", "2026-04-21T12:34:56Z", "2025-12-31T23:59:59Z",
    ]
    var rng = SeededRandom(seed: 0xF17B_17C5_0000_0001)
    var cache = FitbitTime.DayCache()
    for _ in 0..<5_000 {
      var bytes = Array(texts[Int(rng.next() % UInt64(texts.count))].utf8)
      if !bytes.isEmpty && rng.next() % 4 == 0 {
        bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next())
      }
      let cached = bytes.withUnsafeBytes { FitbitTime.parse($0, days: &cache) }
      let plain = bytes.withUnsafeBytes { FitbitTime.parse($0) }
      #expect(cached == plain, "\(String(decoding: bytes, as: UTF8.self))")
    }
  }
}
