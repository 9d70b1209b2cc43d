import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import HealthSystem

/// `ContentDigest` tells apart what CRC-32 cannot: table files whose blocks carry their own
/// CRC-32 (docs/table-format.md) have a whole-file CRC-32 that does not depend on the values.
@Suite("Content digest of files a stage wrote")
struct ContentDigestTests {
  /// Two one-row tables of equal length: steps 2345 and steps 9345.
  func tables(_ dir: TemporaryDirectory) throws -> (String, String) {
    func row(_ steps: Double) -> Sample {
      Sample(
        metric: .steps, start: 1_700_000_000, end: 1_700_000_060, utcOffset: 0, value: steps,
        minimum: nil, maximum: nil, unit: "count", category: "", source: "Phone", device: "",
        sourceKind: .phone, userEntered: false, hrvKind: .none,
        origin: Origin(file: 0, record: 1))
    }
    let a = dir.file("a.hpt")
    let b = dir.file("b.hpt")
    try TableFile.write([row(2345)], to: a, stage: "t")
    try TableFile.write([row(9345)], to: b, stage: "t")
    return (a, b)
  }

  @Test("equal-length tables with different values: equal CRC-32, different digests")
  func tablesDiffer() throws {
    let dir = TemporaryDirectory()
    let (a, b) = try tables(dir)
    let fa = try FileFingerprint.withChecksum(a)
    let fb = try FileFingerprint.withChecksum(b)
    #expect(fa.size == fb.size)
    #expect(try FileReader.readAll(a) != FileReader.readAll(b))
    // The trap the digest exists for: a CRC-32 over bytes followed by their own CRC-32 is a
    // constant, so these whole-file CRC-32s agree although a value differs.
    #expect(fa.crc32 == fb.crc32)
    #expect(fa.digest != fb.digest)
    #expect(fa.digest?.count == 16)
  }

  @Test("the digest does not depend on how the bytes are split across updates")
  func streaming() {
    var generator = SeededRandom(seed: 7)
    let bytes = (0..<1_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let whole = ContentDigest.of(bytes)
    for cut in [0, 1, 3, 7, 8, 9, 500, 999, 1_000] {
      var parts = ContentDigest()
      parts.update(Array(bytes[..<cut]))
      parts.update(Array(bytes[cut...]))
      #expect(parts.value == whole.value, "cut at \(cut)")
    }
  }

  @Test("every single-byte change, a swap of two words and a longer file change the digest")
  func sensitivity() {
    let base = [UInt8](repeating: 0x41, count: 64) + Array(0..<64)
    let d = ContentDigest.of(base).value
    for i in base.indices {
      var changed = base
      changed[i] ^= 0x01
      #expect(ContentDigest.of(changed).value != d, "byte \(i)")
    }
    var swapped = base
    swapped.swapAt(64, 72)
    #expect(ContentDigest.of(swapped).value != d)
    #expect(ContentDigest.of(base + [0]).value != d)
    #expect(ContentDigest.of([]).value != ContentDigest.of([0]).value)
  }

  @Test("the writer's fingerprint carries the digest of what it wrote")
  func writerFingerprint() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("x.bin")
    let writer = try AtomicFileWriter(destination: path)
    try writer.write(Array("hello, ".utf8))
    let mark = writer.mark()
    try writer.write(Array("cruel ".utf8))
    try writer.rollback(to: mark)
    try writer.write(Array("world".utf8))
    try writer.commit()
    #expect(writer.fingerprint.digest == ContentDigest.of(Array("hello, world".utf8)).hex)
    #expect(writer.fingerprint.digest == (try FileFingerprint.withChecksum(path)).digest)
  }
}
