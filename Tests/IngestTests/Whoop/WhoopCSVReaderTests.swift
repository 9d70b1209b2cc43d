import Foundation
import HealthModel
import Ingest
import TestSupport
import Testing

/// The WHOOP reader on hand-written files in the export's layout (docs/ingest-whoop.md);
/// every expected value is worked out by hand in the comments.
@Suite("WHOOP export CSVs")
struct WhoopCSVReaderTests {
  static let cyclesHeader =
    "Cycle start time,Cycle end time,Cycle timezone,Recovery score %,Resting heart rate (bpm),"
    + "Heart rate variability (ms),Skin temp (celsius),Blood oxygen %,Day Strain,"
    + "Energy burned (cal),Max HR (bpm),Average HR (bpm),Sleep onset,Wake onset,"
    + "Sleep performance %,Respiratory rate (rpm),Asleep duration (min),In bed duration (min),"
    + "Light sleep duration (min),Deep (SWS) duration (min),REM duration (min),"
    + "Awake duration (min),Sleep need (min),Sleep debt (min),Sleep efficiency %,"
    + "Sleep consistency %\n"

  /// Newest first: the open cycle (with day totals, which are not final), a cycle in Europe
  /// (UTC+01:00) starting before midnight, an empty placeholder, a cycle without a sleep.
  static let cycles =
    cyclesHeader
    + "2026-07-22 02:25:47,,UTC-07:00,45,69,28,32.58,96.14,3.1,500,120,70,"
    + "2026-07-22 02:25:47,2026-07-22 07:48:14,76,16.9,308,322,196,86,26,14,501,48,95,76\n"
    + "2026-07-12 23:20:04,2026-07-14 00:10:00,UTC+01:00,91,52,61,33.1,97,10.5,2100,150,80,"
    + "2026-07-12 23:20:04,2026-07-13 07:05:04,90,15.2,420,465,240,100,80,45,480,10,90,\n"
    + "2026-06-12 00:00:00,2026-06-13 00:00:00,UTC-07:00,,,,,,,,,,,,,,,,,,,,,,,\n"
    + "2026-06-19 00:00:00,2026-06-20 01:41:18,UTC-07:00,,,,,,2.2,1800,110,72,,,,,,,,,,,,,,\n"

  static let sleeps =
    "Cycle start time,Cycle end time,Cycle timezone,Sleep onset,Wake onset,"
    + "Sleep performance %,Respiratory rate (rpm),Asleep duration (min),In bed duration (min),"
    + "Light sleep duration (min),Deep (SWS) duration (min),REM duration (min),"
    + "Awake duration (min),Sleep need (min),Sleep debt (min),Sleep efficiency %,"
    + "Sleep consistency %,Nap\n"
    + "2026-07-22 02:25:47,,UTC-07:00,2026-07-22 02:25:47,2026-07-22 07:48:14,76,16.9,308,322,"
    + "196,86,26,14,501,48,95,76,false\n"
    + "2026-07-21 02:20:37,2026-07-22 02:25:47,UTC-07:00,2026-07-21 14:00:00,"
    + "2026-07-21 14:40:00,,,35,40,30,5,0,5,,,,,true\n"

  @Test("cycles: each row in its own zone, nights on the wake date, open cycles not final")
  func cyclesFile() throws {
    let out = try readVendor(WhoopCSVReader.self, Self.cycles)
    #expect(out.reconciles)
    // Line 2's night: 02:25:47 → 07:48:14 at -07:00; light 196, deep 86, REM 26, awake 14
    // minutes as summaries over it, in bed 322 min.
    let onset = epoch(2026, 7, 22, 2, 25, 47, offset: -25_200)
    let night = out.samples(.sleep).filter { $0.origin.record == 2 }
    #expect(night.allSatisfy { $0.start == onset && $0.end == onset + 5 * 3600 + 22 * 60 + 27 })
    #expect(
      night.map(\.category).sorted() == ["asleepCore", "asleepDeep", "asleepREM", "awake", "inBed"])
    #expect(night.map(\.value).sorted() == [14, 26, 86, 196, 322])
    // Its recovery and HRV (RMSSD) are whole-day rows of 2026-07-22 (wake 07:48 + 6 h).
    let hrv = out.samples(.hrvRMSSD)
    #expect(hrv.map(\.value) == [28, 61])
    #expect(hrv.allSatisfy { $0.hrvKind == .rmssd })
    #expect(
      hrv[0].start == epoch(2026, 7, 22, offset: -25_200) && hrv[0].end == hrv[0].start + 86_400)
    #expect(out.samples(.whoopRecovery).map(\.unit) == ["%", "%"])
    // The open cycle's strain, energy, max and average HR: 4 rejects with the reason.
    let open = out.rejects.filter { $0.origin.record == 2 }
    #expect(open.count == 4 && open.allSatisfy { $0.reason.contains("still open") })
    // Line 3: the cycle starts at 23:20:04 on the 12th at +01:00 (22:20:04Z); its night
    // and its day are the 13th; the zone column changed with travel.
    let europe = out.samples.filter { $0.origin.record == 3 }
    #expect(europe.allSatisfy { $0.utcOffset == 3600 })
    let strain = try #require(out.samples(.whoopDayStrain).first)
    #expect(strain.value == 10.5 && strain.start == epoch(2026, 7, 13, offset: 3600))
    #expect(
      out.samples(.sleep).first { $0.origin.record == 3 }?.start
        == epoch(2026, 7, 12, 22, 20, 4, offset: 0))
    let heart = out.samples(.heartRate)
    #expect(heart.map(\.value) == [80, 72] && heart.map(\.maximum) == [150, 110])
    // Energy is kilocalories whatever the header says.
    #expect(out.samples(.whoopEnergy).map(\.value) == [2100, 1800])
    #expect(out.samples(.whoopEnergy).allSatisfy { $0.unit == "kcal" })
    // Line 5 (no sleep) puts its day values on the 19th; line 4 holds nothing.
    #expect(out.samples(.whoopDayStrain).last?.start == epoch(2026, 6, 19, offset: -25_200))
    #expect(out.sink.extra["emptyRows"] == 1)
    #expect(out.samples.allSatisfy { $0.source == "WHOOP" })
  }

  @Test("sleeps.csv gives the same rows as the cycles file for a main sleep, and naps too")
  func sleepsFile() throws {
    let sleeps = try readVendor(WhoopCSVReader.self, Self.sleeps)
    let cycles = try readVendor(WhoopCSVReader.self, Self.cycles)
    #expect(sleeps.rejects.isEmpty && sleeps.reconciles)
    func key(_ s: Sample) -> String {
      "\(s.metric) \(s.start) \(s.end) \(s.value) \(s.category) \(s.source)"
    }
    let main = Set(sleeps.samples.filter { $0.origin.record == 2 }.map(key))
    let fromCycles = Set(cycles.samples.filter { $0.origin.record == 2 }.map(key))
    #expect(main.count == 7 && main.isSubset(of: fromCycles))
    // The nap 14:00 → 14:40: light 30, deep 5, awake 5, in bed 40; REM 0 is no sample.
    let nap = sleeps.samples(.sleep).filter { $0.origin.record == 3 }
    #expect(nap.map(\.value).sorted() == [5, 5, 30, 40])
    #expect(nap.allSatisfy { $0.start == epoch(2026, 7, 21, 14, 0, 0, offset: -25_200) })
    #expect(sleeps.sink.extra["zeroSleepStages"] == 1)
  }

  @Test("workouts: minutes, kilocalories and metres over the workout's own interval")
  func workoutsFile() throws {
    let text =
      "Cycle start time,Cycle end time,Cycle timezone,Workout start time,Workout end time,"
      + "Duration (min),Activity name,Activity Strain,Energy burned (cal),Max HR (bpm),"
      + "Average HR (bpm),HR Zone 1 %,HR Zone 2 %,HR Zone 3 %,HR Zone 4 %,HR Zone 5 %,"
      + "GPS enabled,Distance (meters),Altitude gain (meters)\n"
      + "2026-07-12 23:20:04,2026-07-14 00:10:00,UTC+01:00,2026-07-13 18:00:00,"
      + "2026-07-13 18:45:30,45.5,Running,9.5,520,175,142,5,15,45,30,5,true,8000,40\n"
    let out = try readVendor(WhoopCSVReader.self, text)
    #expect(out.rejects.isEmpty && out.reconciles)
    // 18:00 at +01:00 = 17:00Z.
    let start = epoch(2026, 7, 13, 17, 0, 0, offset: 0)
    for (metric, value, unit) in [
      (MetricID.workout, 45.5, "min"), (.workoutEnergy, 520, "kcal"), (.workoutDistance, 8000, "m"),
    ] {
      let s = try #require(out.samples(metric).first)
      #expect(s.value == value && s.unit == unit && s.category == "Running")
      #expect(s.start == start && s.end == start + 45 * 60 + 30)
    }
    // Strain, two HRs, five zones, GPS and altitude: 10 cells not read.
    let notRead = out.sink.extra.filter { $0.key.hasPrefix("notRead.") }.values.reduce(0, +)
    #expect(notRead == 10)
  }

  @Test("journal: yes is 1, no is 0, on the cycle's day; other answers are rejects")
  func journalFile() throws {
    let text =
      "Cycle start time,Cycle end time,Cycle timezone,Question text,Answered yes,Notes\n"
      + "2026-07-12 23:20:04,2026-07-14 00:10:00,UTC+01:00,Have any alcoholic drinks?,true,"
      + "\"Wine, two glasses\"\n"
      + "2026-07-12 23:20:04,2026-07-14 00:10:00,UTC+01:00,Consumed caffeine?,FALSE,\n"
      + "2026-07-12 23:20:04,2026-07-14 00:10:00,UTC+01:00,Felt stressed?,maybe,\n"
    let out = try readVendor(WhoopCSVReader.self, text)
    #expect(out.reconciles)
    #expect(
      out.samples.map(\.metric.rawValue) == [
        "WHOOP journal: Have any alcoholic drinks?", "WHOOP journal: Consumed caffeine?",
      ])
    #expect(out.samples.map(\.value) == [1, 0])
    #expect(out.samples.allSatisfy { $0.start == epoch(2026, 7, 13, offset: 3600) })
    #expect(out.rejects.map(\.origin.record) == [4])
    #expect(out.sink.extra["notRead.Notes"] == 1)
  }

  @Test("each file is told by its header; a changed layout names the missing column")
  func detectionAndLayout() throws {
    #expect(FormatDetector.format(of: Array(Self.cycles.utf8)) == .whoopCSV)
    #expect(FormatDetector.format(of: Array(Self.sleeps.utf8)) == .whoopCSV)
    let renamed = Self.sleeps.replacingOccurrences(of: "Wake onset,", with: "Woke,")
    #expect(FormatDetector.format(of: Array(renamed.utf8)) == .whoopCSV)
    let error = try #require(healthError { _ = try readVendor(WhoopCSVReader.self, renamed) })
    #expect(error.code == .dataError && error.message.contains("'Wake onset'"))
  }

  @Test("a zone column that is not an offset falls back to the assumed zone, noted")
  func unreadableZone() throws {
    let text = Self.sleeps.replacingOccurrences(of: "UTC-07:00", with: "Mars/Olympus")
    let out = try readVendor(WhoopCSVReader.self, text)
    #expect(out.sink.extra["unreadableZones"] == 2)
    #expect(out.sink.assumedTimeZone == "America/Los_Angeles (pipeline setting)")
    // July in Los Angeles is -07:00: the same instants as with the column.
    #expect(out.samples(.sleep).first?.utcOffset == -25_200)
  }
}
