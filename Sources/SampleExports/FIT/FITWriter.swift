/// One field of a definition the writer declares: its number, base-type byte (with the
/// endianness bit for multi-byte types, as the protocol writes it) and size in bytes.
struct FITFieldSpec: Sendable {
  var number: UInt8
  var baseType: UInt8
  var size: UInt8

  static func uint8(_ n: UInt8) -> FITFieldSpec { FITFieldSpec(number: n, baseType: 0x02, size: 1) }
  static func enumeration(_ n: UInt8) -> FITFieldSpec {
    FITFieldSpec(number: n, baseType: 0x00, size: 1)
  }
  static func sint16(_ n: UInt8) -> FITFieldSpec {
    FITFieldSpec(number: n, baseType: 0x83, size: 2)
  }
  static func uint16(_ n: UInt8) -> FITFieldSpec {
    FITFieldSpec(number: n, baseType: 0x84, size: 2)
  }
  static func sint8(_ n: UInt8) -> FITFieldSpec { FITFieldSpec(number: n, baseType: 0x01, size: 1) }
  static func sint32(_ n: UInt8) -> FITFieldSpec {
    FITFieldSpec(number: n, baseType: 0x85, size: 4)
  }
  static func uint32(_ n: UInt8) -> FITFieldSpec {
    FITFieldSpec(number: n, baseType: 0x86, size: 4)
  }
  static func uint32z(_ n: UInt8) -> FITFieldSpec {
    FITFieldSpec(number: n, baseType: 0x8C, size: 4)
  }
  static func string(_ n: UInt8, _ size: UInt8) -> FITFieldSpec {
    FITFieldSpec(number: n, baseType: 0x07, size: size)
  }
  /// An array of `count` uint16 values.
  static func uint16s(_ n: UInt8, _ count: UInt8) -> FITFieldSpec {
    FITFieldSpec(number: n, baseType: 0x84, size: 2 * count)
  }

  /// The invalid sentinel of the field's base type, in its bytes.
  var invalid: UInt64 {
    switch baseType & 0x1F {
    case 0, 2, 13: 0xFF
    case 1: 0x7F
    case 3: 0x7FFF
    case 4: 0xFFFF
    case 5: 0x7FFF_FFFF
    case 6, 8: 0xFFFF_FFFF
    default: 0
    }
  }
}

/// A value to write: an integer (its low bytes are written), the field's invalid sentinel,
/// a string (NUL-padded) or an array of integers.
enum FITValue: Sendable {
  case int(Int64)
  case invalid
  case text(String)
  case ints([Int64])
}

/// Writes one FIT file (Garmin FIT protocol): definition messages, data messages with
/// normal or compressed-timestamp record headers, developer fields, little- or big-endian
/// layouts, a 12- or 14-byte header and the file CRC. The generator's counterpart of
/// `FITDecoder`, written from the same protocol description.
final class FITWriter {
  private struct Layout {
    var fields: [FITFieldSpec]
    var bigEndian: Bool
    var developerBytes: Int
  }

  private var data: [UInt8] = []
  private var layouts: [Layout?] = Array(repeating: nil, count: 16)

  /// Bytes of data records so far.
  var dataSize: Int { data.count }

  /// Declares local type `local` as global message `global` with `fields` (and developer
  /// fields of `developer` bytes each, from developer data index 0, when given).
  func define(
    local: UInt8, global: UInt16, fields: [FITFieldSpec], bigEndian: Bool = false,
    developer: [(number: UInt8, size: UInt8)] = []
  ) {
    data.append(0x40 | (developer.isEmpty ? 0 : 0x20) | local)
    data.append(0)
    data.append(bigEndian ? 1 : 0)
    data +=
      bigEndian
      ? [UInt8(global >> 8), UInt8(global & 0xFF)]
      : [
        UInt8(global & 0xFF), UInt8(global >> 8),
      ]
    data.append(UInt8(fields.count))
    for f in fields { data += [f.number, f.size, f.baseType] }
    if !developer.isEmpty {
      data.append(UInt8(developer.count))
      for d in developer { data += [d.number, d.size, 0] }
    }
    layouts[Int(local)] = Layout(
      fields: fields, bigEndian: bigEndian,
      developerBytes: developer.reduce(0) { $0 + Int($1.size) })
  }

  /// A data message of local type `local`; with `compressedSeconds` its header is a
  /// compressed-timestamp header (local types 0-3, the low five bits of the time).
  func message(
    local: UInt8, _ values: [FITValue], developer: [UInt8] = [], compressedSeconds: UInt8? = nil
  ) {
    guard let layout = layouts[Int(local)] else { preconditionFailure("undefined local type") }
    precondition(values.count == layout.fields.count && developer.count == layout.developerBytes)
    if let s = compressedSeconds {
      precondition(local < 4)
      data.append(0x80 | local << 5 | (s & 0x1F))
    } else {
      data.append(local)
    }
    for (f, v) in zip(layout.fields, values) { append(v, f, bigEndian: layout.bigEndian) }
    data += developer
  }

  private func append(_ value: FITValue, _ f: FITFieldSpec, bigEndian: Bool) {
    let width = Int(f.baseType & 0x1F) == 7 || f.baseType == 0x0D ? 1 : max(1, widthOf(f))
    switch value {
    case .text(let s):
      var bytes = Array(s.utf8.prefix(Int(f.size) - 1))
      bytes += [UInt8](repeating: 0, count: Int(f.size) - bytes.count)
      data += bytes
    case .int(let v):
      appendInt(UInt64(bitPattern: v), width: width, bigEndian: bigEndian)
      for _ in 1..<max(1, Int(f.size) / width) {
        appendInt(f.invalid, width: width, bigEndian: bigEndian)
      }
    case .invalid:
      for _ in 0..<max(1, Int(f.size) / width) {
        appendInt(f.invalid, width: width, bigEndian: bigEndian)
      }
    case .ints(let list):
      for k in 0..<Int(f.size) / width {
        appendInt(
          k < list.count ? UInt64(bitPattern: list[k]) : f.invalid, width: width,
          bigEndian: bigEndian)
      }
    }
  }

  private func widthOf(_ f: FITFieldSpec) -> Int {
    switch f.baseType & 0x1F {
    case 3, 4, 11: 2
    case 5, 6, 8, 12: 4
    case 9, 14, 15, 16: 8
    default: 1
    }
  }

  private func appendInt(_ v: UInt64, width: Int, bigEndian: Bool) {
    for k in 0..<width {
      let shift = bigEndian ? 8 * (width - 1 - k) : 8 * k
      data.append(UInt8(truncatingIfNeeded: v >> UInt64(shift)))
    }
  }

  /// The whole file: a `headerSize`-byte header (12, or 14 with its CRC), the data
  /// records and the file CRC.
  func file(headerSize: Int = 14, protocolVersion: UInt8 = 0x20, profile: UInt16 = 2132)
    -> [UInt8]
  {
    var header: [UInt8] = [UInt8(headerSize), protocolVersion]
    header += [UInt8(profile & 0xFF), UInt8(profile >> 8)]
    let size = UInt32(data.count)
    header += (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * UInt32($0))) }
    header += Array(".FIT".utf8)
    if headerSize == 14 {
      let crc = FITChecksum.crc(header)
      header += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }
    var out = header + data
    let crc = FITChecksum.crc(out)
    out += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    return out
  }
}

/// The FIT CRC-16 (polynomial 0xA001, reflected, start 0), computed with the protocol's
/// own 16-entry nibble table, independently of the reader's byte table.
enum FITChecksum {
  private static let table: [UInt16] = [
    0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401, 0xA001, 0x6C00, 0x7800,
    0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
  ]

  static func crc(_ bytes: [UInt8]) -> UInt16 {
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
}
