@testable import Ingest

/// FIT files byte by byte, for the decoder's tests: the bytes written here are the
/// protocol's own layout, spelled out, with the CRC computed by the protocol's nibble table
/// (a third implementation, so no test checks the decoder with its own arithmetic).
struct FITBytes {
  var records: [UInt8] = []

  /// A definition: record header, reserved, architecture, global number, fields.
  mutating func define(
    local: UInt8, global: UInt16, big: Bool = false, fields: [(UInt8, UInt8, UInt8)],
    developer: [(UInt8, UInt8, UInt8)] = []
  ) {
    records.append(0x40 | (developer.isEmpty ? 0 : 0x20) | local)
    records += [0, big ? 1 : 0]
    records +=
      big
      ? [UInt8(global >> 8), UInt8(global & 0xFF)] : [UInt8(global & 0xFF), UInt8(global >> 8)]
    records.append(UInt8(fields.count))
    for f in fields { records += [f.0, f.1, f.2] }
    if !developer.isEmpty {
      records.append(UInt8(developer.count))
      for d in developer { records += [d.0, d.1, d.2] }
    }
  }

  /// A data message with a normal header and the given content bytes.
  mutating func data(local: UInt8, _ content: [UInt8]) {
    records.append(local)
    records += content
  }

  /// A data message with a compressed-timestamp header.
  mutating func compressed(local: UInt8, seconds: UInt8, _ content: [UInt8]) {
    records.append(0x80 | local << 5 | (seconds & 0x1F))
    records += content
  }

  /// The file: header of `headerSize` bytes (its CRC when 14 and `headerCRC`), records,
  /// file CRC (wrong when `badCRC`).
  func file(headerSize: Int = 14, headerCRC: Bool = true, badCRC: Bool = false) -> [UInt8] {
    var h: [UInt8] = [UInt8(headerSize), 0x20, 0x54, 0x08]
    let n = UInt32(records.count)
    h += [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)]
    h += Array(".FIT".utf8)
    if headerSize == 14 {
      let c = headerCRC ? Self.crc(h) : 0
      h += [UInt8(c & 0xFF), UInt8(c >> 8)]
    }
    let out = h + records
    var c = Self.crc(out)
    if badCRC { c ^= 0x0101 }
    return out + [UInt8(c & 0xFF), UInt8(c >> 8)]
  }

  static func crc(_ bytes: [UInt8]) -> UInt16 {
    let t: [UInt16] = [
      0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401, 0xA001, 0x6C00, 0x7800,
      0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]
    var crc: UInt16 = 0
    for b in bytes {
      var tmp = t[Int(crc & 0xF)]
      crc = (crc >> 4) & 0x0FFF
      crc = crc ^ tmp ^ t[Int(b & 0xF)]
      tmp = t[Int(crc & 0xF)]
      crc = (crc >> 4) & 0x0FFF
      crc = crc ^ tmp ^ t[Int(b >> 4)]
    }
    return crc
  }

  /// Little-endian bytes of a value.
  static func le(_ v: UInt64, _ n: Int) -> [UInt8] {
    (0..<n).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }
  }
  /// Big-endian bytes.
  static func be(_ v: UInt64, _ n: Int) -> [UInt8] { le(v, n).reversed() }
}

/// Collects what the decoder hands over.
final class FITCollector: FITMessageHandler {
  var files: [FITFileHeader] = []
  var messages:
    [(global: UInt16, timestamp: UInt32?, values: [UInt8: UInt64?], ints: [UInt8: Int64?])] = []
  var ends = 0
  /// Field numbers to read from every message.
  let fields: [UInt8]

  init(fields: [UInt8] = [0, 1, 2, 3, 253]) { self.fields = fields }

  func beginFile(_ header: FITFileHeader, at offset: Int64) throws { files.append(header) }
  func message(_ m: FITMessage, decoder: FITDecoder) throws {
    var values: [UInt8: UInt64?] = [:]
    var ints: [UInt8: Int64?] = [:]
    for f in fields where m.has(f) {
      values[f] = m.uint(f)
      ints[f] = m.int(f)
    }
    messages.append((m.globalNumber, m.timestamp, values, ints))
  }
  func endFile() throws { ends += 1 }

  /// Decodes `bytes` handed out in pieces of `chunk` bytes.
  static func decode(_ bytes: [UInt8], chunk: Int = .max, fields: [UInt8] = [0, 1, 2, 3, 253])
    throws -> (FITCollector, FITDecoder)
  {
    let c = FITCollector(fields: fields)
    let d = FITDecoder(source: MemoryByteSource(bytes, path: "t.fit", chunkSize: chunk))
    try d.run(c)
    return (c, d)
  }
}
