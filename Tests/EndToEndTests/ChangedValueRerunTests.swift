import Foundation
import TestSupport
import Testing

/// A nightly run after an input's value changed, with the file's length unchanged: every
/// stage after ingest must see the new table and run again. The cache once compared table
/// files by whole-file CRC-32, which does not change with a table's values (each block
/// carries its own CRC-32; see `ContentDigest`), and skipped them with the old report.
@Suite("A changed value reaches the report on the next run")
struct ChangedValueRerunTests {
  @Test("steps 2345 -> 9345 (same length): clean, aggregate and report rerun")
  func sameLengthEdit() throws {
    let dir = TemporaryDirectory("changed-value")
    let csv = dir.file("steps.csv")
    func write(_ steps: Int) throws {
      try "date,metric,value,unit,source\n2024-05-06,steps,\(steps),count,Phone\n".write(
        toFile: csv, atomically: false, encoding: .utf8)
    }
    try write(2345)
    try "[pipeline]\ninputs = steps.csv\nwork = work\nas_of = 2024-05-06\n[report]\nout = r.html\n"
      .write(toFile: dir.file("p.pipeline"), atomically: false, encoding: .utf8)
    let first = try Healthpipe.run(["run", "p.pipeline"], in: dir.path)
    #expect(first.code == 0, "\(first.stderr)")
    try write(9345)
    let second = try Healthpipe.run(["run", "p.pipeline"], in: dir.path)
    #expect(second.code == 0, "\(second.stderr)")
    let statuses = RunEndToEndTests.statuses(second.stderr)
    #expect(
      statuses == ["ingest": "ran", "clean": "ran", "aggregate": "ran", "report": "ran"],
      "\(second.stderr)")
    let daily = try Healthpipe.run(
      ["export", "work/aggregate/daily.hpt", "--exact"], in: dir.path)
    #expect(daily.stdout.contains("2024-05-06,steps,,9345,"), "\(daily.stdout)")
    #expect(!daily.stdout.contains("2345"))
  }
}
