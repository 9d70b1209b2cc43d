import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Ingest

/// Withings' raw arrays kept a row at a time by target
/// (`VendorRows.keep(_:_:durations:from:offset:type:)`): the rows, bytes and counts must be
/// those of keeping each value as its `Sample`.
@Suite("Withings raw arrays by target")
struct WithingsRawTargetTests {
  /// Three values, an empty pair of arrays (no value: nothing resolved or counted), one
  /// value, and arrays of different lengths (one reject).
  static let csv = """
    start,duration,value
    2026-11-15T22:41:21-05:00,"[60,60,60]","[71,72,73]"
    2026-11-15T21:00:00-05:00,[],[]
    2026-11-15T20:00:00-05:00,[60],[75]
    2026-11-15T19:00:00-05:00,"[60,60]",[75]

    """

  static func read(to path: String, byTarget: Bool) throws -> IngestSink {
    try readIntoTable(
      WithingsCSVReader.self, csv, name: "raw_tracker_steps.csv", to: path, rowsPerBlock: 2,
      byTarget: byTarget, options: berlin)
  }

  @Test("a row's values written by target give the bytes and counts of keeping each sample")
  func sameBytes() throws {
    let dir = TemporaryDirectory()
    let plain = try Self.read(to: dir.file("plain.hpt"), byTarget: false)
    let targeted = try Self.read(to: dir.file("target.hpt"), byTarget: true)
    let expected = try Data(contentsOf: URL(fileURLWithPath: dir.file("plain.hpt")))
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("target.hpt"))) == expected)
    // 3 + 0 + 1 values kept, the last row rejected.
    let counts = targeted.counts["raw_tracker_steps"]
    #expect(counts?.kept == 4 && counts?.rejected == 1 && counts?.read == 5)
    #expect(plain.counts["raw_tracker_steps"]?.kept == 4)
  }
}
