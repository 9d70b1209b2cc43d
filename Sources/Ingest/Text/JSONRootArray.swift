import HealthCore

/// The documents the vendor exports write (Garmin Connect, Fitbit): a root array of
/// objects, one per day, night or reading.
enum JSONRootArray {
  /// Calls `body` with each element's 0-based index after its first token was read (an
  /// object's `{`, which `body` must read through its `}`). Elements that are not objects
  /// are skipped (their syntax checked) and passed to `notObject`, so the caller can reject
  /// them. A root that is not an array ends the read with exit 65 and `hint`.
  static func forEachObject(
    _ t: JSONTokenizer, hint: String, _ body: (Int) throws -> Void,
    notObject: (Int, JSONToken) throws -> Void
  ) throws {
    let root = try t.next()
    guard root == .beginArray else {
      throw t.structureError("the JSON document is \(root.noun), not an array", hint: hint)
    }
    var index = -1
    while true {
      let token = try t.next()
      if token == .endArray { break }
      index += 1
      if token == .beginObject {
        try body(index)
      } else {
        if token == .beginArray { _ = try t.skipRestOfContainer() }
        try notObject(index, token)
      }
    }
    _ = try t.next()  // only blanks may follow (the tokenizer rejects anything else)
  }

  /// The first 16 KiB of `source` (fewer when shorter), read in as many pieces as it hands
  /// out; the source is then back at its start.
  static func prefix(of source: SeekableByteSource, count: Int = 16 << 10) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let n = try bytes.withUnsafeMutableBytes {
        try source.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]))
      }
      if n == 0 { break }
      filled += n
    }
    source.seek(to: 0)
    return Array(bytes.prefix(filled))
  }

  /// Whether the first bytes are a JSON array (after a byte order mark and blanks) whose
  /// first kilobytes hold every one of `keys` as a member name (`"key"` followed by `:`).
  static func matches(prefix: [UInt8], keys: [String]) -> Bool {
    let body = TextSniffing.droppingByteOrderMark(prefix)
    guard let first = body.first(where: { $0 > 0x20 }), first == 0x5B else { return false }
    let text = String(decoding: body.prefix(16 << 10), as: UTF8.self)
    return keys.allSatisfy { text.contains("\"\($0)\"") }
  }
}
