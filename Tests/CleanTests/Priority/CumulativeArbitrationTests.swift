import Clean
import HealthModel
import Testing

@Suite("Source priority: cumulative metrics, pro rata by time")
struct CumulativeArbitrationTests {
  typealias F = Fixtures

  @Test("a phone sample half covered by a watch sample keeps its uncovered half")
  func halfCovered() throws {
    // Phone 10:00-10:20, 200 steps; watch 10:10-10:30, 150 steps.
    // The phone's 10:10-10:20 is under the watch: it counts for 10:00-10:10 only,
    // 10/20 of its interval -> 200 * 0.5 = 100 steps. Day total 150 + 100 = 250
    // (not the naive 350).
    var list = SampleList()
    list.add(.steps, start: F.ten, end: F.ten + F.min(20), 200, "count", source: F.phone)
    list.add(.steps, start: F.ten + F.min(10), end: F.ten + F.min(30), 150, "count")
    let result = try F.clean(list.samples)
    let steps = result.cleaned(.steps)
    #expect(steps.count == 2)
    let phone = try #require(steps.first { $0.source == F.phone })
    #expect(phone.start == F.ten && phone.end == F.ten + F.min(10))
    #expect(phone.value == 100)
    #expect(phone.origin == Origin(file: 0, record: 1))
    #expect(result.sum(.steps) == 250)
    #expect(result.total.trimmed == 1 && result.total.overlapped == 0)
  }

  @Test("three sources stacked: each counts only where every better one is silent")
  func threeStacked() throws {
    // manual 10:05-10:10  50 steps   (rank 0)
    // watch  10:00-10:20 400 steps   (rank 1): uncovered 10:00-10:05 and 10:10-10:20
    //        -> 400*5/20 = 100 and 400*10/20 = 200
    // phone  09:50-10:30 800 steps   (rank 2): covered 10:00-10:20 -> uncovered
    //        09:50-10:00 and 10:20-10:30, 800*10/40 = 200 each
    // app    09:40-10:40 1200 steps  (unlisted, at '*', rank 3): covered 09:50-10:30 ->
    //        09:40-09:50 and 10:30-10:40, 1200*10/60 = 200 each
    // Total 50 + 300 + 400 + 400 = 1150.
    var list = SampleList()
    list.add(
      .steps, start: F.ten + F.min(5), end: F.ten + F.min(10), 50, "count", source: "Health",
      userEntered: true)
    list.add(.steps, start: F.ten, end: F.ten + F.min(20), 400, "count")
    list.add(
      .steps, start: F.ten - F.min(10), end: F.ten + F.min(30), 800, "count", source: F.phone)
    list.add(
      .steps, start: F.ten - F.min(20), end: F.ten + F.min(40), 1200, "count", source: "Pedometer++"
    )
    let result = try F.clean(list.samples)
    let rows = result.cleaned(.steps).map {
      ($0.source, $0.start - F.ten, $0.end - F.ten, $0.value)
    }
    let expected: [(String, Int64, Int64, Double)] = [
      ("Pedometer++", -1200, -600, 200),
      (F.phone, -600, 0, 200),
      (F.watch, 0, 300, 100),
      ("Health", 300, 600, 50),
      (F.watch, 600, 1200, 200),
      (F.phone, 1200, 1800, 200),
      ("Pedometer++", 1800, 2400, 200),
    ]
    #expect(rows.count == expected.count)
    for (got, want) in zip(rows, expected) {
      #expect(got.0 == want.0 && got.1 == want.1 && got.2 == want.2 && got.3 == want.3)
    }
    #expect(result.sum(.steps) == 1150)
    #expect(result.total.cleaned == 4 && result.total.trimmed == 3 && result.total.pieces == 6)
  }

  @Test("a sample entirely covered by a higher-priority one is rejected as overlapped")
  func entirelyCovered() throws {
    // Phone 10:05-10:15 inside watch 10:00-10:20: nothing of it is uncovered.
    var list = SampleList()
    list.add(.steps, start: F.ten, end: F.ten + F.min(20), 300, "count")
    list.add(.steps, start: F.ten + F.min(5), end: F.ten + F.min(15), 120, "count", source: F.phone)
    let result = try F.clean(list.samples)
    #expect(result.sum(.steps) == 300)
    let overlapped = result.rejects(.overlapped)
    #expect(overlapped.count == 1)
    #expect(overlapped.first?.source == F.phone)
    #expect(overlapped.first?.value == "120")
    #expect(overlapped.first?.origin == Origin(file: 0, record: 2))
    #expect(overlapped.first?.reason.contains("entirely covered") == true)
    #expect(overlapped.first?.reason.contains(F.watch) == true)
  }

  @Test("a sample covered exactly edge to edge by two better ones is overlapped")
  func coveredByTwo() throws {
    // Watch 10:00-10:10 and 10:10-10:20 touch; the phone 10:00-10:20 is covered with no gap.
    var list = SampleList()
    list.add(.activeEnergy, start: F.ten, end: F.ten + F.min(10), 10, "kcal")
    list.add(.activeEnergy, start: F.ten + F.min(10), end: F.ten + F.min(20), 12, "kcal")
    list.add(
      .activeEnergy, start: F.ten, end: F.ten + F.min(20), 30, "kcal", source: F.phone)
    let result = try F.clean(list.samples)
    #expect(result.sum(.activeEnergy) == 22)
    #expect(result.rejects(.overlapped).count == 1)
  }

  @Test("sources of equal priority never displace each other")
  func equalPriorities() throws {
    // Two watches (both match 'Apple Watch') overlap completely: both count.
    // Two unlisted apps (both at '*') overlap half: both count whole.
    var list = SampleList()
    list.add(.steps, start: F.ten, end: F.ten + F.min(10), 100, "count")
    list.add(.steps, start: F.ten, end: F.ten + F.min(10), 90, "count", source: "Old Apple Watch")
    list.add(.distance, start: F.ten, end: F.ten + F.min(10), 1, "km", source: "Strava")
    list.add(
      .distance, start: F.ten + F.min(5), end: F.ten + F.min(15), 2, "km", source: "Nike Run Club")
    let result = try F.clean(list.samples)
    #expect(result.sum(.steps) == 190)
    #expect(result.sum(.distance) == 3)
    #expect(result.total.overlapped == 0 && result.total.trimmed == 0)
  }

  @Test("zero-length samples: kept unless their instant is inside a better interval")
  func zeroLength() throws {
    // Watch 10:00-10:10. Phone instant at 10:05 (inside) -> overlapped; at 10:10 (the
    // watch interval is half-open, so outside) -> kept; a watch instant covers nothing, so
    // the phone 10:30-10:40 around the watch instant at 10:35 is kept whole.
    var list = SampleList()
    list.add(.steps, start: F.ten, end: F.ten + F.min(10), 500, "count")
    list.add(.steps, start: F.ten + F.min(5), 7, "count", source: F.phone)
    list.add(.steps, start: F.ten + F.min(10), 8, "count", source: F.phone)
    list.add(.steps, start: F.ten + F.min(35), 3, "count")
    list.add(.steps, start: F.ten + F.min(30), end: F.ten + F.min(40), 40, "count", source: F.phone)
    let result = try F.clean(list.samples)
    #expect(result.sum(.steps) == 500 + 8 + 3 + 40)
    #expect(result.rejects(.overlapped).map(\.origin.record) == [2])
  }

  @Test("pieces keep every other field of their sample, and values add up to the share")
  func piecesKeepFields() throws {
    // Phone 09:00-12:00, 3 km given in miles (1.864113577 mi = 3 km), watch 10:00-11:00.
    // Uncovered: 09:00-10:00 and 11:00-12:00, one third each -> 1 km each.
    var list = SampleList()
    list.add(.distance, start: F.ten, end: F.ten + 3_600, 2.5, "km")
    list.add(
      .distance, start: F.ten - 3_600, end: F.ten + 7_200, 3 / 1.609344, "mi", source: F.phone,
      device: F.phoneDevice, offset: 3_600)
    let result = try F.clean(list.samples)
    let phone = result.cleaned(.distance).filter { $0.source == F.phone }
    #expect(phone.count == 2)
    for piece in phone {
      #expect(abs(piece.value - 1) < 1e-12)
      #expect(piece.unit == "km")
      #expect(piece.device == F.phoneDevice)
      #expect(piece.utcOffset == 3_600)
      #expect(piece.origin == Origin(file: 0, record: 2))
      #expect(piece.end - piece.start == 3_600)
    }
    var parts: [CleanedPart] = []
    result.forEachCleaned { sample, part in if sample.source == F.phone { parts.append(part) } }
    #expect(parts == [.firstPiece, .laterPiece])
  }

  @Test("daily total equals the watch total where the watch covers the phone")
  func watchCoversPhone() throws {
    // 24 hours: watch samples every hour 10 minutes long (100 steps each), phone samples
    // every hour covering the whole hour (400 steps each). The phone's uncovered 50
    // minutes of each hour count 50/60 of 400: 333.33... per hour. Hand total per hour:
    // 100 + 400 * 5/6 = 433.33...; no hour counts 500.
    var list = SampleList()
    for h in 0..<24 {
      let hour = F.day0 + Int64(h) * 3_600
      list.add(.steps, start: hour, end: hour + 600, 100, "count")
      list.add(.steps, start: hour, end: hour + 3_600, 400, "count", source: F.phone)
    }
    let result = try F.clean(list.samples)
    #expect(abs(result.sum(.steps) - 24 * (100 + 400.0 * 5 / 6)) < 1e-9)
  }
}
