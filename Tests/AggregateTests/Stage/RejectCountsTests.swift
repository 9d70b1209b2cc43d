import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Aggregate

/// `RejectCounts` counts the upstream rejects by `stage.code` from the table's two columns
/// (docs/aggregate.md's quality facts), without decoding whole rows: runs that cross the
/// 16,384-row blocks, codes alternating row by row, several tables added up.
@Suite("Reject counts from the stage and code columns")
struct RejectCountsTests {
  static func reject(_ stage: String, _ code: RejectCode, _ i: Int) -> Reject {
    Reject(
      stage: stage, code: code, reason: "reason \(i % 7)", metric: "steps", value: "\(i)",
      unit: "count", source: "W", origin: Origin(file: 0, record: Int64(i)))
  }

  /// 20,000 overlapped rows in one run (across the first block's end), then 20,000 rows
  /// cycling through four stage and code pairs: 25,000 clean.overlapped and 5,000 of each
  /// of clean.duplicate, ingest.bad-date and ingest.out-of-range.
  static func rows() -> [Reject] {
    (0..<40_000).map { i in
      if i < 20_000 { return reject("clean", .overlapped, i) }
      switch i % 4 {
      case 0: return reject("clean", .overlapped, i)
      case 1: return reject("clean", .duplicate, i)
      case 2: return reject("ingest", .badDate, i)
      default: return reject("ingest", .outOfRange, i)
      }
    }
  }

  @Test("runs across blocks and alternating codes are counted by stage and code")
  func counts() throws {
    let dir = TemporaryDirectory("reject-counts")
    let path = dir.file("rejects.hpt")
    try TableFile.write(Self.rows(), to: path, stage: "clean")
    var counts: [String: Int64] = ["ingest.bad-date": 2]
    try RejectCounts.add(path, to: &counts)
    // The 2 already counted are added to, not replaced.
    #expect(
      counts == [
        "clean.overlapped": 25_000, "clean.duplicate": 5_000, "ingest.bad-date": 5_002,
        "ingest.out-of-range": 5_000,
      ])
  }

  @Test("a second table adds to the first; an empty table adds nothing")
  func addsUp() throws {
    let dir = TemporaryDirectory("reject-counts")
    let one = dir.file("one.hpt")
    let two = dir.file("two.hpt")
    let empty = dir.file("empty.hpt")
    try TableFile.write(
      (0..<3).map { Self.reject("ingest", .badDate, $0) }, to: one, stage: "ingest")
    try TableFile.write(
      [Self.reject("clean", .duplicate, 0), Self.reject("ingest", .badDate, 1)], to: two,
      stage: "clean")
    try TableFile.write([Reject](), to: empty, stage: "clean")
    var counts: [String: Int64] = [:]
    for path in [one, empty, two] { try RejectCounts.add(path, to: &counts) }
    #expect(
      counts == [
        "ingest.bad-date": 4, "clean.duplicate": 1,
      ])
  }
}
