import Foundation
import HealthModel
import SampleExports
import TestSupport
import Testing

@testable import Ingest

/// A monitoring file's wellness messages (docs/ingest-garmin.md, "Messages and fields read"
/// and "Sleep"), on the generator's chained FIT file, against the tests' own Python FIT
/// reader (`PythonFIT`): every value of the file becomes the sample the page says, no more.
@Suite("Garmin FIT wellness messages", .enabled(if: Python.available, "needs python3"))
struct GarminWellnessFITTests {
  static let newYork = ReaderOptions(timeZone: "America/New_York", timeZoneOrigin: "--timezone")

  /// The sleep stage of a `sleep_level` value (1 awake, 2 light, 3 deep, 4 REM).
  static let stages: [Int: SleepStage] = [
    1: .awake, 2: .asleepCore, 3: .asleepDeep, 4: .asleepREM,
  ]

  @Test(
    "sleep levels become stages until the next level; HRV is RMSSD/128; RHR, SpO2, respiration read"
  )
  func wellness() throws {
    let dir = TemporaryDirectory("garmin-wellness")
    let options = SyntheticOptions(days: 12, seed: 11, density: .sample)
    let fit = try #require(
      try SyntheticExport.write(options, formats: [.garminFIT], to: dir.path).first?.path)
    let out = try readFile(GarminFITReader(), path: fit, options: Self.newYork)
    let files = try PythonFIT.messages([fit])

    // Sleep: within each file, level i lasts until level i + 1; the last has no end.
    var minutes: [String: Double] = [:]
    var segments = 0
    for file in files {
      let levels = file.filter { $0["g"] as? Int == 275 }.compactMap {
        m -> (Int, Int)? in
        guard let t = m["ts"] as? Int, let v = (m["v"] as? [String: Any])?["0"] as? Int else {
          return nil
        }
        return (t, v)
      }.sorted { $0 < $1 }
      for (a, b) in zip(levels, levels.dropFirst()) where b.0 > a.0 {
        guard let stage = Self.stages[a.1] else { continue }
        minutes[stage.rawValue, default: 0] += Double(b.0 - a.0) / 60
        segments += 1
      }
    }
    var got: [String: Double] = [:]
    for s in out.samples(.sleep) { got[s.category, default: 0] += s.value }
    #expect(segments > 0 && out.samples(.sleep).count == segments)
    #expect(got == minutes)

    // The point readings: each message with a value, at its own time.
    func values(_ global: Int, field: String, scale: Double, positive: Bool = false)
      -> [Int64: Double]
    {
      var out: [Int64: Double] = [:]
      for m in files.flatMap({ $0 }) where m["g"] as? Int == global {
        guard let t = m["ts"] as? Int, let v = (m["v"] as? [String: Any])?[field] as? Int,
          !positive || v > 0
        else { continue }
        out[PythonFIT.epoch(t)] = Double(v) / scale
      }
      return out
    }
    func read(_ metric: MetricID) -> [Int64: Double] {
      Dictionary(out.samples(metric).map { ($0.start, $0.value) }) { a, _ in a }
    }
    let hrv = values(371, field: "0", scale: 128)
    #expect(!hrv.isEmpty && read(.hrvRMSSD) == hrv)
    #expect(out.samples(.hrvRMSSD).allSatisfy { $0.hrvKind == .rmssd })
    #expect(out.samples(.hrvSDNN).isEmpty)
    let rhr = values(211, field: "1", scale: 1)
    #expect(!rhr.isEmpty && read(.restingHeartRate) == rhr)
    let spo2 = values(269, field: "0", scale: 1)
    #expect(!spo2.isEmpty && read(.spo2) == spo2)
    let breaths = values(297, field: "0", scale: 100, positive: true)
    #expect(!breaths.isEmpty && read(.respiratoryRate) == breaths)
    #expect(out.reconciles && out.rejects.isEmpty)
    withExtendedLifetime(dir) {}
  }
}
