import Foundation
import TestSupport
import Testing

@testable import HealthSystem

/// The writer's fingerprint is taken while writing; it must match what a reader of the
/// committed file sees. `zlib.crc32(b"hello")` = 3610a686 (Python).
@Suite("Atomic file writer fingerprint")
struct AtomicFileWriterFingerprintTests {
  @Test("size, mtime and CRC-32 of the committed file, without reading it back")
  func fingerprintAfterCommit() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("out.txt")
    let writer = try AtomicFileWriter(destination: path)
    try writer.write("hel")
    try writer.write([0x6C, 0x6F])
    try writer.commit()
    let print = writer.fingerprint
    #expect(print.crc32 == "3610a686")
    #expect(print.size == 5)
    let reread = try FileFingerprint.withChecksum(path)
    #expect(print == reread)
  }
}
