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
  /// room reserved once for the worst case (10 bytes each).
  @inline(__always)
  func appendVarints(count n: Int, _ value: (Int) -> UInt64) {
    guard n > 0 else { return }
    reserve(n * 10)
    var p = used
    for k in 0..<n { p = Self.storeVarint(value(k), at: storage, p) }
    used = p
  }

  /// Appends each value as one byte: the bytes of `appendVarints` when every value is below
  /// 0x80 (checked), in a loop the compiler can widen.
  func appendBytes(narrowing values: UnsafeBufferPointer<UInt32>) {
    guard !values.isEmpty else { return }
    reserve(values.count)
    let out = storage + used
    var high: UInt32 = 0
    for k in 0..<values.count {
      let v = values[k]
      high |= v
      out[k] = UInt8(truncatingIfNeeded: v)
    }
    precondition(high < 0x80, "a value of 0x80 or more is not a one-byte varint")
    used += values.count
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

  /// Appends the bits, eight to a byte, the first in the lowest bit, the last byte padded
  /// with zeros. Eight `Bool`s (bytes 0 or 1) are gathered into one byte by one
  /// multiplication: byte `i` of the word lands on bit `56 + i` and no two products meet.
  func appendBitmap(_ bits: UnsafeBufferPointer<Bool>) {
    let bytes = (bits.count + 7) / 8
    guard bytes > 0, let start = bits.baseAddress else { return }
    reserve(bytes)
    let raw = UnsafeRawPointer(start)
    let whole = bits.count / 8
    for b in 0..<whole {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: b * 8, as: UInt64.self))
      storage[used + b] = UInt8(truncatingIfNeeded: (word &* 0x0102_0408_1020_4080) >> 56)
    }
    if whole < bytes {
      var last: UInt8 = 0
      for i in (whole * 8)..<bits.count where bits[i] { last |= 1 << UInt8(i & 7) }
      storage[used + whole] = last
    }
    used += bytes
  }
}
