/// Finds a key that appears twice in one object of a JSON text: Foundation's decoder keeps
/// one of the two silently, and a table header with `"version"` or `"kind"` twice could be
/// read either way (docs/reliability.md, "Duplicates and mixed shapes"). Only called on text
/// the decoder accepted, so the scan can assume valid JSON.
enum JSONRepeatedKey {
  /// The first repeated key (decoded) and the byte offset of its second occurrence.
  static func first(in bytes: [UInt8]) -> (key: String, offset: Int)? {
    var objects: [Set<[UInt8]>] = []
    var inObject: [Bool] = []
    var expectKey = false
    var i = 0
    while i < bytes.count {
      let c = bytes[i]
      switch c {
      case 0x7B:  // {
        objects.append([])
        inObject.append(true)
        expectKey = true
      case 0x5B:  // [
        inObject.append(false)
        expectKey = false
      case 0x7D, 0x5D:  // } ]
        if inObject.popLast() == true { objects.removeLast() }
        expectKey = false
      case 0x2C:  // ,
        expectKey = inObject.last == true
      case 0x22:  // "
        let start = i
        let (text, end) = string(bytes, from: i)
        if expectKey, !objects.isEmpty {
          if !objects[objects.count - 1].insert(text).inserted {
            return (String(decoding: text, as: UTF8.self), start)
          }
          expectKey = false
        }
        i = end
        continue
      default: break
      }
      i += 1
    }
    return nil
  }

  /// The decoded bytes of the string starting at the quote `bytes[start]`, and the index
  /// after its closing quote.
  private static func string(_ bytes: [UInt8], from start: Int) -> ([UInt8], Int) {
    var out: [UInt8] = []
    var i = start + 1
    while i < bytes.count, bytes[i] != 0x22 {
      guard bytes[i] == 0x5C, i + 1 < bytes.count else {
        out.append(bytes[i])
        i += 1
        continue
      }
      let e = bytes[i + 1]
      i += 2
      switch e {
      case 0x62: out.append(0x08)
      case 0x66: out.append(0x0C)
      case 0x6E: out.append(0x0A)
      case 0x72: out.append(0x0D)
      case 0x74: out.append(0x09)
      case 0x75:
        var scalar = hex4(bytes, i)
        i += 4
        if (0xD800..<0xDC00).contains(scalar), i + 6 <= bytes.count, bytes[i] == 0x5C,
          bytes[i + 1] == 0x75
        {
          let low = hex4(bytes, i + 2)
          if (0xDC00..<0xE000).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            i += 6
          }
        }
        out += Array(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
      default: out.append(e)
      }
    }
    return (out, i + 1)
  }

  private static func hex4(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    var v: UInt32 = 0
    for k in 0..<4 where at + k < bytes.count {
      let c = bytes[at + k]
      let d: UInt32 =
        c >= 0x61 ? UInt32(c) - 0x61 + 10 : c >= 0x41 ? UInt32(c) - 0x41 + 10 : UInt32(c) &- 0x30
      v = v << 4 | (d & 0xF)
    }
    return v
  }
}
