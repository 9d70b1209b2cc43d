/// Turns repeated byte strings (source names, activity types) into shared `String`s without
/// allocating a new one per record: the last few distinct values are remembered.
public struct TextInterner {
  private var keys: [[UInt8]] = []
  private var values: [String] = []
  private var next = 0
  private let slots: Int

  /// An interner remembering `slots` distinct values.
  public init(slots: Int = 16) {
    self.slots = max(1, slots)
  }

  /// The `String` for `bytes` (UTF-8; invalid sequences repaired with U+FFFD).
  public mutating func string(_ bytes: UnsafeRawBufferPointer) -> String {
    for i in keys.indices where keys[i].count == bytes.count {
      let same = keys[i].withUnsafeBytes { k in
        bytes.count == 0
          || memcmpBytes(
            k.baseAddress!.assumingMemoryBound(to: UInt8.self),
            bytes.baseAddress!, bytes.count)
      }
      if same { return values[i] }
    }
    let value = String(decoding: bytes, as: UTF8.self)
    if keys.count < slots {
      keys.append(Array(bytes))
      values.append(value)
    } else {
      keys[next] = Array(bytes)
      values[next] = value
      next = (next + 1) % slots
    }
    return value
  }
}
