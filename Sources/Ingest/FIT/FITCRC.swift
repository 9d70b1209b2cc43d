/// The FIT protocol's CRC-16 (Garmin FIT protocol, "CRC"): the reflected polynomial 0xA001
/// with initial value 0 (CRC-16/ARC), over the file header's first 12 bytes for the header
/// CRC and over the whole header plus the data records for the file CRC. The protocol gives
/// it as a 16-entry table processed a nibble at a time; this is the same function a byte at
/// a time, through a 256-entry table built from the polynomial.
public struct FITCRC: Sendable {
  /// The running value.
  public var value: UInt16 = 0

  /// A CRC of no bytes (0).
  public init() {}

  /// Adds `bytes`.
  @inlinable
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var crc = value
    let table = FITCRC.table
    for b in bytes {
      crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ b)]
    }
    value = crc
  }

  /// Adds the bytes of an array.
  public mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// The CRC of `bytes`.
  public static func of(_ bytes: [UInt8]) -> UInt16 {
    var crc = FITCRC()
    crc.update(bytes)
    return crc.value
  }

  /// The byte-at-a-time table of polynomial 0xA001 (reflected).
  @usableFromInline
  static let table: [UInt16] = (0..<256).map { n in
    var c = UInt16(n)
    for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0xA001 : c >> 1 }
    return c
  }
}
