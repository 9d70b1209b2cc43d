import HealthModel
import Testing

@Suite("--as-of resolution")
struct AsOfDateTests {
  // 2024-07-06T02:00:00Z: still 5 July in Los Angeles (19:00 PDT), 6 July in Tokyo.
  let now: Int64 = 1_720_231_200

  /// The one parser, then the one resolver with a fixed clock.
  func resolve(_ text: String, zone: String? = nil, at instant: Int64? = nil) throws -> AsOf {
    try AsOfDate.Word.parse(text).resolve(zone: zone, clock: AsOfClock(now: instant ?? now))
  }

  @Test("an ISO date is taken as is")
  func isoDate() throws {
    #expect(try resolve("2024-07-06") == .day(LocalDay(iso: "2024-07-06")!))
    #expect(try resolve(" 2020-12-31 ") == .day(LocalDay(iso: "2020-12-31")!))
  }

  @Test("today and yesterday on the calendar of a given zone")
  func relative() throws {
    #expect(
      try resolve("today", zone: "America/Los_Angeles") == .day(LocalDay(iso: "2024-07-05")!))
    #expect(
      try resolve("Yesterday", zone: "America/Los_Angeles") == .day(LocalDay(iso: "2024-07-04")!))
    #expect(try resolve("today", zone: "Asia/Tokyo") == .day(LocalDay(iso: "2024-07-06")!))
    #expect(try resolve("today", zone: "UTC") == .day(LocalDay(iso: "2024-07-06")!))
  }

  @Test("23:30 UTC is already tomorrow in Auckland and still today in Los Angeles")
  func zoneBoundary() throws {
    // 2024-07-06T23:30:00Z = 1,720,224,000 (midnight, 2 h before `now`) + 84,600 s. Auckland
    // is UTC+12 in July (NZST): 11:30 on 7 July. Los Angeles is UTC−7 (PDT): 16:30 on 6 July.
    let late: Int64 = 1_720_224_000 + 23 * 3_600 + 1_800
    #expect(
      try resolve("today", zone: "Pacific/Auckland", at: late) == .day(LocalDay(iso: "2024-07-07")!)
    )
    #expect(
      try resolve("yesterday", zone: "Pacific/Auckland", at: late)
        == .day(LocalDay(iso: "2024-07-06")!))
    #expect(
      try resolve("today", zone: "America/Los_Angeles", at: late)
        == .day(LocalDay(iso: "2024-07-06")!))
    #expect(
      try resolve("yesterday", zone: "America/Los_Angeles", at: late)
        == .day(LocalDay(iso: "2024-07-05")!))
    #expect(try resolve("today", zone: "UTC", at: late) == .day(LocalDay(iso: "2024-07-06")!))
    // `latest` falls back to today on the same calendar.
    #expect(
      try resolve("latest", zone: "Pacific/Auckland", at: late)
        == .latest(fallback: LocalDay(iso: "2024-07-07")!))
    #expect(
      try resolve("latest", zone: "America/Los_Angeles", at: late)
        == .latest(fallback: LocalDay(iso: "2024-07-06")!))
  }

  @Test("anything else is a usage error (exit 64); a pipeline file's as_of is exit 78")
  func bad() {
    for text in ["2024-02-30", "tomorrow", "2024-7-6", ""] {
      #expect(throws: HealthError.self, "\(text)") { try resolve(text) }
      do {
        _ = try resolve(text)
      } catch let e as HealthError {
        #expect(e.code == .usage)
        #expect(e.message == "--as-of must be \(AsOfDate.accepted), not '\(text)'")
      } catch {}
      do {
        _ = try AsOfDate.Word.parse(text, origin: "as_of", code: .configError)
      } catch let e as HealthError {
        #expect(e.code == .configError)
        #expect(e.message == "as_of must be \(AsOfDate.accepted), not '\(text)'")
      } catch {}
    }
    #expect(throws: HealthError.self) { try resolve("today", zone: "Mars/Base") }
  }

  @Test("latest stays latest for the stage that reads the data, with today as its fallback")
  func latest() throws {
    // `now` is 6 July in UTC and 5 July in Los Angeles.
    #expect(try resolve("latest", zone: "UTC") == .latest(fallback: LocalDay(iso: "2024-07-06")!))
    #expect(
      try resolve(" Latest ", zone: "America/Los_Angeles")
        == .latest(fallback: LocalDay(iso: "2024-07-05")!))
    let latest = AsOf.latest(fallback: LocalDay(iso: "2024-07-06")!)
    #expect(latest.description == "latest")
    #expect(latest.isLatest && latest.day == nil)
    // Once the data is read: its last day, else the fallback.
    #expect(
      latest.resolved(lastDayWithData: LocalDay(iso: "2024-06-30")) == LocalDay(iso: "2024-06-30"))
    #expect(latest.resolved(lastDayWithData: nil) == LocalDay(iso: "2024-07-06"))
    // `latest` reads every day a sample can have: through 9999-12-31.
    #expect(latest.readThrough == LocalDay(iso: "9999-12-31"))
    let day = AsOf.day(LocalDay(iso: "2024-07-01")!)
    #expect(day.description == "2024-07-01" && !day.isLatest)
    #expect(
      day.resolved(lastDayWithData: LocalDay(iso: "2024-06-30")) == LocalDay(iso: "2024-07-01"))
    #expect(day.readThrough == LocalDay(iso: "2024-07-01"))
    #expect(AsOfDate.Word("latest") == .latest)
    #expect(AsOfDate.Word("someday") == nil)
  }

  @Test("HEALTHPIPE_NOW replaces the clock (tests only): an instant or epoch seconds")
  func clockOverride() throws {
    // 2031-06-01T12:00:00Z = 1,938,081,600 s: (2031-06-01 is day 22,431 since 1970) × 86,400
    // + 12 h.
    #expect(
      try AsOfDate.currentTime(environment: ["HEALTHPIPE_NOW": "2031-06-01T12:00:00Z"])
        == 1_938_081_600)
    #expect(try AsOfDate.currentTime(environment: ["HEALTHPIPE_NOW": "1720231200"]) == now)
    #expect(throws: HealthError.self) {
      try AsOfDate.currentTime(environment: ["HEALTHPIPE_NOW": "next tuesday"])
    }
    // Without it the clock is read: some time after this test was written.
    #expect(try AsOfDate.currentTime(environment: [:]) > 1_790_000_000)
  }
}
