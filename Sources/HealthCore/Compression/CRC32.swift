import CZlib

/// CRC-32 (IEEE 802.3, as in zip, PNG and gzip) through zlib.
public struct CRC32: Sendable, Hashable {
  /// The running checksum.
  public private(set) var value: UInt32 = 0

  /// A fresh checksum (of zero bytes).
  public init() {}

  /// Adds bytes to the checksum.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    var crc = uLong(value)
    var pointer = base.assumingMemoryBound(to: Bytef.self)
    var remaining = bytes.count
    while remaining > 0 {
      let chunk = min(remaining, Int(UInt32.max))
      crc = crc32(crc, pointer, uInt(chunk))
      pointer += chunk
      remaining -= chunk
    }
    value = UInt32(truncatingIfNeeded: crc)
  }

  /// Adds bytes to the checksum.
  public mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// The CRC-32 of a byte array.
  public static func checksum(_ bytes: [UInt8]) -> UInt32 {
    var c = CRC32()
    c.update(bytes)
    return c.value
  }

  /// The CRC-32 of raw bytes.
  public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    var c = CRC32()
    c.update(bytes)
    return c.value
  }

  /// Lower-case 8-digit hex form.
  public var hex: String {
    let s = String(value, radix: 16)
    return String(repeating: "0", count: 8 - s.count) + s
  }
}
