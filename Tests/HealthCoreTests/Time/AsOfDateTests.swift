import HealthCore
import Testing

@Suite("--as-of resolution")
struct AsOfDateTests {
  // 2024-07-06T02:00:00Z: still 5 July in Los Angeles (19:00 PDT), 6 July in Tokyo.
  let now: Int64 = 1_720_231_200

  @Test("an ISO date is taken as is")
  func isoDate() throws {
    #expect(try AsOfDate.resolve("2024-07-06") == LocalDay(iso: "2024-07-06"))
    #expect(try AsOfDate.resolve(" 2020-12-31 ") == LocalDay(iso: "2020-12-31"))
  }

  @Test("today and yesterday on the calendar of a given zone")
  func relative() throws {
    #expect(
      try AsOfDate.resolve("today", zone: "America/Los_Angeles", now: now)
        == LocalDay(iso: "2024-07-05"))
    #expect(
      try AsOfDate.resolve("Yesterday", zone: "America/Los_Angeles", now: now)
        == LocalDay(iso: "2024-07-04"))
    #expect(
      try AsOfDate.resolve("today", zone: "Asia/Tokyo", now: now) == LocalDay(iso: "2024-07-06"))
    #expect(try AsOfDate.resolve("today", zone: "UTC", now: now) == LocalDay(iso: "2024-07-06"))
  }

  @Test("anything else is a usage error (exit 64)")
  func bad() {
    for text in ["2024-02-30", "tomorrow", "2024-7-6", ""] {
      #expect(throws: HealthError.self, "\(text)") { try AsOfDate.resolve(text, now: now) }
      do {
        _ = try AsOfDate.resolve(text, now: now)
      } catch let e as HealthError {
        #expect(e.code == .usage)
      } catch {}
    }
    #expect(throws: HealthError.self) { try AsOfDate.resolve("today", zone: "Mars/Base", now: now) }
  }

  @Test("latest stays a choice for the stage that reads the data; resolve() refuses it")
  func latest() throws {
    #expect(try AsOfDate.choice("latest", now: now) == .latest)
    #expect(try AsOfDate.choice(" Latest ", now: now) == .latest)
    #expect(try AsOfDate.choice("2024-07-06", now: now) == .day(LocalDay(iso: "2024-07-06")!))
    #expect(AsOfDate.Choice.latest.description == "latest")
    #expect(throws: HealthError.self) { try AsOfDate.resolve("latest", now: now) }
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
