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
}
