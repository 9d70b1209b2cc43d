import Foundation
import TestSupport
import Testing

@testable import HealthSystem

/// CRC-32 combined from the CRCs of parts (`crc32_combine`), so a table's bytes are CRC'd
/// once (docs/reliability.md, "Integrity"). Expected values from Python:
/// `zlib.crc32(b"hello world")` = 0d4a1185, `zlib.crc32(b"hello ")` = ed81f9f6,
/// `zlib.crc32(b"world")` = 3a771143.
@Suite("CRC-32 combine")
struct CRC32CombineTests {
  @Test("appending a part's CRC equals reading the part")
  func append() {
    var crc = CRC32(value: 0xED81_F9F6)
    crc.append(crc: 0x3A77_1143, count: 5)
    #expect(crc.value == 0x0D4A_1185)
    // Nothing appended for zero bytes.
    var same = CRC32(value: 0xED81_F9F6)
    same.append(crc: 0, count: 0)
    #expect(same.value == 0xED81_F9F6)
  }

  @Test("a suffix's CRC from the whole run's and the prefix's")
  func suffix() {
    #expect(CRC32.suffix(of: 0x0D4A_1185, prefix: 0xED81_F9F6, suffixCount: 5) == 0x3A77_1143)
    // The empty suffix: CRC-32 of no bytes is 0.
    #expect(CRC32.suffix(of: 0xED81_F9F6, prefix: 0xED81_F9F6, suffixCount: 0) == 0)
  }

  @Test("the writer's fingerprint with a known-CRC write equals reading the file")
  func writerKnownCRC() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("out.txt")
    let writer = try AtomicFileWriter(destination: path)
    try writer.write("hello ")
    try Array("world".utf8).withUnsafeBytes { try writer.write($0, knownCRC32: 0x3A77_1143) }
    try writer.commit()
    #expect(writer.fingerprint.crc32 == "0d4a1185")
    #expect(writer.fingerprint == (try FileFingerprint.withChecksum(path)))
  }
}
