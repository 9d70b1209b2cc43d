import Foundation
import HealthCore
import HealthModel
import HealthSystem
import TestSupport
import Testing

/// Regression (found by the table-file fuzzer, docs/reliability.md:
/// `Tests/Corpus/table/huge-row-count.hpt`): a block whose CRC is right but whose row count is
/// absurd (2^30 rows in 547 bytes) made the decoder reserve room for every row first, a 17 GB
/// allocation that ends the process. A row count the block's bytes cannot hold is now "does not
/// match the table's columns" (exit 65) before anything is allocated.
@Suite("Regression: absurd row counts in a block")
struct HugeRowCountTests {
  /// A one-row rejects table whose block header says `rows` rows, with every CRC right.
  static func table(rows: UInt32) throws -> String {
    let folder = NSTemporaryDirectory() + "/huge-rows-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/t.hpt"
    try TableFile.write(
      [
        Reject(
          stage: "test", code: .malformed, reason: "r", metric: "steps", value: "1", unit: "",
          source: "", origin: Origin(file: 0, record: 1))
      ], to: path, stage: "test")
    var b = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func u32(_ i: Int) -> Int { (0..<4).reduce(0) { $0 | Int(b[i + $1]) << (8 * $1) } }
    func put(_ v: UInt32, _ i: Int) {
      for k in 0..<4 { b[i + k] = UInt8(truncatingIfNeeded: v >> (8 * k)) }
    }
    // Layout (docs/table-format.md): magic 8, version 4, header length 4, header, CRC 4;
    // then 'B', row count 4, payload length 4, payload, CRC of row count + payload.
    let block = 16 + u32(12) + 4
    #expect(b[block] == 0x42)
    put(rows, block + 1)
    let length = u32(block + 5)
    var crc = CRC32()
    crc.update(Array(b[(block + 1)..<(block + 5)]))
    crc.update(Array(b[(block + 9)..<(block + 9 + length)]))
    put(crc.value, block + 9 + length)
    try Data(b).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("2^30 or 2^32 − 1 rows in a small block are refused as damage, not allocated")
  func refused() throws {
    for rows: UInt32 in [1 << 30, .max] {
      let path = try Self.table(rows: rows)
      defer {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
      }
      let error = #expect(throws: HealthError.self) {
        _ = try TableFile.read(Reject.self, from: path)
      }
      #expect(error?.code == .dataError)
      #expect(error?.message == "block 1 does not match the table's columns")
    }
  }
}
