import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Ingest

/// Fitbit CSV values kept by target, one per `data source` (`FitbitCSVTargets`): the rows,
/// bytes and counts must be those of keeping each `Sample`.
@Suite("Fitbit CSV by target")
struct FitbitCSVTargetTests {
  /// Steps of 20 sources in turn: more than the interner's 16 (it starts over, so a
  /// source comes back as another `String`) and the targets' 8 slots (the oldest is
  /// taken again); every 7th row has no source (`Fitbit`), every 5th 0 steps (no sample).
  static func csv() -> String {
    var text = "timestamp,steps,data source\n"
    for i in 0..<200 {
      let minute = String(format: "%02d:%02d", i / 60, i % 60)
      let source = i % 7 == 0 ? "" : "Tracker \(i % 20)"
      text += "2024-03-05T\(minute):00Z,\(i % 5 == 0 ? 0 : i),\(source)\n"
    }
    return text
  }

  static func read(to path: String, byTarget: Bool) throws -> IngestSink {
    try readIntoTable(
      FitbitCSVReader.self, csv(), name: "steps_2024-03-05.csv", to: path, rowsPerBlock: 16,
      byTarget: byTarget, options: berlin)
  }

  @Test("sources that vary by row give the bytes and counts of keeping each sample")
  func sameBytes() throws {
    let dir = TemporaryDirectory()
    let plain = try Self.read(to: dir.file("plain.hpt"), byTarget: false)
    let targeted = try Self.read(to: dir.file("target.hpt"), byTarget: true)
    let expected = try Data(contentsOf: URL(fileURLWithPath: dir.file("plain.hpt")))
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("target.hpt"))) == expected)
    // 200 rows, 40 of them (i % 5 == 0) with 0 steps: 160 samples.
    #expect(plain.counts["steps"]?.kept == 160)
    #expect(targeted.counts["steps"]?.kept == 160 && targeted.counts["steps"]?.read == 160)
    #expect(targeted.extra["fitbit.zeroStepMinutes"] == 40)
  }
}
