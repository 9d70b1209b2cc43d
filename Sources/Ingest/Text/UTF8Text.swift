/// Finds invalid UTF-8 in decoded text (JSON strings, CSV records), so the text readers
/// refuse it like the XML scanner does instead of silently replacing bytes with U+FFFD.
enum UTF8Text {
  /// The offset of the first byte that does not start a valid UTF-8 sequence (RFC 3629),
  /// or nil when all `count` bytes are valid.
  static func firstInvalid(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
    var i = 0
    while i < count {
      // Eight ASCII bytes at a time.
      while i + 8 <= count,
        UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        i += 8
      }
      guard i < count else { return nil }
      if p[i] < 0x80 {
        i += 1
        continue
      }
      switch UTF8Validation.check(UnsafeRawPointer(p), at: i, end: count) {
      case .valid(let length, _): i += length
      case .invalid, .needMore: return i
      }
    }
    return nil
  }
}
