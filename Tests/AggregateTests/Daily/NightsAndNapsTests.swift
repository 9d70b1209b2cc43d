import HealthModel
import Testing

@testable import Aggregate

/// Nights and naps in the aggregate stage (docs/aggregate.md, "Sleep day"): the rows clean
/// kept, split into the night's sessions and naps. Values worked out by hand from the times.
@Suite("Nights and naps")
struct NightsAndNapsTests {
  func data(_ samples: [Sample], carried: [NightWindow] = [], asOf: String = "2030-01-01")
    -> DailyData
  {
    let a = DailyAggregator(asOf: S.day(asOf))
    a.carriedNightWindows = carried
    a.add(contentsOf: samples)
    return a.finish()
  }

  @Test("two naps back to back in the evening are one nap on their day, not the next bedtime")
  func backToBackNaps() {
    // Sat 14 Nov: naps 15:59-17:28 (89 min) and 17:28-18:26 (58 min) touch: one session of
    // 147 min ending 18:26, so its sleep day is Sunday, like the night 23:10-06:30 (440 min,
    // the main session). Five hours apart, the naps do not overlap the night's window.
    let d = data([
      S.sleep(.asleepCore, "2026-11-14 15:59:00 -0500", minutes: 89),
      S.sleep(.asleepCore, "2026-11-14 17:28:00 -0500", minutes: 58),
      S.sleep(.asleepCore, "2026-11-14 23:10:00 -0500", minutes: 440),
    ]).values
    #expect(S.days(d, .napMinutes) == ["2026-11-14"])
    #expect(S.value(d, .napMinutes, "2026-11-14")?.value == 147)
    #expect(S.value(d, .napCount, "2026-11-14")?.value == 1)
    #expect(S.value(d, .napMinutes, "2026-11-14")?.count == 2)
    #expect(S.days(d, .sleepAsleep) == ["2026-11-15"])
    #expect(S.value(d, .sleepAsleep, "2026-11-15")?.value == 440)
    #expect(S.value(d, .sleepBedtime, "2026-11-15")?.value == 310)  // 23:10, not 15:59
    #expect(S.value(d, .sleepWake, "2026-11-15")?.value == 390)  // 06:30
  }

  @Test("phone in bed only, no asleep data: the night's in-bed time and no asleep time")
  func inBedOnly() {
    let d = data([
      S.sleep(.inBed, "2026-11-09 22:30:00 -0500", minutes: 480, source: "Phone")
    ]).values
    #expect(S.value(d, .sleepInBed, "2026-11-10")?.value == 480)
    #expect(S.value(d, .sleepAsleep, "2026-11-10") == nil)
    #expect(S.value(d, .sleepBedtime, "2026-11-10") == nil)
    #expect(S.days(d, .napMinutes).isEmpty)
  }

  @Test("in bed from the phone, asleep from the ring: one night of two sources")
  func twoSourcesOneNight() {
    // What clean keeps of the SampleData night of 8 Nov: the phone's in-bed 01:04-08:29
    // (445 min, the main session by in-bed minutes) and the ring's 393 minutes asleep in
    // three rows 01:24-04:47, 04:59-07:12, 07:18-08:15; and the watch's nap 14:01:45-14:38:37
    // (36.87 min) that afternoon.
    let d = data([
      S.sleep(.inBed, "2026-11-08 01:04:01 -0500", minutes: 445.2, source: "Phone"),
      S.sleep(.asleepUnspecified, "2026-11-08 01:24:00 -0500", minutes: 203, source: "Ring"),
      S.sleep(.asleepUnspecified, "2026-11-08 04:59:00 -0500", minutes: 133, source: "Ring"),
      S.sleep(.asleepUnspecified, "2026-11-08 07:18:00 -0500", minutes: 57, source: "Ring"),
      S.sleep(.asleepCore, "2026-11-08 14:01:45 -0500", minutes: 36 + 52.0 / 60),
    ]).values
    #expect(S.value(d, .sleepAsleep, "2026-11-08")?.value == 393)
    #expect(S.value(d, .sleepAsleep, "2026-11-08")?.source == "Ring")
    #expect(close(S.value(d, .sleepInBed, "2026-11-08")?.value, 445.2))
    #expect(S.value(d, .sleepBedtime, "2026-11-08")?.value == 444)  // 01:24 = 7 h 24 after 18:00
    #expect(S.value(d, .sleepWake, "2026-11-08")?.value == 495)  // 08:15
    #expect(close(S.value(d, .napMinutes, "2026-11-08")?.value, 36 + 52.0 / 60))
    #expect(S.value(d, .napMinutes, "2026-11-08")?.source == "Watch")
  }

  @Test("a window clean carried keeps a night whose main session clean dropped")
  func carriedWindow() {
    // Clean chose the watch (two sessions, 22:00-01:00 and 02:30-06:00, 390 min) over a
    // ring session 22:00-06:00 that was the main one, and dropped the ring. From the
    // watch's rows alone the main session would be 02:30-06:00 and 22:00-01:00 a nap; the
    // carried window 22:00-06:00 keeps both in the night.
    let rows = [
      S.sleep(.asleepCore, "2026-11-02 22:00:00 -0500", minutes: 180),
      S.sleep(.asleepCore, "2026-11-03 02:30:00 -0500", minutes: 210),
    ]
    let day = S.day("2026-11-03")
    let window = NightWindow(
      day: day, start: S.at("2026-11-02 22:00:00 -0500").epoch,
      end: S.at("2026-11-03 06:00:00 -0500").epoch)
    let with = data(rows, carried: [window]).values
    #expect(S.value(with, .sleepAsleep, "2026-11-03")?.value == 390)
    #expect(S.value(with, .sleepBedtime, "2026-11-03")?.value == 240)
    #expect(S.days(with, .napMinutes).isEmpty)
    let without = data(rows).values
    #expect(S.value(without, .sleepAsleep, "2026-11-03")?.value == 210)
    #expect(S.value(without, .napMinutes, "2026-11-02")?.value == 180)
  }

  @Test("overlapping naps of two sources count once (a table clean did not arbitrate)")
  func overlappingNapsOnce() {
    // Night 23:00-07:00 (480); naps 13:00-13:40 (watch) and 13:20-14:00 (ring): one nap
    // 13:00-14:00, 60 min.
    let d = data([
      S.sleep(.asleepCore, "2026-11-09 23:00:00 -0500", minutes: 480),
      S.sleep(.asleepCore, "2026-11-10 13:00:00 -0500", minutes: 40),
      S.sleep(.asleepUnspecified, "2026-11-10 13:20:00 -0500", minutes: 40, source: "Ring"),
    ]).values
    #expect(S.value(d, .napMinutes, "2026-11-10")?.value == 60)
    #expect(S.value(d, .napCount, "2026-11-10")?.value == 1)
    #expect(S.value(d, .napMinutes, "2026-11-10")?.source == "Ring, Watch")
  }

  @Test("the as-of date cuts nights by sleep day and naps by start date")
  func asOfCut() {
    // As of Tue 10 Nov: the night ending the 10th is in; a nap on the 10th at 19:00
    // (sleep day the 11th by its end, but a nap of the 10th) is in; the night ending on
    // the 11th is out.
    let data = data(
      [
        S.sleep(.asleepCore, "2026-11-09 23:00:00 -0500", minutes: 480),
        S.sleep(.asleepCore, "2026-11-10 19:00:00 -0500", minutes: 30),
        S.sleep(.asleepCore, "2026-11-10 23:30:00 -0500", minutes: 420),
      ], asOf: "2026-11-10")
    #expect(S.days(data.values, .sleepAsleep) == ["2026-11-10"])
    #expect(S.value(data.values, .napMinutes, "2026-11-10")?.value == 30)
    #expect(data.counts[.sleep]?.used == 2)
    #expect(data.counts[.sleep]?.afterAsOf == 1)
    #expect(data.counts[.sleep]?.read == 3)
  }
}
