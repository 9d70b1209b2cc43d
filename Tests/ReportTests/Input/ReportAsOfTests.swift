import HealthCore
import HealthModel
import Testing

@testable import Report

@Suite("The report's as-of date, decided in one place")
struct ReportAsOfTests {
  static let built = LocalDay(iso: "2026-11-15")!
  static let through = LocalDay(iso: "2026-11-12")!

  @Test(
    "a day is itself; latest is the last day with data, else the built as-of; nil is the latter")
  func day() {
    let facts = AggregateFacts(asOf: Self.built, dataThrough: Self.through)
    let day = LocalDay(iso: "2026-10-01")!
    #expect(ReportAsOf.day(.day(day), facts: facts) == day)
    // The report's `latest` is the folder's; the resolver's fallback (today) is not used.
    let latest = AsOf.latest(fallback: LocalDay(iso: "2027-01-01")!)
    #expect(ReportAsOf.day(latest, facts: facts) == Self.through)
    #expect(ReportAsOf.day(nil, facts: facts) == Self.built)
    #expect(ReportAsOf.day(latest, facts: AggregateFacts(asOf: Self.built)) == Self.built)
    #expect(ReportAsOf.day(nil, facts: AggregateFacts()) == nil)
  }

  @Test("a day other than the folder's is refused (64) with a hint; the folder's day passes")
  func check() throws {
    try ReportAsOf.check(Self.built, built: Self.built, directory: "agg")
    try ReportAsOf.check(nil, built: Self.built, directory: "agg")
    try ReportAsOf.check(Self.through, built: nil, directory: "agg")
    let error = #expect(throws: HealthError.self) {
      try ReportAsOf.check(Self.through, built: Self.built, directory: "agg")
    }
    #expect(error?.code == .usage)
    #expect(
      error?.message
        == "--as-of 2026-11-12 does not match the aggregate folder, which was built as of 2026-11-15"
    )
  }

  @Test("without a recorded as-of the model shows the last day of the daily rows")
  func lastDailyDay() throws {
    let rows = [Self.through, Self.built.adding(days: -30)].map {
      DailyValue(day: $0, metric: .steps, category: "", value: 1, count: 1, unit: "count")
    }
    #expect(try ReportAsOf.day(nil, inputs: ReportInputs(daily: rows)) == Self.through)
    #expect(
      try ReportAsOf.day(
        nil,
        inputs: ReportInputs(daily: rows, facts: AggregateFacts(asOf: LocalDay(iso: "2026-11-15"))))
        == Self.built)
    #expect(throws: HealthError.self) { try ReportAsOf.day(nil, inputs: ReportInputs()) }
  }
}
