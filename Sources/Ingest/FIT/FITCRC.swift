/// The FIT protocol's CRC-16 (Garmin FIT protocol, "CRC"): the reflected polynomial 0xA001
/// with initial value 0 (CRC-16/ARC), over the file header's first 12 bytes for the header
/// CRC and over the whole header plus the data records for the file CRC. The protocol gives
/// it as a 16-entry table processed a nibble at a time; this is the same function eight
/// bytes at a time, through tables built from the polynomial.
public struct FITCRC: Sendable {
  /// The running value.
  public var value: UInt16 = 0

  /// A CRC of no bytes (0).
  public init() {}

  /// Adds `bytes`: eight at a time through `slices` (slicing-by-8: the register's two bytes
  /// and the next six each go through the table of their distance from the end), then the
  /// rest a byte at a time. The same value as the protocol's nibble loop, several times
  /// faster (the file CRC covers every byte of a FIT file).
  @inlinable
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var crc = value
    FITCRC.slices.withUnsafeBufferPointer { t in
      var i = 0
      let n = bytes.count
      while i + 8 <= n {
        let x0 = Int(UInt8(truncatingIfNeeded: crc) ^ bytes[i])
        let x1 = Int(UInt8(truncatingIfNeeded: crc >> 8) ^ bytes[i + 1])
        crc =
          t[7 << 8 | x0] ^ t[6 << 8 | x1] ^ t[5 << 8 | Int(bytes[i + 2])]
          ^ t[4 << 8 | Int(bytes[i + 3])] ^ t[3 << 8 | Int(bytes[i + 4])]
          ^ t[2 << 8 | Int(bytes[i + 5])] ^ t[1 << 8 | Int(bytes[i + 6])]
          ^ t[Int(bytes[i + 7])]
        i += 8
      }
      while i < n {
        crc = (crc >> 8) ^ t[Int(UInt8(truncatingIfNeeded: crc) ^ bytes[i])]
        i += 1
      }
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

  /// Eight tables of 256 entries: table `k` is the CRC of a byte followed by `k` zero
  /// bytes; table 0 is the byte-at-a-time table of polynomial 0xA001 (reflected).
  @usableFromInline
  static let slices: [UInt16] = {
    var t = [UInt16](repeating: 0, count: 8 * 256)
    for n in 0..<256 {
      var c = UInt16(n)
      for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0xA001 : c >> 1 }
      t[n] = c
    }
    for k in 1..<8 {
      for n in 0..<256 {
        let previous = t[(k - 1) << 8 | n]
        t[k << 8 | n] = (previous >> 8) ^ t[Int(previous & 0xFF)]
      }
    }
    return t
  }()
}
