import Foundation
import HealthSystem
import Ingest
import TestSupport
import Testing

/// The real Health Auto Export CSV files in `../shared/data/real/hae-csv/`, read in place.
///
/// Expected numbers were counted independently with a one-off Python script (`csv.reader`,
/// cells stripped of blanks, non-empty cells per column, cells equal to 0 per sleep column,
/// `collections.Counter` of the workout types); they agree with SOURCES.md (170 daily rows,
/// HRV 114 days, SpO2 104 days on 0–100, 14 workouts: FST 7, Rowing 3, Running 3, Other 1).
@Suite(.enabled(if: RealData.isPresent, "../shared/data/real is absent: real-file tests skipped"))
struct AutoExportCSVRealFileTests {
  static let daily = RealData.path("hae-csv/HealthAutoExport-2023-01-02-2023-06-20 Data.csv")
  static let workouts = RealData.path("hae-csv/Workouts-2023-01-02-2023-06-20.csv")

  /// Non-empty cells per column (header without unit), from the Python count.
  static let cells: [String: Int64] = [
    "Active Energy": 127, "Apple Exercise Time": 115, "Apple Stand Time": 115,
    "Basal Energy Burned": 170, "Blood Oxygen Saturation": 104, "Flights Climbed": 142,
    "Headphone Audio Exposure": 57, "Heart Rate Variability": 114, "Respiratory Rate": 26,
    "Resting Heart Rate": 109, "Six-Minute Walking Test Distance": 19,
    "Stair Speed: Down": 110, "Stair Speed: Up": 111, "Step Count": 166, "VO2 Max": 2,
    "Walking + Running Distance": 166, "Walking Asymmetry Percentage": 113,
    "Walking Double Support Percentage": 131, "Walking Heart Rate Average": 90,
    "Walking Speed": 132, "Walking Step Length": 132,
    // Min, Avg and Max are each filled on the same 115 days: one sample per day.
    "Heart Rate": 115,
    // Sleep stages with time (non-empty minus zero cells): In Bed 140 − 0, Core 140 − 134,
    // Deep 140 − 134, REM 140 − 135, Awake 140 − 134; Asleep is 0 on all 140 nights.
    "Sleep Analysis [In Bed]": 140, "Sleep Analysis [Core]": 6, "Sleep Analysis [Deep]": 6,
    "Sleep Analysis [REM]": 5, "Sleep Analysis [Awake]": 6,
  ]
  // Zero sleep cells: 140 + 134 + 134 + 135 + 134 = 677.
  static let zeroStages: Int64 = 677

  func readDaily() throws -> Collected {
    try readFile(AutoExportCSVReader(), path: Self.daily, options: newYork)
  }

  @Test func dailyCountsMatchAnIndependentCount() throws {
    let out = try readDaily()
    #expect(out.sink.counts.count == Self.cells.count)
    for (type, n) in Self.cells {
      #expect(out.sink.counts[type]?.read == n, "\(type)")
      #expect(out.sink.counts[type]?.kept == n, "\(type)")
    }
    #expect(out.rejects.isEmpty)
    #expect(out.reconciles)
    #expect(out.sink.extra["zeroSleepStages"] == Self.zeroStages)
    #expect(out.samples.count == Int(Self.cells.values.reduce(0, +)))
    // Every unit in the header is known for its metric: no notes but the time zone.
    #expect(out.sink.notes.count == 1)
    #expect(out.sink.assumedTimeZone == "America/New_York (pipeline setting)")
  }

  @Test func dailyValuesKeepTheirUnitsAndTheWholeLocalDay() throws {
    let out = try readDaily()
    let hrv = out.samples(.hrvSDNN)
    #expect(hrv.count == 114)
    #expect(hrv.allSatisfy { $0.hrvKind == .sdnn && $0.unit == "ms" })
    // SOURCES.md: 27.16–113.54 ms.
    #expect(abs(hrv.map(\.value).min()! - 27.16) < 0.01)
    #expect(abs(hrv.map(\.value).max()! - 113.54) < 0.01)
    let spo2 = out.samples(.spo2)
    #expect(spo2.count == 104)
    #expect(spo2.allSatisfy { $0.unit == "%" && $0.value >= 89 && $0.value <= 100 })
    // Line 2 is 2023-01-02 00:00:00 local: New York is at -05:00 in January.
    let basal = out.samples(.basalEnergy)
    let first = try #require(basal.first)
    #expect(first.origin.record == 2)
    #expect(first.start == epoch(2023, 1, 2, offset: -5 * 3600))
    #expect(first.end == first.start + 86_400)
    #expect(first.utcOffset == -5 * 3600)
    #expect(first.value == 1521)
    #expect(first.source == "Health Auto Export")
    // 2023-06-20 (last line, 171) is in summer time: -04:00.
    let last = try #require(basal.last)
    #expect(last.origin.record == 171)
    #expect(last.start == epoch(2023, 6, 20, offset: -4 * 3600))
    // Heart rate on line 3 (2023-01-03): Min 57, Max 119, Avg 77.77.
    let hr = try #require(out.samples(.heartRate).first { $0.origin.record == 3 })
    #expect(hr.value == 77.77 && hr.minimum == 57 && hr.maximum == 119)
    #expect(hr.unit == "count/min")
    // Unknown columns keep their header name.
    #expect(out.samples("Stair Speed: Down").count == 110)
  }

  @Test func sleepStagesBecomeMinutesOverTheNight() throws {
    let out = try readDaily()
    // Line 2 (2023-01-02): In Bed 11.104745583898492 h, everything else 0.
    let night = out.samples(.sleep).filter { $0.origin.record == 2 }
    #expect(night.count == 1)
    let inBed = try #require(night.first)
    #expect(inBed.category == "inBed")
    #expect(abs(inBed.value - 11.104745583898492 * 60) < 1e-9)
    // Noon 2023-01-01 to noon 2023-01-02, New York winter time.
    #expect(inBed.start == epoch(2023, 1, 1, 12, offset: -5 * 3600))
    #expect(inBed.end == epoch(2023, 1, 2, 12, offset: -5 * 3600))
  }

  @Test func workoutsMatchAnIndependentCount() throws {
    let out = try readFile(AutoExportWorkoutsCSVReader(), path: Self.workouts, options: newYork)
    #expect(out.sink.counts["workout"]?.kept == 14)
    #expect(out.sink.counts["workoutEnergy"]?.kept == 14)
    #expect(out.sink.counts["workoutDistance"]?.kept == 3)
    #expect(out.rejects.isEmpty && out.reconciles)
    let byType = Dictionary(grouping: out.samples(.workout), by: \.category).mapValues(\.count)
    #expect(
      byType == ["Functional Strength Training": 7, "Rowing": 3, "Running": 3, "Other": 1])
    // Durations: 23,926 s in total (sum of the HH:MM:SS cells).
    let minutes = out.samples(.workout).map(\.value).reduce(0, +)
    #expect(abs(minutes - 23_926.0 / 60) < 1e-9)
    // Active energy 2,747.06 kcal, distance 7.02 mi.
    #expect(abs(out.samples(.workoutEnergy).map(\.value).reduce(0, +) - 2747.06) < 1e-9)
    #expect(out.samples(.workoutEnergy).allSatisfy { $0.unit == "kcal" })
    #expect(abs(out.samples(.workoutDistance).map(\.value).reduce(0, +) - 7.02) < 1e-9)
    #expect(out.samples(.workoutDistance).allSatisfy { $0.unit == "mi" })
    // Line 2: Functional Strength Training 2023-06-20 17:40 … 17:57, 00:17:16, summer time.
    let first = try #require(out.samples(.workout).first)
    #expect(first.origin.record == 2)
    #expect(first.start == epoch(2023, 6, 20, 17, 40, offset: -4 * 3600))
    #expect(first.end == epoch(2023, 6, 20, 17, 57, offset: -4 * 3600))
    #expect(abs(first.value - (17 * 60 + 16) / 60.0) < 1e-12)
    // Columns not kept are counted: Max Heart Rate on all 14 rows, Step Count on 12.
    #expect(out.sink.extra["notKept.workouts.Max Heart Rate (bpm)"] == 14)
    #expect(out.sink.extra["notKept.workouts.Step Count (count)"] == 12)
  }

  @Test func detectorsTellTheFilesApart() throws {
    let daily = Array(try FileReader.readAll(Self.daily).prefix(4096))
    let workouts = Array(try FileReader.readAll(Self.workouts).prefix(4096))
    let json = Array(
      try FileReader.readAll(
        RealData.path("hae-json/HealthAutoExport-2023-06-17-2025-04-26.json")
      ).prefix(4096))
    #expect(AutoExportCSVReader.matches(prefix: daily))
    #expect(!AutoExportCSVReader.matches(prefix: workouts))
    #expect(!AutoExportCSVReader.matches(prefix: json))
    #expect(AutoExportWorkoutsCSVReader.matches(prefix: workouts))
    #expect(!AutoExportWorkoutsCSVReader.matches(prefix: daily))
    #expect(AutoExportJSONReader.matches(prefix: json))
    #expect(!AutoExportJSONReader.matches(prefix: daily))
    #expect(!LongCSVReader.matches(prefix: daily))
    #expect(!LongCSVReader.matches(prefix: workouts))
    #expect(!LongCSVReader.matches(prefix: json))
  }
}
