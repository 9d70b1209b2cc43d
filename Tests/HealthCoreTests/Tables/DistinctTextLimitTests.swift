import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// `TableWriter.limitDistinct` (docs/reliability.md, "Limits"; round 3, finding 4): ingest
/// keeps at most 10,000 distinct source and metric names in a samples table. The row that
/// brings one more throws exit 65 naming the text, and a rollback forgets the texts of the
/// rows it drops (an input that failed as a whole does not use up the limit).
@Suite("Regression: distinct texts of a table column are bounded")
struct DistinctTextLimitTests {
  static func sample(_ i: Int, source: String) -> Sample {
    Sample(
      metric: .steps, start: 1_700_000_000 + Int64(i), end: 1_700_000_000 + Int64(i),
      utcOffset: 0, value: 1, unit: "count", source: source, origin: Origin(file: 0, record: 1))
  }

  @Test("the third distinct source of a limit of two throws; a rollback frees the room")
  func limit() throws {
    let dir = TemporaryDirectory("distinct")
    // Blocks of 2 rows: the names are noted once per block, and across blocks.
    let writer = try TableWriter<Sample>(path: dir.file("t.hpt"), stage: "test", rowsPerBlock: 2)
    writer.limitDistinct("source", to: 2, noun: "source names")
    for (i, s) in ["a", "b", "a", "b", "a"].enumerated() {
      try writer.append(Self.sample(i, source: s))
    }
    let mark = try writer.checkpoint()
    let error = try #require(throws: HealthError.self) {
      try writer.append(Self.sample(9, source: "c"))
    }
    #expect(error.code == .dataError)
    #expect(error.message.contains("more than 2 distinct source names in one table"))
    #expect(error.message.contains("'c'"))
    try writer.rollback(to: mark)
    // After the rollback the failed row is gone and a known name still passes.
    try writer.append(Self.sample(10, source: "b"))
    try writer.commit()
    let rows = try TableFile.read(Sample.self, from: dir.file("t.hpt")).rows
    #expect(rows.map(\.source) == ["a", "b", "a", "b", "a", "b"])
  }

  @Test("texts of rolled-back rows do not count")
  func rollbackForgets() throws {
    let dir = TemporaryDirectory("distinct-rollback")
    let writer = try TableWriter<Sample>(path: dir.file("t.hpt"), stage: "test")
    writer.limitDistinct("source", to: 2, noun: "source names")
    try writer.append(Self.sample(0, source: "a"))
    let mark = try writer.checkpoint()
    try writer.append(Self.sample(1, source: "b"))
    try writer.rollback(to: mark)
    try writer.append(Self.sample(2, source: "c"))
    try writer.commit()
    #expect(
      try TableFile.read(Sample.self, from: dir.file("t.hpt")).rows.map(\.source) == ["a", "c"])
  }
}
