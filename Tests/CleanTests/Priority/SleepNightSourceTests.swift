import Clean
import Foundation
import HealthCore
import HealthModel
import Testing

/// The night's source (docs/clean.md, "Sleep"): the main session sets the window; the
/// highest-priority source holding at least half its asleep minutes gives the night; a nap
/// never wins. Minutes and outcomes worked out by hand from the times in each comment.
@Suite("Source priority: the night's main sleep and naps")
struct SleepNightSourceTests {
  typealias F = Fixtures
  static let ring = "Oura Ring, Gen3"

  /// Epoch seconds of `2026-11-08 01:04:01 -0500`.
  static func at(_ text: String) -> Int64 { TimestampParser.parse(text)!.epochSeconds! }

  static let est: Int32 = -5 * 3_600

  /// Cleans with an input that has no export date (these nights are in November 2026,
  /// after the fixtures' export date).
  static func clean(_ samples: [Sample]) throws -> CleanResult {
    try F.clean(
      samples,
      inputs: [
        InputDescriptor(index: 0, path: "export.xml", format: "apple-xml", size: 0, crc32: "")
      ])
  }

  @Test("SampleData, night ending Sun 8 Nov: the ring's night stays, the watch's nap is a nap")
  func sampleDataNight() throws {
    // As in SampleData/export.xml and the ring CSV: the phone in bed 01:04:01-08:29:13
    // (445.2 min, in bed only: the main session by its in-bed minutes), the ring asleep
    // 01:24-04:47, 04:59-07:12, 07:18-08:15 (gaps of 12 and 6 min: one session, 393 min),
    // the watch asleep 14:01:45-14:38:37 only. The watch's session does not overlap the
    // window: a nap. The phone holds no asleep minutes; the ring holds 393 of 393: the
    // night is the ring's, in-bed the phone's (the ring has none). Nothing is overlapped.
    let result = try Self.clean(Self.sampleRows())
    #expect(result.cleaned(.sleep).count == 5)
    #expect(result.countsByMetric[.sleep]?.overlapped == 0)
    // The main session (the phone's) is kept: its window needs no carrying.
    #expect(result.nightWindows.isEmpty)
  }

  @Test("a watch night and a ring night of similar length: the watch wins")
  func watchAndRingSimilar() throws {
    // Watch asleep 23:00-06:30 (450 min), ring 22:50-06:40 (470 min, the main session).
    // The watch holds 450 >= 235 and ranks higher: the night is the watch's; the ring's
    // row is overlapped. The kept rows alone would show the window 23:00-06:30, so clean
    // carries the ring's 22:50-06:40 for the aggregate stage.
    let r = (Self.at("2026-11-09 22:50:00 -0500"), Self.at("2026-11-10 06:40:00 -0500"))
    let result = try Self.clean(Self.watchAndRingRows())
    #expect(result.cleaned(.sleep).map(\.source) == [F.watch])
    #expect(result.countsByMetric[.sleep]?.overlapped == 1)
    #expect(
      result.rejects(.overlapped).map(\.reason) == [
        "sleep day 2026-11-10 takes its night from 'Jane’s Apple Watch' (Apple Watch, higher "
          + "priority); this sample ranks as Oura"
      ])
    #expect(
      result.nightWindows == [NightWindow(day: LocalDay(iso: "2026-11-10")!, start: r.0, end: r.1)])
  }

  @Test("a watch that stopped at 03:00 and a ring with the full night: the ring wins")
  func watchStoppedEarly() throws {
    // Watch asleep 01:00-03:00 (120 min, then it stopped), ring 23:00-06:00 (420 min, the
    // main session). The watch holds 120 < 210 (half of 420): the night is the ring's and
    // the watch's rows are overlapped, with the numbers in the reason.
    let result = try Self.clean(Self.stoppedRows())
    #expect(result.cleaned(.sleep).map(\.source) == [Self.ring])
    #expect(result.countsByMetric[.sleep]?.overlapped == 2)
    #expect(
      result.rejects(.overlapped).first?.reason
        == "sleep day 2026-11-11 takes its night from 'Oura Ring, Gen3' (Oura): this sample's "
        + "source holds 120 of the main sleep's 420 asleep minutes, under half; it ranks as "
        + "Apple Watch")
    #expect(result.nightWindows.isEmpty)
  }

  @Test("two naps back to back in the evening stay: one session, not the next night")
  func backToBackNaps() throws {
    // Watch naps 15:59-17:28 and 17:28-18:26 on Sat 14 Nov (one session; it ends after
    // 18:00, so its sleep day is Sunday), the ring's night 23:10-06:30 (440 min, Sunday's
    // main session). The naps do not overlap its window: nothing is overlapped, although
    // the watch ranks above the ring.
    var list = SampleList()
    list.add(
      .sleep, start: Self.at("2026-11-14 15:59:00 -0500"),
      end: Self.at("2026-11-14 17:28:00 -0500"), 89, "min", category: "asleepCore",
      offset: Self.est)
    list.add(
      .sleep, start: Self.at("2026-11-14 17:28:00 -0500"),
      end: Self.at("2026-11-14 18:26:00 -0500"), 58, "min", category: "asleepCore",
      offset: Self.est)
    list.add(
      .sleep, start: Self.at("2026-11-14 23:10:00 -0500"),
      end: Self.at("2026-11-15 06:30:00 -0500"), 440, "min", source: Self.ring,
      category: "asleepUnspecified", offset: Self.est)
    let result = try Self.clean(list.samples)
    #expect(result.cleaned(.sleep).count == 3)
    #expect(result.rejects(.overlapped).isEmpty)
  }

  @Test("phone in bed only, no asleep data from anyone: the in-bed time stays")
  func inBedOnly() throws {
    var list = SampleList()
    list.add(
      .sleep, start: Self.at("2026-11-09 22:30:00 -0500"),
      end: Self.at("2026-11-10 06:30:00 -0500"), 480, "min", source: F.phone, category: "inBed",
      offset: Self.est)
    let result = try Self.clean(list.samples)
    #expect(result.cleaned(.sleep).count == 1)
    #expect(result.nightWindows.isEmpty)
  }

  @Test("a long in-bed main session: the most asleep any source holds is the reference")
  func inBedMainSession() throws {
    // Phone in bed 22:00-07:00 (540 min, the main session by in-bed minutes); the ring
    // asleep 23:00-02:00 only (180 min; its battery ran out). Against the in-bed 540 the
    // ring would hold under half and the night would lose its only asleep time; the
    // reference is the most asleep any source holds (180), so the ring gives the night.
    var list = SampleList()
    list.add(
      .sleep, start: Self.at("2026-11-11 22:00:00 -0500"),
      end: Self.at("2026-11-12 07:00:00 -0500"), 540, "min", source: F.phone, category: "inBed",
      offset: Self.est)
    list.add(
      .sleep, start: Self.at("2026-11-11 23:00:00 -0500"),
      end: Self.at("2026-11-12 02:00:00 -0500"), 180, "min", source: Self.ring,
      category: "asleepUnspecified", offset: Self.est)
    let result = try Self.clean(list.samples)
    #expect(result.cleaned(.sleep).count == 2)
    #expect(result.rejects(.overlapped).isEmpty)
  }

  @Test("in-bed comes from the night's source when it has some")
  func inBedFromNightSource() throws {
    // Watch: in bed 22:40-07:00 and asleep 23:00-06:40 (main, 460 min); phone in bed
    // 22:30-07:10: the watch has in-bed, so the phone's goes, though no asleep competes.
    var list = SampleList()
    list.add(
      .sleep, start: Self.at("2026-11-12 22:40:00 -0500"),
      end: Self.at("2026-11-13 07:00:00 -0500"), 500, "min", category: "inBed", offset: Self.est)
    list.add(
      .sleep, start: Self.at("2026-11-12 23:00:00 -0500"),
      end: Self.at("2026-11-13 06:40:00 -0500"), 460, "min", category: "asleepCore",
      offset: Self.est)
    list.add(
      .sleep, start: Self.at("2026-11-12 22:30:00 -0500"),
      end: Self.at("2026-11-13 07:10:00 -0500"), 520, "min", source: F.phone, category: "inBed",
      offset: Self.est)
    let result = try Self.clean(list.samples)
    #expect(result.cleaned(.sleep).allSatisfy { $0.source == F.watch })
    #expect(
      result.rejects(.overlapped).map(\.reason) == [
        "sleep day 2026-11-13 takes its in-bed time from 'Jane’s Apple Watch' (Apple Watch, "
          + "the night's source); this sample ranks as iPhone"
      ])
  }

  @Test("reconciliation: every sleep row is cleaned or overlapped, none lost")
  func reconciliation() throws {
    // Three nights above in one table: 5 + 2 + 3 rows; 0 + 1 + 2 overlapped.
    var list = SampleList()
    for s in [Self.sampleRows(), Self.watchAndRingRows(), Self.stoppedRows()].joined() {
      list.add(
        .sleep, start: s.start, end: s.end, s.value, "min", source: s.source,
        category: s.category, offset: s.utcOffset)
    }
    let result = try Self.clean(list.samples)
    let counts = try #require(result.countsByMetric[.sleep])
    #expect(counts.read == 10)
    #expect(counts.cleaned == 7)
    #expect(counts.overlapped == 3)
    #expect(
      counts.read == counts.cleaned + counts.rejectedTotal + counts.duplicate + counts.overlapped)
  }

  /// The SampleData night of 8 Nov (first test).
  static func sampleRows() -> [Sample] {
    var list = SampleList()
    list.add(
      .sleep, start: Self.at("2026-11-08 01:04:01 -0500"),
      end: Self.at("2026-11-08 08:29:13 -0500"),
      445.2, "min", source: F.phone, category: "inBed", offset: Self.est)
    for (start, end, minutes) in [
      ("01:24", "04:47", 203.0), ("04:59", "07:12", 133.0), ("07:18", "08:15", 57.0),
    ] {
      list.add(
        .sleep, start: Self.at("2026-11-08 \(start):00 -0500"),
        end: Self.at("2026-11-08 \(end):00 -0500"), minutes, "min", source: Self.ring,
        category: "asleepUnspecified", offset: Self.est)
    }
    list.add(
      .sleep, start: Self.at("2026-11-08 14:01:45 -0500"),
      end: Self.at("2026-11-08 14:38:37 -0500"),
      36.87, "min", category: "asleepCore", offset: Self.est)
    return list.samples
  }

  /// A watch night and a ring night of similar length.
  static func watchAndRingRows() -> [Sample] {
    var list = SampleList()
    list.add(
      .sleep, start: Self.at("2026-11-09 23:00:00 -0500"),
      end: Self.at("2026-11-10 06:30:00 -0500"),
      450, "min", category: "asleepCore", offset: Self.est)
    list.add(
      .sleep, start: Self.at("2026-11-09 22:50:00 -0500"),
      end: Self.at("2026-11-10 06:40:00 -0500"),
      470, "min", source: Self.ring, category: "asleepUnspecified", offset: Self.est)
    return list.samples
  }

  /// A watch that stopped at 03:00 and a ring with the full night.
  static func stoppedRows() -> [Sample] {
    var list = SampleList()
    list.add(
      .sleep, start: Self.at("2026-11-10 23:00:00 -0500"),
      end: Self.at("2026-11-11 06:00:00 -0500"),
      420, "min", source: Self.ring, category: "asleepUnspecified", offset: Self.est)
    list.add(
      .sleep, start: Self.at("2026-11-11 01:00:00 -0500"),
      end: Self.at("2026-11-11 02:00:00 -0500"),
      60, "min", category: "asleepCore", offset: Self.est)
    list.add(
      .sleep, start: Self.at("2026-11-11 02:00:00 -0500"),
      end: Self.at("2026-11-11 03:00:00 -0500"),
      60, "min", category: "asleepDeep", offset: Self.est)
    return list.samples
  }
}
