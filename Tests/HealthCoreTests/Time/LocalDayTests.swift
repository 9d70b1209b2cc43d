import Testing

@testable import HealthModel

@Suite("Local days and ISO weeks")
struct LocalDayTests {
  @Test("day numbers of known dates")
  func knownDates() {
    // 1970-01-01 is day 0; 2000-03-01 is 11017 days later (30 years incl. 8 leap days
    // to 2000-01-01 = 10957, + 31 Jan + 29 Feb).
    #expect(LocalDay(year: 1970, month: 1, day: 1)?.dayNumber == 0)
    #expect(LocalDay(year: 2000, month: 3, day: 1)?.dayNumber == 11_017)
    #expect(LocalDay(year: 1969, month: 12, day: 31)?.dayNumber == -1)
    #expect(LocalDay(year: 2024, month: 2, day: 30) == nil)
    #expect(LocalDay(year: 2023, month: 2, day: 29) == nil)
    #expect(LocalDay(year: 2024, month: 2, day: 29) != nil)
    #expect(LocalDay(iso: "2024-01-05")?.description == "2024-01-05")
    #expect(LocalDay(iso: "2024-1-05") == nil)
  }

  @Test("the day of an instant uses the sample's own offset")
  func dayFromOffset() {
    // 2024-01-01T07:30:00Z: in New York (-05:00) it is 02:30 on Jan 1;
    // in Los Angeles (-08:00) it is 23:30 on Dec 31.
    let epoch: Int64 = 1_704_094_200
    #expect(LocalDay(epochSeconds: epoch, utcOffset: -18_000).description == "2024-01-01")
    #expect(LocalDay(epochSeconds: epoch, utcOffset: -28_800).description == "2023-12-31")
    // Before 1970, floor division keeps the day right: -1 s is 1969-12-31.
    #expect(LocalDay(epochSeconds: -1, utcOffset: 0).description == "1969-12-31")
  }

  @Test("weekdays: 1970-01-01 was a Thursday, 2026-11-22 is a Sunday")
  func weekdays() {
    #expect(LocalDay(dayNumber: 0).isoWeekday == 4)
    #expect(LocalDay(year: 2026, month: 11, day: 22)!.isoWeekday == 7)
    #expect(LocalDay(year: 1969, month: 12, day: 29)!.isoWeekday == 1)
    #expect(LocalDay(year: 2025, month: 7, day: 6)!.shortLabel == "Sun 6 Jul")
  }

  @Test("ISO weeks at year boundaries, including week 53")
  func isoWeeks() {
    // 2021-01-03 (Sunday) belongs to 2020-W53; 2021-01-04 starts 2021-W01.
    #expect(LocalDay(year: 2021, month: 1, day: 3)!.isoWeek.description == "2020-W53")
    #expect(LocalDay(year: 2021, month: 1, day: 4)!.isoWeek.description == "2021-W01")
    // 2024-12-30 (Monday) is already 2025-W01.
    #expect(LocalDay(year: 2024, month: 12, day: 30)!.isoWeek.description == "2025-W01")
    #expect(ISOWeek.weeksIn(year: 2020) == 53)
    #expect(ISOWeek.weeksIn(year: 2026) == 53)  // 2026 starts on a Thursday
    #expect(ISOWeek.weeksIn(year: 2025) == 52)
    #expect(ISOWeek(year: 2020, week: 53)!.monday.description == "2020-12-28")
    #expect(ISOWeek(year: 2025, week: 53) == nil)
  }

  @Test("civil conversion round-trips over four centuries")
  func roundTrip() {
    for n in stride(from: -146_097, through: 146_097, by: 37) {
      let (y, m, d) = CivilDate.civilFromDays(n)
      #expect(CivilDate.daysFromCivil(year: y, month: m, day: d) == n)
    }
  }
}
