/// The table writer's block encoding into a `ByteArena` kept from block to block: every
/// column is encoded straight into it, its length patched in afterwards, so a block's bytes
/// are written once (no array per column, no copy of each column into the block, no
/// allocation of a worst-case varint array per column; docs/performance.md, "Blocks encoded
/// in place"). The bytes are those of the table format (docs/table-format.md).
extension ByteArena {
  /// The bytes held, valid until the next write or `removeAll`.
  var written: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: used) }

  /// Appends `value`, little-endian (`ByteCoding.appendUInt32`).
  func appendUInt32(_ value: UInt32) {
    reserve(4)
    UnsafeMutableRawPointer(storage + used).storeBytes(of: value.littleEndian, as: UInt32.self)
    used += 4
  }

  /// Writes `value` little-endian over the 4 bytes at `offset` (a length written after its
  /// column).
  func setUInt32(_ value: UInt32, at offset: Int) {
    precondition(offset >= 0 && offset + 4 <= used, "only bytes already written are patched")
    UnsafeMutableRawPointer(storage + offset).storeBytes(of: value.littleEndian, as: UInt32.self)
  }

  /// Appends one varint: seven bits a byte, lowest first, the high bit set on all but the
  /// last.
  func appendVarint(_ value: UInt64) {
    reserve(10)
    used = Self.storeVarint(value, at: storage, used)
  }

  /// Appends `count` varints, `value(k)` the `k`th: the bytes of `appendVarint` each, into
  /// room reserved once for the worst case (10 bytes each). `value` is called once per
  /// `k`, in order from 0 (a caller may walk its values as it is called).
  @inline(__always)
  func appendVarints(count n: Int, _ value: (Int) -> UInt64) {
    guard n > 0 else { return }
    reserve(n * 10)
    var p = used
    for k in 0..<n { p = Self.storeVarint(value(k), at: storage, p) }
    used = p
  }

  /// Appends `count` bytes, `byte(k)` the `k`th, into room reserved once.
  @inline(__always)
  func appendBytes(count n: Int, _ byte: (Int) -> UInt8) {
    guard n > 0 else { return }
    reserve(n)
    let out = storage + used
    for k in 0..<n { out[k] = byte(k) }
    used += n
  }

  /// Appends `count` 8-byte words little-endian, `word(k)` the `k`th (a float64 column's
  /// bit patterns), into room reserved once.
  @inline(__always)
  func appendWords(count n: Int, _ word: (Int) -> UInt64) {
    guard n > 0 else { return }
    reserve(n * 8)
    let out = UnsafeMutableRawPointer(storage + used)
    for k in 0..<n {
      out.storeBytes(of: word(k).littleEndian, toByteOffset: k * 8, as: UInt64.self)
    }
    used += n * 8
  }

  @inline(__always)
  private static func storeVarint(_ value: UInt64, at base: UnsafeMutablePointer<UInt8>, _ at: Int)
    -> Int
  {
    var v = value
    var p = at
    while v >= 0x80 {
      base[p] = UInt8(truncatingIfNeeded: v) | 0x80
      v >>= 7
      p += 1
    }
    base[p] = UInt8(truncatingIfNeeded: v)
    return p + 1
  }

  /// Appends `count` bits, `bit(k)` the `k`th, eight to a byte, the first in the lowest
  /// bit, the last byte padded with zeros.
  @inline(__always)
  func appendBits(count n: Int, _ bit: (Int) -> Bool) {
    let bytes = (n + 7) / 8
    guard bytes > 0 else { return }
    reserve(bytes)
    let out = storage + used
    let whole = n / 8
    for b in 0..<whole {
      let first = b &* 8
      var byte: UInt8 = 0
      for i in 0..<8 { byte |= (bit(first &+ i) ? 1 : 0) << UInt8(i) }
      out[b] = byte
    }
    if whole < bytes {
      var byte: UInt8 = 0
      for i in 0..<(n - whole * 8) where bit(whole * 8 + i) { byte |= 1 << UInt8(i) }
      out[whole] = byte
    }
    used += bytes
  }
}
