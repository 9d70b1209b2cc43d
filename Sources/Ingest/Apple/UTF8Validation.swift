/// UTF-8 validation of one sequence, as XML requires (RFC 3629: no overlong forms, no
/// surrogates, nothing above U+10FFFF).
enum UTF8Validation {
  /// The outcome for the sequence starting at a byte above 0x7F.
  enum Outcome: Equatable {
    /// A valid sequence of this many bytes; `illegalInXML` for U+FFFE and U+FFFF.
    case valid(length: Int, illegalInXML: Bool)
    /// Not UTF-8.
    case invalid
    /// More bytes are needed to decide.
    case needMore
  }

  /// Checks the sequence at `p` in `bytes[..<end]`; `bytes[p]` must be ≥ 0x80.
  @inline(__always)
  static func check(_ bytes: UnsafeRawPointer, at p: Int, end: Int) -> Outcome {
    let b0 = bytes.load(fromByteOffset: p, as: UInt8.self)
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch b0 {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xED:
      length = 3
      high = 0x9F
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return .invalid
    }
    let available = min(length, end - p)
    var k = 1
    while k < available {
      let b = bytes.load(fromByteOffset: p + k, as: UInt8.self)
      if k == 1 {
        if b < low || b > high { return .invalid }
      } else if b < 0x80 || b > 0xBF {
        return .invalid
      }
      k += 1
    }
    if available < length { return .needMore }
    var illegal = false
    if b0 == 0xEF, bytes.load(fromByteOffset: p + 1, as: UInt8.self) == 0xBF {
      let b2 = bytes.load(fromByteOffset: p + 2, as: UInt8.self)
      illegal = b2 == 0xBE || b2 == 0xBF
    }
    return .valid(length: length, illegalInXML: illegal)
  }
}
