import Foundation
import HealthModel
import Ingest
import TestSupport
import Testing

/// The real Health Auto Export JSON in `../shared/data/real/hae-json/`, read in place.
///
/// Expected numbers were counted independently with a one-off Python script
/// (`json.load` of the file, `len(metric["data"])` per metric, and for `sleep_analysis` the
/// number of entries per stage key whose value is not 0); they agree with SOURCES.md
/// (21 metrics, 11,104 points, HRV 677, SpO2 346 on 0–100).
@Suite(.enabled(if: RealData.isPresent, "../shared/data/real is absent: real-file tests skipped"))
struct AutoExportJSONRealFileTests {
  static let path = RealData.path("hae-json/HealthAutoExport-2023-06-17-2025-04-26.json")

  static let pointsPerMetric: [String: Int64] = [
    "dietary_caffeine": 622, "dietary_sugar": 662, "carbohydrates": 662, "fiber": 662,
    "potassium": 655, "protein": 662, "time_in_daylight": 285,
    "apple_sleeping_wrist_temperature": 244, "dietary_water": 642, "heart_rate": 677,
    "total_fat": 662, "sodium": 662, "body_mass_index": 423, "vo2_max": 27,
    "dietary_energy": 662, "blood_oxygen_saturation": 346, "resting_heart_rate": 677,
    "weight_body_mass": 606, "heart_rate_variability": 677, "respiratory_rate": 301,
  ]
  // sleep_analysis: 288 nights; stages with time: core 282, deep 282, rem 282, awake 284,
  // inBed 220, asleep 15 = 1,365 samples; 288 × 6 − 1,365 = 363 stages at 0.
  static let sleepSamples: Int64 = 1365
  static let zeroStages: Int64 = 363

  func read() throws -> Collected {
    try readFile(AutoExportJSONReader(), path: Self.path, options: newYork)
  }

  @Test func perMetricCountsMatchAnIndependentCount() throws {
    let out = try read()
    #expect(out.sink.counts.count == 21)
    for (name, n) in Self.pointsPerMetric {
      let c = out.sink.counts[name]
      #expect(c?.read == n, "\(name)")
      #expect(c?.kept == n, "\(name)")
      #expect(c?.rejected == 0, "\(name)")
    }
    #expect(out.sink.counts["sleep_analysis"]?.kept == Self.sleepSamples)
    #expect(out.sink.extra["zeroSleepStages"] == Self.zeroStages)
    #expect(out.rejects.isEmpty)
    #expect(out.reconciles)
    // 11,104 points − 288 nights + 1,365 stage samples.
    #expect(out.samples.count == 11_104 - 288 + 1_365)
  }

  @Test func hrvIsSDNNAndSpO2StaysOnThePercentScale() throws {
    let out = try read()
    let hrv = out.samples(.hrvSDNN)
    #expect(hrv.count == 677)
    #expect(hrv.allSatisfy { $0.hrvKind == .sdnn && $0.unit == "ms" })
    // SOURCES.md: 26.57–94.55 ms.
    #expect(abs(hrv.map(\.value).min()! - 26.5731512400829) < 1e-12)
    #expect(abs(hrv.map(\.value).max()! - 94.54980109374995) < 1e-12)
    let spo2 = out.samples(.spo2)
    #expect(spo2.count == 346)
    #expect(spo2.allSatisfy { $0.unit == "%" && $0.value >= 94.6 && $0.value <= 99 })
    // The contract with clean: a % read from Health Auto Export is on the 0-100 scale.
    let fraction = UnitConverter.convert(97, from: "%", to: "fraction", percent: .hundred)
    #expect(fraction != nil && abs(fraction! - 0.97) < 1e-15)
    #expect(AutoExportJSONReader.format.percentConvention == .hundred)
  }

  @Test func dailyPointsCoverTheirWholeLocalDay() throws {
    let out = try read()
    // First HRV point in the file order of that metric; all points are at 00:00 -04:00/-05:00.
    for s in out.samples where s.metric != .sleep {
      #expect(s.end - s.start == 86_400)
      #expect((s.start + Int64(s.utcOffset)) % 86_400 == 0)
      #expect(s.utcOffset == -4 * 3600 || s.utcOffset == -5 * 3600)
    }
  }

  @Test func sleepNightsBecomeStageSamples() throws {
    let out = try read()
    // The first night in the file: sleepStart 2024-05-08 22:26:46 -0400, sleepEnd
    // 2024-05-09 05:56:46 -0400, core 4.916666666666666 h = 295 min, inBed 7.812680434452163
    // h over inBedStart 21:45:00 … inBedEnd 05:45:02, source "Eli’s Apple\u{A0}Watch|Eli’s iPhone".
    let first = out.samples(.sleep).filter { $0.origin == out.samples(.sleep)[0].origin }
    let core = try #require(first.first { $0.category == "asleepCore" })
    #expect(core.start == epoch(2024, 5, 8, 22, 26, 46, offset: -4 * 3600))
    #expect(core.end == epoch(2024, 5, 9, 5, 56, 46, offset: -4 * 3600))
    #expect(abs(core.value - 295) < 1e-9)
    #expect(core.unit == "min")
    #expect(core.source == "Eli’s Apple\u{A0}Watch|Eli’s iPhone")
    let inBed = try #require(first.first { $0.category == "inBed" })
    #expect(inBed.start == epoch(2024, 5, 8, 21, 45, 0, offset: -4 * 3600))
    #expect(inBed.end == epoch(2024, 5, 9, 5, 45, 2, offset: -4 * 3600))
    #expect(abs(inBed.value - 7.812680434452163 * 60) < 1e-9)
    // asleep is 0 that night: no sample for it.
    #expect(first.count == 5)
  }
}
