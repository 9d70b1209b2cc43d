import Clean
import HealthCore
import Testing

@Suite("Source priority: sleep")
struct SleepArbitrationTests {
  typealias F = Fixtures

  /// 2024-01-01T23:00:00Z.
  static let night = Fixtures.day0 + 23 * 3_600

  @Test("a 30-minute in-bed from the phone around watch stages: both kept, phone asleep dropped")
  func phoneInBedAroundWatchStages() throws {
    // Phone: in bed 23:00-23:30 and its own 'asleep' 23:05-23:25.
    // Watch: core 23:05-23:15, deep 23:15-23:25 (no in-bed).
    // In-bed comes from the phone (the only source with in-bed); asleep stages from the
    // watch (higher priority), so the phone's asleep row is overlapped.
    let n = Self.night
    var list = SampleList()
    list.add(.sleep, start: n, end: n + 1_800, 30, "min", source: F.phone, category: "inBed")
    list.add(
      .sleep, start: n + 300, end: n + 1_500, 20, "min", source: F.phone,
      category: "asleepUnspecified")
    list.add(.sleep, start: n + 300, end: n + 900, 10, "min", category: "asleepCore")
    list.add(.sleep, start: n + 900, end: n + 1_500, 10, "min", category: "asleepDeep")
    let result = try F.clean(list.samples)
    let kept = result.cleaned(.sleep).map { "\($0.source) \($0.category) \($0.value)" }
    #expect(
      kept == [
        "\(F.phone) inBed 30.0", "\(F.watch) asleepCore 10.0", "\(F.watch) asleepDeep 10.0",
      ])
    let dropped = try #require(result.rejects(.overlapped).first)
    #expect(dropped.origin.record == 2)
    #expect(dropped.reason.hasPrefix("sleep day 2024-01-02 takes its asleep and awake stages"))
    // Minutes: in bed 30 (phone), asleep 10 + 10 = 20 (watch).
    let minutes = result.cleaned(.sleep).reduce(into: [String: Double]()) {
      $0[$1.category, default: 0] += $1.value
    }
    #expect(minutes == ["inBed": 30, "asleepCore": 10, "asleepDeep": 10])
  }

  @Test("the watch's in-bed wins over the phone's when both recorded one; awake goes with stages")
  func bothInBed() throws {
    let n = Self.night
    var list = SampleList()
    list.add(.sleep, start: n, end: n + 3_600, 60, "min", source: F.phone, category: "inBed")
    list.add(.sleep, start: n + 60, end: n + 3_500, 57, "min", category: "inBed")
    list.add(.sleep, start: n + 300, end: n + 1_800, 25, "min", category: "asleepCore")
    list.add(.sleep, start: n + 1_800, end: n + 1_900, 1.6667, "min", category: "awake")
    list.add(
      .sleep, start: n + 1_800, end: n + 1_900, 1.6667, "min", source: F.phone, category: "awake")
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.sleep).allSatisfy { $0.source == F.watch })
    #expect(result.cleaned(.sleep).count == 3)
    #expect(result.rejects(.overlapped).map(\.origin.record) == [1, 5])
  }

  @Test("ties go to the source name that sorts first")
  func tiesByName() throws {
    // Both unlisted (rank at '*'): 'AutoSleep' < 'Sleep Cycle'.
    let n = Self.night
    var list = SampleList()
    list.add(
      .sleep, start: n, end: n + 3_600, 60, "min", source: "Sleep Cycle",
      category: "asleepUnspecified")
    list.add(
      .sleep, start: n, end: n + 3_000, 50, "min", source: "AutoSleep",
      category: "asleepUnspecified")
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.sleep).map(\.source) == ["AutoSleep"])
    #expect(result.rejects(.overlapped).first?.reason.contains("its name sorts first") == true)
  }

  @Test("sleep days are arbitrated separately: end + 6 h in the sample's own offset")
  func separateDays() throws {
    // Night: watch core 23:00-06:00 UTC ends Jan 2 06:00 -> +6 h = 12:00 -> sleep day Jan 2.
    // Phone nap 13:00-13:40 on Jan 2 -> +6 h = 19:40 -> Jan 2 as well: phone loses.
    // Phone nap 18:10-18:40 on Jan 2 -> +6 h = 00:40 Jan 3 -> its own day: kept.
    // A phone segment in UTC-8 ending 17:00 local (Jan 3 01:00 UTC) -> local 23:00 Jan 2
    // -> sleep day Jan 2 (not Jan 3): overlapped.
    let jan2 = F.day0 + 86_400
    var list = SampleList()
    list.add(.sleep, start: jan2 - 3_600, end: jan2 + 6 * 3_600, 420, "min", category: "asleepCore")
    list.add(
      .sleep, start: jan2 + 13 * 3_600, end: jan2 + 13 * 3_600 + 2_400, 40, "min",
      source: F.phone, category: "asleepUnspecified")
    list.add(
      .sleep, start: jan2 + 18 * 3_600 + 600, end: jan2 + 18 * 3_600 + 2_400, 30, "min",
      source: F.phone, category: "asleepUnspecified")
    list.add(
      .sleep, start: jan2 + 24 * 3_600, end: jan2 + 25 * 3_600, 60, "min", source: F.phone,
      category: "asleepUnspecified", offset: -8 * 3_600)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.sleep).map(\.origin.record) == [1, 3])
    #expect(result.rejects(.overlapped).map(\.origin.record) == [2, 4])
  }

  @Test("overlapping segments of the chosen source are all kept (union is aggregate's job)")
  func chosenSourceKeepsOverlaps() throws {
    let n = Self.night
    var list = SampleList()
    list.add(
      .sleep, start: n, end: n + 3_600, 60, "min", source: "AutoSleep", category: "asleepCore")
    list.add(
      .sleep, start: n + 1_800, end: n + 5_400, 60, "min", source: "AutoSleep",
      category: "asleepCore")
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.sleep).count == 2)
  }
}
