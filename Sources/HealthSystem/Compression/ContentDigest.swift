/// A 64-bit digest of a file's bytes that tells whether a stage's output changed, for the
/// stage cache (`FileFingerprint.digest`).
///
/// CRC-32 cannot do this for table files: every block ends with the CRC-32 of its own bytes,
/// and a CRC-32 over a message followed by its own CRC-32 is the same constant whatever the
/// message, so two tables of equal length with different values had equal whole-file
/// CRC-32s, and a rerun of ingest that changed one value let clean, aggregate and the report
/// be skipped as unchanged. This digest is not linear in the bytes (each 8-byte word is
/// multiplied, rotated and multiplied into the state, in order), so no such invariant
/// exists; a change of any byte changes it except with probability about 2^-64. It is not
/// a cryptographic hash and is not meant to resist a forger, only accident.
public struct ContentDigest: Sendable, Hashable {
  private var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  private var pending: UInt64 = 0
  private var pendingCount = 0
  /// Bytes seen so far.
  public private(set) var count: Int64 = 0

  /// A fresh digest (of zero bytes).
  public init() {}

  private static let k1: UInt64 = 0x9FB2_1C65_1E98_DF25
  private static let k2: UInt64 = 0xC2B2_AE3D_27D4_EB4F

  @inline(__always)
  private mutating func mix(_ word: UInt64) {
    let x = word &* Self.k1
    let h = state ^ ((x << 31) | (x >> 33))
    state = ((h << 27) | (h >> 37)) &* Self.k2 &+ 0x52DC_E729
  }

  /// Adds bytes.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard !bytes.isEmpty else { return }
    count += Int64(bytes.count)
    var i = 0
    // Finish a word begun by an earlier call.
    while pendingCount > 0 && pendingCount < 8 && i < bytes.count {
      pending |= UInt64(bytes[i]) << (8 * UInt64(pendingCount))
      pendingCount += 1
      i += 1
    }
    if pendingCount == 8 {
      mix(pending)
      pending = 0
      pendingCount = 0
    }
    while i + 8 <= bytes.count {
      mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
      i += 8
    }
    while i < bytes.count {
      pending |= UInt64(bytes[i]) << (8 * UInt64(pendingCount))
      pendingCount += 1
      i += 1
    }
  }

  /// Adds bytes.
  public mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// The digest of the bytes so far (the length and a partial last word folded in, then
  /// avalanched).
  public var value: UInt64 {
    var copy = self
    if copy.pendingCount > 0 { copy.mix(copy.pending ^ (0xFF << 56)) }
    var h = copy.state ^ UInt64(bitPattern: count)
    h ^= h >> 33
    h &*= 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 33
    h &*= 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 33
    return h
  }

  /// Lower-case 16-digit hex form.
  public var hex: String {
    let s = String(value, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
  }

  /// The digest of a byte array.
  public static func of(_ bytes: [UInt8]) -> ContentDigest {
    var d = ContentDigest()
    d.update(bytes)
    return d
  }
}
