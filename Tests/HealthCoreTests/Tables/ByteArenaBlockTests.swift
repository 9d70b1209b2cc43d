import Foundation
import HealthModel
import TestSupport
import Testing

@testable import HealthCore

/// `ByteArena`'s block encoding (`ByteArena+Block.swift`): its bytes must be those of the table
/// format (varints of seven bits a byte, bitmaps lowest bit first), or a table written now
/// would read back wrong.
/// Expected bytes are built here bit by bit, independently of the code under test.
@Suite("Block bytes in a byte arena")
struct ByteArenaBlockTests {
  /// The bitmap of `bits` worked out one bit at a time: bit `i` in byte `i / 8`, at
  /// position `i % 8`.
  static func bitmap(_ bits: [Bool]) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
    for (i, bit) in bits.enumerated() where bit { bytes[i / 8] |= 1 << UInt8(i % 8) }
    return bytes
  }

  /// The varint of `value` worked out here: seven bits a byte, lowest first, the high bit
  /// set on every byte but the last.
  static func varint(_ value: UInt64) -> [UInt8] {
    var bytes: [UInt8] = []
    var v = value
    repeat {
      let low = UInt8(v & 0x7F)
      v >>= 7
      bytes.append(v == 0 ? low : low | 0x80)
    } while v != 0
    return bytes
  }

  @Test("bitmaps of every length from 0 to 80, and of every byte value, are bit for bit")
  func bitmaps() {
    var random = SeededRandom(seed: 11)
    for length in 0...80 {
      for _ in 0..<20 {
        let bits = (0..<length).map { _ in random.next() % 2 == 0 }
        let out = ByteArena(capacity: 1)
        bits.withUnsafeBufferPointer { out.appendBitmap($0) }
        #expect(Array(out.written) == Self.bitmap(bits), "length \(length)")
      }
    }
    for byte in 0...255 {
      let bits = (0..<8).map { byte >> $0 & 1 == 1 }
      let out = ByteArena()
      bits.withUnsafeBufferPointer { out.appendBitmap($0) }
      #expect(Array(out.written) == [UInt8(byte)])
    }
  }

  @Test("varints, one or many, are the bytes worked out bit by bit")
  func varints() {
    var random = SeededRandom(seed: 12)
    var values: [UInt64] = [0, 1, 0x7F, 0x80, 0x3FFF, 0x4000, .max, .max >> 1]
    for shift in 0..<64 { values.append(random.next() >> UInt64(shift)) }
    var expected: [UInt8] = []
    for v in values { expected += Self.varint(v) }
    let many = ByteArena(capacity: 1)
    many.appendVarints(count: values.count) { values[$0] }
    #expect(Array(many.written) == expected)
    let one = ByteArena(capacity: 1)
    for v in values { one.appendVarint(v) }
    #expect(Array(one.written) == expected)
    // 300 encodes as AC 02 (RFC-style worked example: 300 = 0b10_0101100).
    let small = ByteArena()
    small.appendVarint(300)
    #expect(Array(small.written) == [0xAC, 0x02])
  }

  @Test("narrowed indices below 0x80 are their one-byte varints")
  func narrowed() {
    let values: [UInt32] = (0..<300).map { UInt32(($0 * 37) % 128) }
    var expected: [UInt8] = []
    for v in values { expected += Self.varint(UInt64(v)) }
    #expect(expected.count == values.count)
    let out = ByteArena(capacity: 1)
    out.appendUInt32(0xDEAD_BEEF)
    values.withUnsafeBufferPointer { out.appendBytes(narrowing: $0) }
    #expect(Array(out.written) == [0xEF, 0xBE, 0xAD, 0xDE] + expected)
  }

  @Test("a length patched in after its column, across growth, reads back")
  func patchedLength() {
    let out = ByteArena(capacity: 16)
    out.appendUInt32(0)
    let payload = [UInt8](repeating: 0x5A, count: 1000)
    payload.withUnsafeBytes { out.append($0) }
    out.setUInt32(UInt32(payload.count), at: 0)
    let bytes = Array(out.written)
    #expect(bytes.count == 1004)
    let length = bytes.withUnsafeBytes { ByteCoding.readUInt32($0, 0) }
    #expect(length == 1000)
    #expect(bytes[4...].allSatisfy { $0 == 0x5A })
    out.removeAll()
    #expect(out.count == 0)
  }

  @Test("a table whose string columns hold 128, then 129 texts a block reads back")
  func dictionaryAtTheOneByteEdge() throws {
    let dir = TemporaryDirectory()
    for texts in [128, 129, 300] {
      let path = dir.file("edge-\(texts).hpt")
      let writer = try TableWriter<Sample>(path: path, stage: "test", rowsPerBlock: 500)
      var written: [Sample] = []
      for i in 0..<1200 {
        let sample = Sample(
          metric: .heartRate, start: Int64(i * 60), end: Int64(i * 60), utcOffset: -18_000,
          value: Double(i), unit: "count/min", source: "source \(i % texts)",
          origin: Origin(file: 0, record: Int64(i + 1)))
        written.append(sample)
        try writer.append(sample)
      }
      try writer.commit()
      #expect(try TableFile.read(Sample.self, from: path).rows == written)
    }
  }
}
