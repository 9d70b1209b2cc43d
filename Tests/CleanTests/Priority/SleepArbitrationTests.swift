import Clean
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
    // One session each. Main: 20 asleep minutes each, the phone's starts first (23:00); the
    // watch holds 20 of those 20 (>= half) and ranks higher, so the night is the watch's
    // and the phone's asleep row is overlapped. In-bed comes from the phone (the watch has
    // none).
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
    #expect(
      dropped.reason
        == "sleep day 2024-01-02 takes its night from 'Jane’s Apple Watch' (Apple Watch, "
        + "higher priority); this sample ranks as iPhone")
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

  @Test("naps are sessions outside the night's window, on any day: none displaces the night")
  func napsBesideTheNight() throws {
    // Night: watch core 23:00-06:00 UTC (sleep day Jan 2, window 23:00-06:00).
    // Phone naps 13:00-13:40 and 18:10-18:40 on Jan 2, and one 16:00-17:00 local in UTC-8
    // (Jan 3 00:00-01:00 UTC): no overlap with the window or with each other, so all stay.
    // Under the per-sleep-day rule the phone's first and last were overlapped by the watch.
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
    #expect(result.cleaned(.sleep).map(\.origin.record) == [1, 2, 3, 4])
    #expect(result.rejects(.overlapped).isEmpty)
  }

  @Test("overlapping naps of two sources: the higher priority stays")
  func overlappingNaps() throws {
    // Night 23:00-06:00 UTC from the watch. Naps on Jan 2: watch 14:00-14:40, ring
    // 14:10-14:50 (overlaps the watch's: goes), phone 15:30-16:00 (overlaps nothing: stays).
    let jan2 = F.day0 + 86_400
    var list = SampleList()
    list.add(.sleep, start: jan2 - 3_600, end: jan2 + 6 * 3_600, 420, "min", category: "asleepCore")
    list.add(
      .sleep, start: jan2 + 14 * 3_600, end: jan2 + 14 * 3_600 + 2_400, 40, "min",
      category: "asleepCore")
    list.add(
      .sleep, start: jan2 + 14 * 3_600 + 600, end: jan2 + 14 * 3_600 + 3_000, 40, "min",
      source: "Oura Ring, Gen3", category: "asleepUnspecified")
    list.add(
      .sleep, start: jan2 + 15 * 3_600 + 1_800, end: jan2 + 16 * 3_600, 30, "min",
      source: F.phone, category: "asleepUnspecified")
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.sleep).map(\.origin.record) == [1, 2, 4])
    let dropped = result.rejects(.overlapped)
    #expect(dropped.map(\.origin.record) == [3])
    #expect(
      dropped.first?.reason
        == "the nap of 2024-01-02 overlaps one from 'Jane’s Apple Watch' (Apple Watch, "
        + "higher priority), which is kept; this sample ranks as Oura")
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
