import Clean
import Testing

/// One person, several devices (issue 30, docs/clean.md "Default priority"): steps from a
/// Garmin or a Fitbit and from an iPhone count once under the default priority, with the
/// source names and device descriptions the Garmin and Fitbit readers write
/// (docs/ingest-garmin.md, docs/ingest-fitbit.md).
@Suite("Source priority: a Garmin or a Fitbit beside an iPhone")
struct WearableStepsArbitrationTests {
  typealias F = Fixtures
  /// What `GarminFITReader` names a fēnix 5's monitoring samples.
  static let garmin = "Garmin fēnix 5"
  static let garminDevice = "name:Garmin, model:fēnix 5, serial:3907354759"

  @Test("Garmin monitoring intervals beat the iPhone's steps where they overlap, pro rata")
  func garminWatch() throws {
    // Garmin [10:00, 10:15) 300 and [10:15, 10:30) 150 (two monitoring differences).
    // iPhone [10:05, 10:25) 400: inside the Garmin's intervals, dropped whole.
    // iPhone [10:25, 10:45) 200: covered 10:25-10:30, keeps 15/20 → 150.
    // Day: 300 + 150 + 150 = 600 (the naive sum is 1,050).
    var list = SampleList()
    list.add(
      .steps, start: F.ten, end: F.ten + F.min(15), 300, "count", source: Self.garmin,
      device: Self.garminDevice)
    list.add(
      .steps, start: F.ten + F.min(15), end: F.ten + F.min(30), 150, "count",
      source: Self.garmin, device: Self.garminDevice)
    let covered = list.add(
      .steps, start: F.ten + F.min(5), end: F.ten + F.min(25), 400, "count", source: F.phone,
      device: F.phoneDevice)
    list.add(
      .steps, start: F.ten + F.min(25), end: F.ten + F.min(45), 200, "count", source: F.phone,
      device: F.phoneDevice)
    let result = try F.clean(list.samples)
    #expect(result.sum(.steps) == 600)
    #expect(result.rejects(.overlapped).map(\.origin.record) == [covered])
    let phone = try #require(result.cleaned(.steps).first { $0.source == F.phone })
    #expect(phone.start == F.ten + F.min(30) && phone.end == F.ten + F.min(45))
    #expect(phone.value == 150)
  }

  @Test("Garmin Connect's day total wins its day over the iPhone, and loses it to an Apple Watch")
  func garminConnectTotal() throws {
    // Day 1: Garmin Connect 9,000 for the whole day, the iPhone 2,000 in an hour of it.
    // Day 2: Garmin Connect 8,000, the Apple Watch 1,500 in an hour: the watch (rank 1)
    // outranks Garmin (rank 2), so the total goes whole, never filling the watch's gaps.
    let day = Int64(86_400)
    var list = SampleList()
    list.add(.steps, start: F.day0, end: F.day0 + day, 9_000, "count", source: "Garmin Connect")
    let phone = list.add(
      .steps, start: F.ten, end: F.ten + 3_600, 2_000, "count", source: F.phone,
      device: F.phoneDevice)
    let total2 = list.add(
      .steps, start: F.day0 + day, end: F.day0 + 2 * day, 8_000, "count",
      source: "Garmin Connect")
    list.add(.steps, start: F.ten + day, end: F.ten + day + 3_600, 1_500, "count")
    let result = try F.clean(list.samples)
    #expect(result.sum(.steps) == 10_500)
    #expect(result.rejects(.overlapped).map(\.origin.record).sorted() == [phone, total2])
  }

  @Test("a Fitbit CSV's `Charge 6` ranks as Fitbit, above the iPhone")
  func fitbitDataSource() throws {
    // Charge 6 [10:00, 10:01) 12 steps; iPhone [10:00, 10:02) 30 steps: its second minute is
    // uncovered → 15. Day: 27. Ranked at `*` instead (no vendor in `Charge 6`), the iPhone
    // would win and the day would be 30.
    var list = SampleList()
    list.add(
      .steps, start: F.ten, end: F.ten + 60, 12, "count", source: "Charge 6",
      device: "name:Fitbit")
    list.add(
      .steps, start: F.ten, end: F.ten + 120, 30, "count", source: F.phone, device: F.phoneDevice)
    let result = try F.clean(list.samples)
    #expect(result.sum(.steps) == 27)
    #expect(result.cleaned(.steps).map(\.source) == ["Charge 6", F.phone])
  }
}
