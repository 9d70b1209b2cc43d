import HealthModel

/// The file header of a FIT file (Garmin FIT protocol, "File Header"): byte 0 its size (12
/// is the legacy header, 14 adds a header CRC; larger sizes are read and their extra bytes
/// skipped), byte 1 the protocol version, bytes 2-3 the profile version (little-endian,
/// e.g. 2030 = 20.30), bytes 4-7 the size of the data records (little-endian), bytes 8-11
/// the ASCII signature `.FIT`, bytes 12-13 (14-byte header) the CRC of bytes 0-11, where 0
/// means "not computed".
public struct FITFileHeader: Sendable, Hashable {
  /// Header size in bytes.
  public var size: Int
  /// Protocol version byte (0x10 = 1.0, 0x20 = 2.0).
  public var protocolVersion: UInt8
  /// Profile version (major × 100 + minor, e.g. 2030).
  public var profileVersion: UInt16
  /// Bytes of data records after the header (the 2-byte file CRC follows them).
  public var dataSize: Int64
  /// The header CRC as stored (nil for a 12-byte header, 0 when not computed).
  public var headerCRC: UInt16?

  /// The smallest header.
  public static let minimumSize = 12

  /// Whether `bytes` start like a FIT file: a header size of at least 12 and `.FIT` at
  /// bytes 8-11. This is the whole content test for FIT (the name is never looked at).
  public static func matches(prefix bytes: some Collection<UInt8>) -> Bool {
    let b = Array(bytes.prefix(12))
    return b.count == 12 && b[0] >= 12 && b[8] == 0x2E && b[9] == 0x46 && b[10] == 0x49
      && b[11] == 0x54
  }

  /// Parses a header from its bytes (all `size` of them), checking the signature and the
  /// header CRC; `offset` (its place in the input) and `path` are for messages.
  static func parse(_ b: UnsafeRawBufferPointer, path: String, offset: Int64) throws
    -> FITFileHeader
  {
    let size = Int(b[0])
    guard b[8] == 0x2E, b[9] == 0x46, b[10] == 0x49, b[11] == 0x54 else {
      throw FITErrors.malformed(
        path, "no `.FIT` signature in the file header at byte \(offset)", at: offset)
    }
    var header = FITFileHeader(
      size: size, protocolVersion: b[1], profileVersion: UInt16(b[2]) | UInt16(b[3]) << 8,
      dataSize: Int64(b[4]) | Int64(b[5]) << 8 | Int64(b[6]) << 16 | Int64(b[7]) << 24,
      headerCRC: nil)
    if size >= 14 {
      let stored = UInt16(b[12]) | UInt16(b[13]) << 8
      header.headerCRC = stored
      var crc = FITCRC()
      crc.update(UnsafeRawBufferPointer(rebasing: b[0..<12]))
      if stored != 0 && stored != crc.value {
        throw FITErrors.malformed(
          path,
          "the file header's CRC is 0x\(hex(stored)) but its bytes give 0x\(hex(crc.value))",
          at: offset + 12)
      }
    }
    return header
  }
}

/// Four hex digits.
func hex(_ v: UInt16) -> String {
  let s = String(v, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - s.count)) + s
}

/// The errors of the FIT decoder: exit 65 with the byte offset.
enum FITErrors {
  static let hint =
    "the FIT file is damaged or incomplete; copy it from the device or export it again"

  static func malformed(_ path: String, _ message: String, at offset: Int64) -> HealthError {
    HealthError.malformed(message, at: SourceLocation(file: path, byteOffset: offset), hint: hint)
  }
}
