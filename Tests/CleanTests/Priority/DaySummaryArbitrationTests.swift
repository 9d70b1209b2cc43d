import Clean
import Testing

/// A day's total beside other devices' minute data (docs/clean.md, "Daily totals"): it wins
/// or loses its day whole, never filling the gaps of another device's samples.
@Suite("Source priority: daily totals")
struct DaySummaryArbitrationTests {
  typealias F = Fixtures
  /// 2024-01-01 at UTC+01:00 starts at 2023-12-31T23:00Z.
  static let midnight = F.day0 - 3_600
  static let offset: Int32 = 3_600

  @Test("a lower-priority day total loses to the watch's samples that day, whole")
  func totalLoses() throws {
    var list = SampleList()
    // The watch counted 3,000 steps in two hours of the day.
    list.add(.steps, start: F.ten, end: F.ten + 3_600, 2_000, "count", offset: Self.offset)
    list.add(.steps, start: F.ten + 7_200, end: F.ten + 10_800, 1_000, "count", offset: Self.offset)
    // Oura's total for the whole local day: 9,000.
    let total = list.add(
      .steps, start: Self.midnight, end: Self.midnight + 86_400, 9_000, "count", source: "Oura",
      offset: Self.offset)
    let result = try F.clean(list.samples)
    // Before, 9,000 × 22/24 = 8,250 of Oura's total filled the watch's gaps: 11,250 steps.
    #expect(result.sum(.steps) == 3_000)
    let lost = try #require(result.rejects(.overlapped).first)
    #expect(lost.origin.record == total)
    #expect(
      lost.reason.hasPrefix(
        "a whole-day total for 2024-01-01; '\(F.watch)' (Apple Watch, higher priority) has data"))
  }

  @Test("a higher-priority day total covers the day; others' samples in it go")
  func totalWins() throws {
    var list = SampleList()
    list.add(
      .steps, start: Self.midnight, end: Self.midnight + 86_400, 9_000, "count", source: "Oura",
      offset: Self.offset)
    list.add(.steps, start: F.ten, end: F.ten + 3_600, 2_000, "count", source: F.phone)
    let result = try F.clean(list.samples)
    #expect(result.sum(.steps) == 9_000)
    #expect(result.rejects(.overlapped).map(\.source) == [F.phone])
  }

  @Test("two unlisted vendors' totals for one day count once: the name that sorts first")
  func equalRanks() throws {
    var list = SampleList()
    let p = try SourcePriority(parsing: "manual, Apple Watch, *")
    list.add(
      .steps, start: Self.midnight, end: Self.midnight + 86_400, 2_239, "count",
      source: "Withings", offset: Self.offset)
    list.add(
      .steps, start: Self.midnight, end: Self.midnight + 86_400, 2_249, "count", source: "Oura",
      offset: Self.offset)
    // A third unlisted source's minute samples inside the day go too.
    list.add(.steps, start: F.ten, end: F.ten + 600, 100, "count", source: "Pedometer++")
    let result = try F.clean(list.samples, priority: p)
    #expect(result.cleaned(.steps).map(\.source) == ["Oura"])
    #expect(result.sum(.steps) == 2_249)
    let reasons = result.rejects(.overlapped).map(\.reason)
    #expect(
      reasons.contains {
        $0.hasPrefix("a whole-day total for 2024-01-01; 'Oura' (*, same priority")
      })
    #expect(
      reasons.contains { $0.hasPrefix("inside 2024-01-01, whose whole-day total from 'Oura'") })
  }

  @Test("a DST day of 25 hours is a whole day; a 20-hour interval is not")
  func dstDay() throws {
    var list = SampleList()
    // 2024-10-27 in Berlin: midnight at +02:00 (2024-10-26T22:00Z), 25 hours. Input 1 (no
    // export date: the day is after the Apple fixture's).
    let start: Int64 = 1_729_980_000
    list.add(
      .steps, start: start, end: start + 25 * 3_600, 5_000, "count", source: "Oura", file: 1,
      offset: 7_200)
    list.add(.steps, start: start + 3_600, end: start + 3_660, 10, "count", file: 1, offset: 7_200)
    // A 20-hour interval from an unlisted app: trimmed pro rata around the watch, as before.
    list.add(
      .steps, start: start, end: start + 20 * 3_600, 2_000, "count", source: "Pedometer++",
      file: 1, offset: 7_200)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.steps).contains { $0.source == "Pedometer++" })
    #expect(!result.cleaned(.steps).contains { $0.source == "Oura" })
  }
}
