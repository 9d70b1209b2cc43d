import Foundation
import HealthModel
import HealthSystem
import TestSupport
import Testing

@testable import HealthCore

/// `TableConcatenation` with parts this process wrote (`.trustWrittenThisRun`: their block
/// CRCs are not recomputed) and with parts checked block by block (`.verify`): the same
/// bytes, and a fingerprint combined from the blocks' CRCs that equals the CRC-32 Python's
/// `zlib` computes over the written file (docs/reliability.md, "Integrity").
@Suite("Table concatenation CRCs")
struct TableConcatenationCRCTests {
  static func sample(_ i: Int) -> Sample {
    Sample(
      metric: .heartRate, start: 1_700_000_000 + Int64(i) * 60,
      end: 1_700_000_000 + Int64(i) * 60, utcOffset: -18_000, value: 50 + Double(i % 70),
      unit: "count/min", source: "Watch \(i % 5)", origin: Origin(file: 0, record: Int64(i)))
  }

  /// Two scratch parts of 37 and 0 rows in blocks of 8 (the last block short).
  static func parts(in dir: TemporaryDirectory) throws -> [String] {
    var paths: [String] = []
    for (name, count) in [("a", 37), ("b", 0)] {
      let path = dir.file(".\(name).part")
      let writer = try TableWriter<Sample>(
        path: path, stage: "ingest", rowsPerBlock: 8, durable: false)
      try writer.append(contentsOf: (0..<count).map(Self.sample))
      try writer.commit()
      paths.append(path)
    }
    return paths
  }

  static func header() -> TableHeader {
    TableHeader(kind: .samples, columns: Sample.columns, stage: "ingest")
  }

  @Test("trusted and verified parts give the same bytes and the file's true CRC-32")
  func sameBytes() throws {
    let dir = TemporaryDirectory()
    let parts = try Self.parts(in: dir)
    let trusted = try TableConcatenation.concatenate(
      parts: parts, header: Self.header(), to: dir.file("t.hpt"),
      blockCheck: .trustWrittenThisRun)
    let verified = try TableConcatenation.concatenate(
      parts: parts, header: Self.header(), to: dir.file("v.hpt"), blockCheck: .verify)
    #expect(trusted.rows == 37 && verified.rows == 37)
    #expect(try FileReader.readAll(dir.file("t.hpt")) == FileReader.readAll(dir.file("v.hpt")))
    let script = "import sys, zlib; print('%08x' % zlib.crc32(open(sys.argv[1], 'rb').read()))"
    let python = try Python.run(script, [dir.file("t.hpt")])
    try #require(python.code == 0)
    let expected = python.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(trusted.fingerprint.crc32 == expected)
    #expect(verified.fingerprint.crc32 == expected)
    // The digest, which is not combined, is that of the bytes too.
    let reread = try FileFingerprint.withChecksum(dir.file("t.hpt"))
    #expect(trusted.fingerprint.digest == reread.digest)
    #expect(
      try TableFile.read(Sample.self, from: dir.file("t.hpt")).rows == (0..<37).map(Self.sample))
  }

  @Test("a part with a damaged block is refused when verified")
  func damagedPart() throws {
    let dir = TemporaryDirectory()
    let parts = try Self.parts(in: dir)
    var bytes = try FileReader.readAll(parts[0])
    bytes[bytes.count - 40] ^= 0x01  // inside the last block's payload
    try AtomicFileWriter.write(bytes, to: parts[0])
    #expect(throws: HealthError.self) {
      try TableConcatenation.concatenate(
        parts: parts, header: Self.header(), to: dir.file("v.hpt"), blockCheck: .verify)
    }
  }
}
