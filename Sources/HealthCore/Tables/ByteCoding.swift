/// Little-endian and varint helpers for the table body.
enum ByteCoding {
  @inline(__always)
  static func appendUInt32(_ value: UInt32, to out: inout [UInt8]) {
    out.append(UInt8(truncatingIfNeeded: value))
    out.append(UInt8(truncatingIfNeeded: value >> 8))
    out.append(UInt8(truncatingIfNeeded: value >> 16))
    out.append(UInt8(truncatingIfNeeded: value >> 24))
  }

  @inline(__always)
  static func appendUInt64(_ value: UInt64, to out: inout [UInt8]) {
    for shift in stride(from: 0, to: 64, by: 8) {
      out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
  }

  @inline(__always)
  static func zigzag(_ value: Int64) -> UInt64 {
    UInt64(bitPattern: (value << 1) ^ (value >> 63))
  }

  @inline(__always)
  static func unzigzag(_ value: UInt64) -> Int64 {
    Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
  }

  @inline(__always)
  static func readUInt32(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
    UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
      | UInt32(bytes[at + 3]) << 24
  }

  @inline(__always)
  static func readUInt64(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt64 {
    var v: UInt64 = 0
    for i in 0..<8 { v |= UInt64(bytes[at + i]) << UInt64(8 * i) }
    return v
  }
}

/// A bounds-checked cursor over a block payload; every overrun is a corrupt file.
struct ByteCursor {
  let bytes: UnsafeRawBufferPointer
  var position: Int
  let end: Int

  init(_ bytes: UnsafeRawBufferPointer, from: Int, to: Int) {
    self.bytes = bytes
    position = from
    end = to
  }

  var remaining: Int { end - position }

  mutating func varint() -> UInt64? {
    // One byte: most deltas, indices and lengths.
    if position < end, bytes[position] < 0x80 {
      defer { position += 1 }
      return UInt64(bytes[position])
    }
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while position < end {
      let b = bytes[position]
      position += 1
      result |= UInt64(b & 0x7F) << shift
      if b < 0x80 { return result }
      shift += 7
      if shift > 63 { return nil }
    }
    return nil
  }

  mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
    guard count >= 0, count <= remaining else { return nil }
    defer { position += count }
    return UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)])
  }
}
