import HealthModel
import Testing

@testable import Ingest

/// The FIT decoder on files written byte by byte (docs/ingest-garmin.md, "The FIT decoder").
@Suite("FIT decoder")
struct FITDecoderTests {
  /// A record definition (global 20): timestamp uint32 (0x86), heart_rate uint8 (0x02).
  static func recordFile(big: Bool = false) -> FITBytes {
    var f = FITBytes()
    f.define(local: 0, global: 20, big: big, fields: [(253, 4, 0x86), (3, 1, 0x02)])
    let enc = big ? FITBytes.be : FITBytes.le
    f.data(local: 0, enc(1_000_000_000, 4) + [120])
    return f
  }

  @Test("12- and 14-byte headers; the header and file CRCs are checked")
  func headers() throws {
    for size in [12, 14] {
      let (c, _) = try FITCollector.decode(Self.recordFile().file(headerSize: size))
      #expect(c.files.map(\.size) == [size] && c.ends == 1)
      #expect(c.messages.count == 1 && c.messages[0].values[3] == 120)
      // 1,000,000,000 s after the FIT epoch (1989-12-31) is 2021-09-10T01:46:40Z.
      #expect(c.messages[0].timestamp == 1_000_000_000)
    }
    // A header CRC of 0 means "not computed" and is fine.
    _ = try FITCollector.decode(Self.recordFile().file(headerCRC: false))
    var bad = Self.recordFile().file()
    bad[12] ^= 0xFF
    let e1 = try #require(throws: HealthError.self) { try FITCollector.decode(bad) }
    #expect(e1.code == .dataError && e1.message.contains("header's CRC"))
    let e2 = try #require(throws: HealthError.self) {
      try FITCollector.decode(Self.recordFile().file(badCRC: true))
    }
    #expect(e2.message.contains("file CRC") && e2.location?.byteOffset == 14 + 18)
  }

  /// The protocol's own CRC routine (Garmin FIT protocol, "CRC"): a nibble at a time
  /// through its 16-entry table, against the reader's eight-bytes-at-a-time one.
  @Test("the CRC eight bytes at a time equals the protocol's nibble routine, at every length")
  func crcSlices() {
    let table: [UInt16] = [
      0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401, 0xA001, 0x6C00, 0x7800,
      0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]
    func nibbles(_ bytes: [UInt8]) -> UInt16 {
      var crc: UInt16 = 0
      for byte in bytes {
        var tmp = table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ table[Int(byte & 0xF)]
        tmp = table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ table[Int((byte >> 4) & 0xF)]
      }
      return crc
    }
    var seed: UInt64 = 7
    for length in 0..<70 {
      let bytes = (0..<length).map { _ -> UInt8 in
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: seed >> 33)
      }
      #expect(FITCRC.of(bytes) == nibbles(bytes), "length \(length)")
      // In two pieces, split anywhere.
      var crc = FITCRC()
      crc.update(Array(bytes.prefix(length / 3)))
      crc.update(Array(bytes.dropFirst(length / 3)))
      #expect(crc.value == nibbles(bytes))
    }
  }

  @Test("big-endian definitions read their multi-byte fields big-endian")
  func bigEndian() throws {
    let (c, _) = try FITCollector.decode(Self.recordFile(big: true).file())
    #expect(c.messages[0].timestamp == 1_000_000_000 && c.messages[0].values[3] == 120)
  }

  @Test("compressed timestamps: five bits after the last full time, rolling over at 32 s")
  func compressedTimestamps() throws {
    var f = FITBytes()
    f.define(local: 0, global: 20, fields: [(253, 4, 0x86), (3, 1, 0x02)])
    f.define(local: 1, global: 20, fields: [(3, 1, 0x02)])
    // Full time 1000 (low five bits 8), then offsets 10 → 1002, 30 → 1022, 3 → 1027 (3 < 30:
    // the next 32-second block), 3 again → 1027.
    f.data(local: 0, FITBytes.le(1000, 4) + [60])
    for s: UInt8 in [10, 30, 3, 3] { f.compressed(local: 1, seconds: s, [70]) }
    let (c, d) = try FITCollector.decode(f.file())
    #expect(c.messages.map(\.timestamp) == [1000, 1002, 1022, 1027, 1027])
    #expect(d.counts.compressedTimestamps == 4)
  }

  @Test("developer fields are skipped, counted, and do not shift the next message")
  func developerFields() throws {
    var f = FITBytes()
    f.define(local: 2, global: 20, fields: [(3, 1, 0x02)], developer: [(0, 3, 0), (1, 2, 0)])
    f.data(local: 2, [99, 1, 2, 3, 4, 5])
    f.data(local: 2, [98, 9, 9, 9, 9, 9])
    let (c, d) = try FITCollector.decode(f.file())
    #expect(c.messages.map { $0.values[3] } == [99, 98])
    #expect(d.counts.developerFields == 4)
  }

  @Test("each base type's invalid value reads as no value")
  func invalidValues() throws {
    // (base type byte, size, the invalid bytes little-endian)
    let cases: [(UInt8, UInt8, [UInt8])] = [
      (0x00, 1, [0xFF]), (0x01, 1, [0x7F]), (0x02, 1, [0xFF]), (0x83, 2, [0xFF, 0x7F]),
      (0x84, 2, [0xFF, 0xFF]), (0x85, 4, [0xFF, 0xFF, 0xFF, 0x7F]),
      (0x86, 4, [0xFF, 0xFF, 0xFF, 0xFF]), (0x0A, 1, [0]), (0x8B, 2, [0, 0]),
      (0x8C, 4, [0, 0, 0, 0]), (0x0D, 1, [0xFF]),
    ]
    for (type, size, bytes) in cases {
      var f = FITBytes()
      f.define(local: 0, global: 55, fields: [(0, size, type)])
      f.data(local: 0, bytes)
      f.data(local: 0, [UInt8](repeating: 0x01, count: Int(size)))
      let (c, _) = try FITCollector.decode(f.file())
      #expect(c.messages[0].values[0] == .some(nil), "type \(type)")
      #expect(c.messages[1].values[0] != .some(nil), "type \(type)")
    }
    // Signed values are sign-extended: 0xFFFE as sint16 is -2 (Garmin's "too much motion").
    var f = FITBytes()
    f.define(local: 0, global: 227, fields: [(0, 2, 0x83)])
    f.data(local: 0, [0xFE, 0xFF])
    let (c, _) = try FITCollector.decode(f.file())
    #expect(c.messages[0].ints[0] == -2)
  }

  @Test("chained files are read in turn; zero bytes after the last are counted")
  func chained() throws {
    let one = Self.recordFile().file(headerSize: 12)
    let two = Self.recordFile(big: true).file()
    let (c, d) = try FITCollector.decode(one + two + [0, 0, 0], chunk: 7)
    #expect(c.files.count == 2 && c.ends == 2 && c.messages.count == 2)
    #expect(d.counts.trailingZeroBytes == 3 && d.counts.files == 2)
  }

  @Test("cut, undefined or overrunning data end the read with exit 65 and the byte offset")
  func damaged() throws {
    let whole = Self.recordFile().file()
    for cut in [5, 13, 20, whole.count - 1] {
      let e = try #require(throws: HealthError.self) {
        try FITCollector.decode(Array(whole.prefix(cut)))
      }
      #expect(e.code == .dataError, "cut at \(cut)")
    }
    var undefined = FITBytes()
    undefined.data(local: 3, [1])
    let e = try #require(throws: HealthError.self) { try FITCollector.decode(undefined.file()) }
    #expect(e.message.contains("local type 3") && e.location?.byteOffset == 14)
    // The header claims fewer data bytes than the message needs.
    var f = Self.recordFile().file()
    f[4] = 15
    let e2 = try #require(throws: HealthError.self) { try FITCollector.decode(f) }
    #expect(e2.message.contains("past the end") || e2.message.contains("CRC"))
  }

  @Test("a field whose size is not a whole number of values reads as no value")
  func oddSizes() throws {
    var f = FITBytes()
    f.define(local: 0, global: 20, fields: [(3, 3, 0x84)])
    f.data(local: 0, [1, 2, 3])
    let (c, _) = try FITCollector.decode(f.file())
    #expect(c.messages[0].values[3] == .some(nil))
  }
}
