import Foundation
import HealthCore
import HealthModel
import HealthSystem
import TestSupport
import Testing

/// `TableWriter.checkpoint()` / `rollback(to:)` (docs/reliability.md): ingest writes every input
/// into one scratch table and drops a failed input by rolling back, instead of one table pair
/// per input (5-8 ms of file creation and `fsync` each). A checkpoint ends the block, so the
/// blocks are those a table per input would have had.
@Suite("Table writer checkpoints")
struct TableWriterCheckpointTests {
  static func sample(_ i: Int) -> Sample {
    Sample(
      metric: .steps, start: 1_700_000_000 + Int64(i) * 60, end: 1_700_000_000 + Int64(i) * 60,
      utcOffset: 0, value: Double(i), unit: "count", source: "S\(i % 3)",
      origin: Origin(file: 0, record: Int64(i)))
  }

  /// Row counts of the blocks of a table.
  static func blocks(_ path: String) throws -> [Int] {
    let reader = try TableFileReader(path: path)
    var counts: [Int] = []
    while let block = try reader.nextBlock() { counts.append(block.rowCount) }
    return counts
  }

  @Test("rolled-back rows (pending, in a written block, or in the buffer) leave no trace")
  func rollback() throws {
    let dir = TemporaryDirectory()
    let kept1 = (0..<3).map(Self.sample)
    let dropped = (3..<23).map(Self.sample)
    let kept2 = (23..<30).map(Self.sample)
    // Durable, so its CRC-32 is computed and must be rolled back too (a scratch writer,
    // `durable: false`, computes none: see the last test).
    let writer = try TableWriter<Sample>(path: dir.file("t.hpt"), stage: "test", rowsPerBlock: 4)
    try writer.append(contentsOf: kept1)
    let mark = try writer.checkpoint()
    #expect(mark.rows == 3)
    // 20 rows: five full blocks of 4 written, the checkpoint before them restored.
    try writer.append(contentsOf: dropped)
    try writer.rollback(to: mark)
    _ = try writer.checkpoint()
    try writer.append(contentsOf: kept2)
    try writer.commit()
    #expect(try TableFile.read(Sample.self, from: dir.file("t.hpt")).rows == kept1 + kept2)
    // Blocks: the 3 rows before the checkpoint, then 7 rows in blocks of 4: [3, 4, 3].
    #expect(try Self.blocks(dir.file("t.hpt")) == [3, 4, 3])
    // The same bytes as writing the kept rows with a checkpoint between them.
    let plain = try TableWriter<Sample>(path: dir.file("p.hpt"), stage: "test", rowsPerBlock: 4)
    try plain.append(contentsOf: kept1)
    _ = try plain.checkpoint()
    try plain.append(contentsOf: kept2)
    try plain.commit()
    #expect(try FileReader.readAll(dir.file("t.hpt")) == FileReader.readAll(dir.file("p.hpt")))
    #expect(writer.fingerprint.crc32 == plain.fingerprint.crc32)
  }

  @Test("a rollback past more than a megabyte of written blocks cuts the file back")
  func rollbackLarge() throws {
    let dir = TemporaryDirectory()
    let writer = try TableWriter<Sample>(path: dir.file("t.hpt"), stage: "test", durable: false)
    try writer.append(Self.sample(0))
    let mark = try writer.checkpoint()
    // 200,000 rows: several 16,384-row blocks, well past the 1 MiB write buffer.
    for i in 1...200_000 { try writer.append(Self.sample(i)) }
    try writer.rollback(to: mark)
    try writer.commit()
    #expect(try TableFile.read(Sample.self, from: dir.file("t.hpt")).rows == [Self.sample(0)])
  }

  @Test("a scratch writer computes no checksum: its fingerprint has none")
  func scratchHasNoChecksum() throws {
    let dir = TemporaryDirectory()
    let scratch = try TableWriter<Sample>(path: dir.file("s.hpt"), stage: "test", durable: false)
    let real = try TableWriter<Sample>(path: dir.file("r.hpt"), stage: "test")
    for writer in [scratch, real] {
      try writer.append(contentsOf: (0..<5).map(Self.sample))
      try writer.commit()
    }
    #expect(scratch.fingerprint.crc32 == nil && scratch.fingerprint.digest == nil)
    // The durable writer's CRC-32 is the file's, worked out by reading it back.
    let bytes = try FileReader.readAll(dir.file("r.hpt"))
    var crc = CRC32()
    crc.update(bytes)
    #expect(real.fingerprint.crc32 == crc.hex)
    #expect(try FileReader.readAll(dir.file("s.hpt")) == bytes)
  }
}
