import HealthModel
import Testing

@testable import SampleExports

@Suite("Synthetic generator: calendar, zones and travel")
struct SyntheticCalendarTests {
  /// 150 days ending 2026-11-15 in New York: the sample data's layout.
  static let options = SyntheticOptions(days: 150, seed: 42, density: .sample)

  @Test("periods: CSV, then JSON, then the Apple export, each 150 days; the ring's last 90")
  func periods() throws {
    let c = try SyntheticCalendar(Self.options)
    // Day numbers since 1970-01-01: 2026-11-15 is 20772 (Python's date arithmetic).
    #expect(c.appleLast == 20772)
    #expect(c.appleFirst == 20772 - 149)  // 2026-06-19
    #expect(c.jsonFirst == 20623 - 150)  // 2026-01-20
    #expect(c.csvFirst == 20473 - 150)  // 2025-08-23
    #expect(c.ringFirst == 20772 - 89)  // 2026-08-18
    #expect(c.cutover == 20623 + 150 / 4)  // 2026-07-26
    #expect(
      try SyntheticExport.fileNames(.autoExportJSON, Self.options) == [
        "HealthAutoExport-2026-01-20-2026-06-18.json"
      ])
    #expect(
      try SyntheticExport.fileNames(.autoExportCSV, Self.options) == [
        "HealthAutoExport-2025-08-23-2026-01-19 Data.csv", "Workouts-2025-08-23-2026-01-19.csv",
      ])
  }

  @Test("New York's DST days have 23 and 25 hours (US rules: 8 March and 1 November 2026)")
  func dstDays() throws {
    let c = try SyntheticCalendar(SyntheticOptions(days: 300, seed: 1))
    let z = c.zones
    // 2026-03-08 is day 20520: midnight EST = 20520·86400 + 5 h; the next midnight is EDT.
    #expect(z.midnight(20520) == 1_772_946_000)
    #expect(z.midnight(20521) == 1_773_028_800)
    #expect(z.midnight(20521) - z.midnight(20520) == 23 * 3600)
    // 2026-11-01 is day 20758: midnight EDT = 20758·86400 + 4 h; the next one EST (+5 h).
    #expect(z.midnight(20758) == 1_793_505_600)
    #expect(z.midnight(20759) - z.midnight(20758) == 25 * 3600)
    // 02:30 on 8 March does not exist: it maps to the jump at 07:00 UTC.
    #expect(z.epoch(local: 20520 * 86_400 + 2 * 3600 + 1800) == 20520 * 86_400 + 7 * 3600)
  }

  @Test("the trip: a week three hours east of home, arriving at 02:00 home time")
  func travel() throws {
    let c = try SyntheticCalendar(Self.options)
    // appleFirst + 60 % of 150 days = 20623 + 90 = 20713 (2026-09-17), no DST change near.
    #expect(c.trips.count == 1)
    #expect(c.trips[0].first == 20713)
    #expect(c.trips[0].last == 20719)
    // New York is at -4 h in September, so three hours east is -1 h: Cape Verde.
    #expect(c.trips[0].zone == "Atlantic/Cape_Verde")
    let z = c.zones
    // 02:00 EDT on 17 September = 06:00 UTC = 20713·86400 + 6 h.
    let switchIn: Int64 = 1_789_624_800
    #expect(z.offset(at: switchIn - 1) == -4 * 3600)
    #expect(z.offset(at: switchIn) == -3600)
    #expect(z.zoneName(at: switchIn + 86_400) == "Atlantic/Cape_Verde")
    // Back at 13:00 Cape Verde time on the 24th = 14:00 UTC.
    let switchOut: Int64 = 1_790_258_400
    #expect(z.offset(at: switchOut - 1) == -3600)
    #expect(z.offset(at: switchOut) == -4 * 3600)
    // Flying east shortens the arrival day to 21 hours; flying back lengthens a day to 27.
    #expect(z.midnight(20714) - z.midnight(20713) == 21 * 3600)
    #expect(z.midnight(20721) - z.midnight(20720) == 27 * 3600)
  }

  @Test("another home zone gets its own trip zone; an unknown zone is a usage error")
  func zones() throws {
    var options = Self.options
    options.timeZone = "Europe/Berlin"
    let c = try SyntheticCalendar(options)
    // Berlin is at +2 h in mid-September (CEST): three hours east is +5 h.
    #expect(c.trips.first?.zone == "Asia/Tashkent")
    options.timeZone = "Mars/Olympus_Mons"
    #expect(throws: HealthError.self) { try SyntheticCalendar(options) }
    do {
      _ = try SyntheticCalendar(options)
    } catch let error as HealthError {
      #expect(error.code == .usage)
      #expect(error.message.contains("Mars/Olympus_Mons"))
    }
  }

  @Test("days outside 1...36600 are refused")
  func badDays() {
    #expect(throws: HealthError.self) { try SyntheticCalendar(SyntheticOptions(days: 0, seed: 1)) }
  }
}
