import CZlib

/// CRC-32 (IEEE 802.3, as in zip, PNG and gzip): the bytes through `CRC32Routine`
/// (libdeflate or zlib), combining through zlib's `crc32_combine`.
public struct CRC32: Sendable, Hashable {
  /// The running checksum.
  public private(set) var value: UInt32 = 0

  /// A fresh checksum (of zero bytes).
  public init() {}

  /// A checksum that continues from `value`, the CRC-32 of some bytes already seen.
  public init(value: UInt32) { self.value = value }

  /// Adds bytes to the checksum (`CRC32Routine`: libdeflate's routine where the system
  /// has it, zlib's otherwise; the same value either way).
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    value = CRC32Routine.update(value, bytes)
  }

  /// Adds bytes to the checksum.
  public mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// Appends `count` bytes whose own CRC-32 is `crc` without reading them: zlib's
  /// `crc32_combine`, so the result equals `update` over those bytes.
  public mutating func append(crc: UInt32, count: Int64) {
    guard count > 0 else { return }
    value = UInt32(truncatingIfNeeded: crc32_combine(uLong(value), uLong(crc), Int(count)))
  }

  /// The CRC-32 of the last `count` bytes of a run whose CRC-32 is `whole`, given the CRC-32
  /// of the run's first bytes (`prefix`): `whole` with `prefix`'s part removed. A CRC-32 is
  /// linear, `crc(A‖B) = shift(crc(A), |B|) ⊕ crc(B)`, and `crc32_combine(a, 0, n)` is that
  /// shift, so `crc(B) = crc(A‖B) ⊕ crc32_combine(crc(A), 0, |B|)`.
  public static func suffix(of whole: UInt32, prefix: UInt32, suffixCount count: Int64) -> UInt32 {
    guard count > 0 else { return 0 }
    let shifted = UInt32(truncatingIfNeeded: crc32_combine(uLong(prefix), 0, Int(count)))
    return whole ^ shifted
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
