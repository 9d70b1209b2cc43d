import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Ingest

/// Fitbit's intraday heart rate and steps kept by target (`FitbitJSONContext.keepIntraday`):
/// the table's bytes and the counts must be those of keeping each reading's `Sample`, and
/// the readings must be the ones in the file.
@Suite("Fitbit intraday by target")
struct FitbitIntradayTargetTests {
  /// 100 heart-rate readings a minute apart from 22:00Z, every 10th without a bpm (a
  /// reject); 90 step minutes, every 6th of them 0 (no sample, counted).
  static let heartRate =
    "["
    + (0..<100).map { i in
      let time = String(format: "10/26/24 %02d:%02d:00", 22 + i / 60, i % 60)
      let value = i % 10 == 9 ? #"{"confidence":1}"# : #"{"bpm":\#(50 + i % 40),"confidence":2}"#
      return #"{"dateTime":"\#(time)","value":\#(value)}"#
    }.joined(separator: ",\n") + "]"
  static let steps =
    "["
    + (0..<90).map { i in
      let time = String(format: "10/27/24 %02d:%02d:00", 6 + i / 60, i % 60)
      return #"{"dateTime":"\#(time)","value":"\#(i % 6 == 0 ? 0 : i)"}"#
    }.joined(separator: ",") + "]"

  static func read(_ text: String, name: String, to path: String, byTarget: Bool) throws
    -> IngestSink
  {
    try readIntoTable(name: name, to: path, rowsPerBlock: 32, byTarget: byTarget) {
      try FitbitJSONReader().read(
        source: MemoryByteSource(Array(text.utf8), path: name), into: $0, options: berlin,
        progress: .silent)
    }
  }

  @Test("heart rate and steps give the bytes and counts of keeping each sample")
  func sameBytes() throws {
    let dir = TemporaryDirectory()
    for (text, name, type, kept) in [
      (Self.heartRate, "heart_rate-2024-10-26.json", "heart_rate", Int64(90)),
      (Self.steps, "steps-2024-10-27.json", "steps", 75),
    ] {
      let plain = try Self.read(text, name: name, to: dir.file("plain.hpt"), byTarget: false)
      let targeted = try Self.read(text, name: name, to: dir.file("target.hpt"), byTarget: true)
      let expected = try Data(contentsOf: URL(fileURLWithPath: dir.file("plain.hpt")))
      #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("target.hpt"))) == expected)
      // 100 readings less 10 without a bpm; 90 minutes less 15 of 0 steps.
      #expect(plain.counts[type]?.kept == kept, "\(name)")
      #expect(targeted.counts[type]?.kept == kept, "\(name)")
      #expect(targeted.counts[type]?.read == plain.counts[type]?.read)
      #expect(targeted.counts[type]?.rejected == plain.counts[type]?.rejected)
      let rows = try TableFile.read(Sample.self, from: dir.file("target.hpt")).rows
      #expect(rows.count == Int(kept))
      #expect(rows.allSatisfy { $0.source == "Fitbit" && $0.sourceKind == .app })
    }
    _ = try Self.read(
      Self.heartRate, name: "heart_rate-2024-10-26.json", to: dir.file("hr.hpt"), byTarget: true)
    let hr = try TableFile.read(Sample.self, from: dir.file("hr.hpt")).rows
    // The first reading: 22:00Z on 26 Oct, 50 bpm, Berlin at +02:00 then; the last kept
    // (i = 98): 23:38Z, 50 + 98 % 40 = 68 bpm.
    #expect(hr.first?.value == 50)
    #expect(hr.first?.start == epoch(2024, 10, 26, 22, offset: 0))
    #expect(hr.last?.value == 68)
    #expect(hr.last?.start == epoch(2024, 10, 26, 23, 38, offset: 0))
    #expect(hr.first?.utcOffset == 7_200)
    #expect(hr.first?.unit == "count/min")
  }
}
