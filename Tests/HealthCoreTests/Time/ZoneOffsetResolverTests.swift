import Testing

@testable import HealthModel

@Suite("Zone offsets")
struct ZoneOffsetResolverTests {
  @Test("New York switches from -5 h to -4 h at 2024-03-10 07:00 UTC")
  func springForward() {
    var zones = ZoneOffsetResolver()
    // 2024-03-10T06:59:59Z is 01:59:59 EST; one second later it is 03:00 EDT.
    let change: Int64 = 1_710_054_000
    #expect(zones.offset(zone: "America/New_York", atEpoch: change - 1) == -18_000)
    #expect(zones.offset(zone: "America/New_York", atEpoch: change) == -14_400)
    #expect(zones.offset(zone: "Nowhere/Atlantis", atEpoch: change) == nil)
  }

  @Test("local wall-clock times resolve to the offset in force there")
  func local() {
    var zones = ZoneOffsetResolver()
    // 2024-07-01 12:00 local in Berlin is CEST (+2 h); 2024-01-01 12:00 is CET (+1 h).
    let july = Int64(LocalDay(year: 2024, month: 7, day: 1)!.dayNumber) * 86_400 + 43_200
    let jan = Int64(LocalDay(year: 2024, month: 1, day: 1)!.dayNumber) * 86_400 + 43_200
    #expect(zones.offset(zone: "Europe/Berlin", atLocal: july) == 7_200)
    #expect(zones.offset(zone: "Europe/Berlin", atLocal: jan) == 3_600)
  }
}
