import Clean
import Foundation
import HealthModel
import Testing

/// Workouts arbitrated as sessions (docs/clean.md, "Workouts"). Ranks with the default list
/// `manual, Apple Watch, iPhone, *`: the watch 1, the phone 2, every app (Strava, Garmin
/// Connect, Nike Run Club) 3. Times are seconds after 10:00 UTC.
@Suite("Source priority: workouts")
struct WorkoutArbitrationTests {
  typealias F = Fixtures
  static let strava = "Strava"
  static let garmin = "Garmin Connect"

  /// Adds a workout of `minutes` duration over [start, end) with its energy and distance
  /// rows (same source, start and end, as ingest writes them); returns the workout's record.
  @discardableResult
  static func workout(
    _ list: inout SampleList, _ start: Int64, _ end: Int64, source: String, minutes: Double,
    kcal: Double? = nil, km: Double? = nil, activity: String = "Running"
  ) -> Int64 {
    let record = list.add(
      .workout, start: F.ten + start, end: F.ten + end, minutes, "min", source: source,
      category: activity)
    if let kcal {
      list.add(
        .workoutEnergy, start: F.ten + start, end: F.ten + end, kcal, "kcal", source: source,
        category: activity)
    }
    if let km {
      list.add(
        .workoutDistance, start: F.ten + start, end: F.ten + end, km, "km", source: source,
        category: activity)
    }
    return record
  }

  @Test(
    "the watch's run and Strava's copy are one session: the watch's rows count, Strava's are overlapped"
  )
  func watchAndStrava() throws {
    var list = SampleList()
    // Watch 10:00-10:45; Strava 10:01-10:46: overlap 44 min of the shorter 45 min.
    let watch = Self.workout(&list, 0, 2_700, source: F.watch, minutes: 44, kcal: 420, km: 7.2)
    Self.workout(&list, 60, 2_760, source: Self.strava, minutes: 45, kcal: 455, km: 7.3)
    let result = try F.clean(list.samples)
    // The day counts one workout: 44 min, 420 kcal, 7.2 km (not 89 min, 875 kcal, 14.5 km).
    #expect(result.cleaned(.workout).map(\.value) == [44])
    #expect(result.cleaned(.workoutEnergy).map(\.value) == [420])
    #expect(result.cleaned(.workoutDistance).map(\.value) == [7.2])
    let overlapped = result.rejects(.overlapped)
    #expect(overlapped.map(\.metric) == ["workout", "workoutEnergy", "workoutDistance"])
    #expect(overlapped.allSatisfy { $0.source == Self.strava })
    // Every reason names the winning source and its record.
    for reject in overlapped {
      #expect(reject.reason.contains("'\(F.watch)' (Apple Watch)"))
      #expect(reject.reason.contains("input 0 record \(watch)"))
      #expect(reject.reason.hasSuffix("this workout ranks as *"))
    }
    #expect(overlapped[0].reason.hasPrefix("same session as the workout of higher-priority"))
    #expect(overlapped[1].reason.hasPrefix("belongs to a workout that is the same session"))
    // ingested = cleaned + rejected + duplicate + overlapped, per metric: 2 = 1 + 0 + 0 + 1.
    for metric in [MetricID.workout, .workoutEnergy, .workoutDistance] {
      let c = try #require(result.countsByMetric[metric])
      #expect(c.read == 2 && c.cleaned == 1 && c.overlapped == 1 && c.duplicate == 0)
    }
  }

  @Test("49 % of the shorter is two sessions, 50 % is one")
  func threshold() throws {
    // Watch [0, 6000) s; the app's 6000-s workout starts at 3060 s: overlap 2940 s = 49 %
    // of 6000, 2 × 2940 = 5880 < 6000, so both count.
    var apart = SampleList()
    Self.workout(&apart, 0, 6_000, source: F.watch, minutes: 100)
    Self.workout(&apart, 3_060, 9_060, source: Self.strava, minutes: 100)
    #expect(try F.clean(apart.samples).cleaned(.workout).count == 2)
    // Starting at 3000 s: overlap 3000 s = 50 %, 2 × 3000 = 6000 ≥ 6000: one session.
    var half = SampleList()
    Self.workout(&half, 0, 6_000, source: F.watch, minutes: 100)
    Self.workout(&half, 3_000, 9_000, source: Self.strava, minutes: 100)
    let result = try F.clean(half.samples)
    #expect(result.cleaned(.workout).map(\.source) == [F.watch])
    // One second less of overlap (3001 s start: 2999 s, 2 × 2999 = 5998 < 6000): two.
    var justUnder = SampleList()
    Self.workout(&justUnder, 0, 6_000, source: F.watch, minutes: 100)
    Self.workout(&justUnder, 3_001, 9_001, source: Self.strava, minutes: 100)
    #expect(try F.clean(justUnder.samples).cleaned(.workout).count == 2)
  }

  @Test("the share is of the shorter workout: a 30-min watch run inside a 2-h Strava hike")
  func shorterDecides() throws {
    // Strava 10:00-12:00 (120 min); the watch 10:30-11:00: overlap 30 min = 100 % of the
    // shorter (25 % of the longer). The watch ranks higher, so the hike goes.
    var list = SampleList()
    Self.workout(&list, 0, 7_200, source: Self.strava, minutes: 120, kcal: 600)
    Self.workout(&list, 1_800, 3_600, source: F.watch, minutes: 30, kcal: 250)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.workout).map(\.value) == [30])
    #expect(result.sum(.workoutEnergy) == 250)
  }

  @Test("same rank: the source name first in UTF-8 order wins (Garmin Connect before Strava)")
  func sameRank() throws {
    var list = SampleList()
    Self.workout(&list, 0, 3_600, source: Self.strava, minutes: 60, km: 10)
    let garmin = Self.workout(&list, 0, 3_600, source: Self.garmin, minutes: 58, km: 10.1)
    // The list before vendors were named in the default: both apps unlisted.
    let result = try F.clean(
      list.samples, priority: SourcePriority(parsing: "manual, Apple Watch, iPhone, *"))
    #expect(result.cleaned(.workout).map(\.source) == [Self.garmin])
    #expect(result.cleaned(.workoutDistance).map(\.value) == [10.1])
    let reject = try #require(result.rejects(.overlapped).first { $0.metric == "workout" })
    #expect(reject.source == Self.strava)
    #expect(reject.reason.contains("same-priority '\(Self.garmin)'"))
    #expect(reject.reason.contains("whose name sorts first"))
    #expect(reject.reason.contains("record \(garmin)"))
  }

  @Test("three sources of one session: the watch stays, the phone's and the app's go")
  func threeSources() throws {
    var list = SampleList()
    Self.workout(&list, 120, 3_720, source: Self.strava, minutes: 60)
    Self.workout(&list, 0, 3_600, source: F.phone, minutes: 60)
    let watch = Self.workout(&list, 60, 3_660, source: F.watch, minutes: 60)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.workout).map(\.source) == [F.watch])
    let rejects = result.rejects(.overlapped)
    #expect(Set(rejects.map(\.source)) == [Self.strava, F.phone])
    #expect(rejects.allSatisfy { $0.reason.contains("record \(watch)") })
  }

  @Test("chains: only a kept workout displaces (A > B > C, A~B and B~C but not A~C)")
  func chain() throws {
    // A watch [0, 3600), B phone [1800, 5400): overlap 1800 = 50 % of 3600, one session, B
    // goes. C Strava [3600, 7200): overlaps B by 1800 (50 %) but A by 0, and B is gone, so
    // C stays.
    var list = SampleList()
    Self.workout(&list, 0, 3_600, source: F.watch, minutes: 60)
    Self.workout(&list, 1_800, 5_400, source: F.phone, minutes: 60)
    Self.workout(&list, 3_600, 7_200, source: Self.strava, minutes: 60)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.workout).map(\.source) == [F.watch, Self.strava])
    #expect(result.rejects(.overlapped).map(\.source) == [F.phone])
  }

  @Test("one source never displaces itself; separate sessions of two sources both count")
  func sameSourceAndApart() throws {
    var list = SampleList()
    // Two watch workouts overlapping (a hand-added one over a recorded one): both stay.
    Self.workout(&list, 0, 3_600, source: F.watch, minutes: 60)
    Self.workout(&list, 600, 2_400, source: F.watch, minutes: 30, activity: "Walking")
    // A Strava workout in the evening: no overlap with anything.
    Self.workout(&list, 30_000, 33_600, source: Self.strava, minutes: 60)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.workout).count == 3)
    #expect(result.rejects(.overlapped).isEmpty)
  }

  @Test("a hand-entered workout outranks the watch's recording of the same session")
  func manualFirst() throws {
    var list = SampleList()
    Self.workout(&list, 0, 3_600, source: F.watch, minutes: 60, kcal: 500)
    list.add(
      .workout, start: F.ten, end: F.ten + 3_000, 50, "min", source: "Health",
      category: "Cycling", userEntered: true)
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.workout).map(\.value) == [50])
    // The watch's energy row follows its workout out.
    #expect(result.cleaned(.workoutEnergy).isEmpty)
    let energy = try #require(result.rejects(.overlapped).first { $0.metric == "workoutEnergy" })
    #expect(energy.reason.contains("'Health' (manual)"))
  }

  @Test("derived rows on their own lines follow the workout of the same source, start and end")
  func derivedOnOtherLines() throws {
    // As a long CSV writes them: the app's energy and distance on separate lines from its
    // workout, even before it. They share its source, start and end, so they go with it.
    var list = SampleList()
    list.add(.workoutEnergy, start: F.ten, end: F.ten + 3_600, 700, "kcal", source: Self.strava)
    Self.workout(&list, 0, 3_600, source: F.watch, minutes: 60, kcal: 640)
    list.add(.workout, start: F.ten, end: F.ten + 3_600, 60, "min", source: Self.strava)
    list.add(.workoutDistance, start: F.ten, end: F.ten + 3_600, 11, "km", source: Self.strava)
    let result = try F.clean(list.samples)
    #expect(result.sum(.workoutEnergy) == 640)
    #expect(result.cleaned(.workoutDistance).isEmpty)
    // The rejects name the watch's workout (record 2), not its energy row.
    #expect(result.rejects(.overlapped).allSatisfy { $0.reason.contains("record 2") })
  }

  @Test(
    "instants: a zero-length workout matches when it lies inside the other, or at the same instant")
  func instants() throws {
    var list = SampleList()
    Self.workout(&list, 0, 3_600, source: F.watch, minutes: 60)
    Self.workout(&list, 1_000, 1_000, source: Self.strava, minutes: 0)  // inside: goes
    Self.workout(&list, 3_600, 3_600, source: Self.strava, minutes: 0)  // at the end: stays
    Self.workout(&list, 9_000, 9_000, source: F.phone, minutes: 0)
    Self.workout(&list, 9_000, 9_000, source: Self.strava, minutes: 0)  // same instant: goes
    let result = try F.clean(list.samples)
    #expect(result.cleaned(.workout).map(\.start) == [F.ten, F.ten + 3_600, F.ten + 9_000])
    #expect(result.rejects(.overlapped).map(\.start) == [F.ten + 1_000, F.ten + 9_000])
  }

  @Test("exact duplicates go first, then the session rule (counts still reconcile)")
  func duplicatesThenSessions() throws {
    var list = SampleList()
    Self.workout(&list, 0, 3_600, source: F.watch, minutes: 60, kcal: 500)
    Self.workout(&list, 0, 3_600, source: F.watch, minutes: 60, kcal: 500)  // exact copy
    Self.workout(&list, 0, 3_600, source: Self.strava, minutes: 60, kcal: 510)
    let result = try F.clean(list.samples)
    // workout: 3 read = 1 cleaned + 1 duplicate + 1 overlapped.
    let c = try #require(result.countsByMetric[.workout])
    #expect(c.read == 3 && c.cleaned == 1 && c.duplicate == 1 && c.overlapped == 1)
    #expect(result.sum(.workoutEnergy) == 500)
  }
}
