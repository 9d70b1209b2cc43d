import Foundation
import HealthCore
import HealthModel
import Ingest
import TestSupport
import Testing

/// Hostile inputs (docs/reliability.md): ingest writes all inputs into one pair of scratch tables
/// (a checkpoint per input, a rollback for one that fails) instead of a pair per input. The tables
/// must hold exactly the blocks a pair per input gave: each input's rows in blocks of their own, in
/// input order, and nothing of an input that failed half-way.
@Suite("Ingest: one pair of part tables for all inputs")
struct SharedPartTablesTests {
  /// Row counts of the blocks of a table, and its rows.
  static func blocks(_ path: String) throws -> [Int] {
    let reader = try TableFileReader(path: path)
    var counts: [Int] = []
    while let block = try reader.nextBlock() { counts.append(block.rowCount) }
    return counts
  }

  /// An export of `n` step records, one a minute from 2024-01-01 00:00.
  static func steps(_ n: Int) -> String {
    func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return export(
      (0..<n).map { i in
        let time = "2024-01-\(two(1 + i / 1440)) \(two(i / 60 % 24)):\(two(i % 60))"
        return
          "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P\" unit=\"count\" startDate=\"\(time):00 -0800\" endDate=\"\(time):30 -0800\" value=\"\(i)\"/>\n"
      }.joined())
  }

  @Test("blocks per input as with a table per input; a failed input leaves nothing")
  func sameBlocks() throws {
    let folder = TemporaryDirectory()
    // 20,000 records span two blocks of 16,384 rows; the truncated input fails after
    // thousands of rows were already appended (and some written) to the shared tables.
    let big = try folder.write("big.xml", Self.steps(20_000))
    let small = try folder.write("small.xml", Self.steps(5))
    let whole = Self.steps(18_000)
    let cut = try folder.write("cut.xml", String(whole.prefix(whole.count * 9 / 10)))
    var alone: [Int] = []
    for (i, input) in [big, small].enumerated() {
      let out = folder.file("alone-\(i).hpt")
      _ = try IngestStage.run(IngestOptions(inputs: [input], output: out), progress: .silent)
      alone += try Self.blocks(out)
    }
    #expect(alone == [16_384, 3_616, 5])
    let out = folder.file("all.hpt")
    let result = try IngestStage.execute(
      IngestOptions(inputs: [big, cut, small], output: out), progress: .silent)
    #expect(result.failures.map(\.index) == [1])
    #expect(try Self.blocks(out) == alone)
    let rows = try TableFile.read(Sample.self, from: out).rows
    #expect(
      rows.map(\.origin.file) == Array(repeating: 0, count: 20_000) + Array(repeating: 2, count: 5))
    #expect(rows.map(\.value) == (0..<20_000).map(Double.init) + (0..<5).map(Double.init))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left.filter { $0.hasPrefix(".") }.isEmpty, "\(left)")
  }
}
