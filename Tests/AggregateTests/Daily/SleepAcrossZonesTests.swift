import HealthCore
import HealthModel
import Testing

@testable import Aggregate

/// Nights across a DST change and while travelling. The session rule of docs/aggregate.md
/// ("Sleep day") must give these nights the results they had under the per-segment rule:
/// every value below was worked out by hand from the local times, and the same tests passed
/// on the code before sessions existed.
@Suite("Sleep across DST and travel")
struct SleepAcrossZonesTests {
  func daily(_ samples: [Sample]) -> [DailyValue] { S.daily(samples) }

  @Test("fall back: 23:00 EDT to 07:00 EST is nine hours asleep on Sunday's sleep day")
  func fallBack() {
    // New York, 1 Nov 2026 02:00 EDT -> 01:00 EST. Core 23:00-03:00 EDT (240 min, ends
    // 02:00 EST), deep 02:00-07:00 EST (300 min): 540 min. In bed 22:50 EDT to 07:10 EST
    // (9 h 20 min = 560 min) from the phone.
    let d = daily([
      S.sleep(.inBed, "2026-10-31 22:50:00 -0400", minutes: 560, source: "Phone"),
      S.sleep(.asleepCore, "2026-10-31 23:00:00 -0400", minutes: 240),
      S.sleep(.asleepDeep, "2026-11-01 02:00:00 -0500", minutes: 300),
    ])
    #expect(S.days(d, .sleepAsleep) == ["2026-11-01"])
    #expect(S.value(d, .sleepAsleep, "2026-11-01")?.value == 540)
    #expect(S.value(d, .sleepInBed, "2026-11-01")?.value == 560)
    // 23:00 is 300 min after 18:00 EDT on Saturday; 07:00 EST is 420 min after Sunday's
    // midnight in EST (the last segment's own offset).
    #expect(S.value(d, .sleepBedtime, "2026-11-01")?.value == 300)
    #expect(S.value(d, .sleepWake, "2026-11-01")?.value == 420)
  }

  @Test("spring forward: 23:30 EST to 07:00 EDT is six and a half hours asleep")
  func springForward() {
    // 8 Mar 2026 02:00 EST -> 03:00 EDT. Asleep 23:30 EST (04:30 UTC) to 07:00 EDT
    // (11:00 UTC): 390 min in two segments split at 03:30 EDT (07:30 UTC).
    let d = daily([
      S.sleep(.asleepUnspecified, "2026-03-07 23:30:00 -0500", minutes: 180),
      S.sleep(.asleepUnspecified, "2026-03-08 03:30:00 -0400", minutes: 210),
    ])
    #expect(S.value(d, .sleepAsleep, "2026-03-08")?.value == 390)
    #expect(S.value(d, .sleepBedtime, "2026-03-08")?.value == 330)
    #expect(S.value(d, .sleepWake, "2026-03-08")?.value == 420)
  }

  @Test("an overnight flight east: each segment keeps its own offset")
  func overnightFlight() {
    // To bed 22:40 in New York (-04:00, 02:40 UTC), asleep until 07:40 in Cape Verde
    // (-01:00, 08:40 UTC): 180 min with the home offset, 180 with the new one.
    let d = daily([
      S.sleep(.asleepCore, "2026-09-24 22:40:00 -0400", minutes: 180),
      S.sleep(.asleepCore, "2026-09-25 04:40:00 -0100", minutes: 180),
    ])
    #expect(S.days(d, .sleepAsleep) == ["2026-09-25"])
    #expect(S.value(d, .sleepAsleep, "2026-09-25")?.value == 360)
    #expect(S.value(d, .sleepBedtime, "2026-09-25")?.value == 280)  // 22:40 - 18:00
    #expect(S.value(d, .sleepWake, "2026-09-25")?.value == 460)  // 07:40 local
  }

  @Test("a night abroad and the night back home fall on their own local sleep days")
  func travelNights() {
    // In Cape Verde 23:00-07:00 (-01:00); back home the flight west lands late and the
    // night is 00:30-06:45 in New York (-04:00).
    let d = daily([
      S.sleep(.asleepCore, "2026-09-26 23:00:00 -0100", minutes: 480),
      S.sleep(.asleepCore, "2026-10-02 00:30:00 -0400", minutes: 375),
    ])
    #expect(S.days(d, .sleepAsleep) == ["2026-09-27", "2026-10-02"])
    #expect(S.value(d, .sleepBedtime, "2026-09-27")?.value == 300)
    #expect(S.value(d, .sleepWake, "2026-09-27")?.value == 420)
    #expect(S.value(d, .sleepBedtime, "2026-10-02")?.value == 390)
    #expect(S.value(d, .sleepWake, "2026-10-02")?.value == 405)
  }
}
