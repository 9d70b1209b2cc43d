#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    // Not zeroed first: only the bytes read are kept.
    let bytes = try [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
      filled = 0
      while filled < count {
        let n = try source.read(
          into: UnsafeMutableRawBufferPointer(
            start: buffer.baseAddress! + filled, count: count - filled))
        if n == 0 { break }
        filled += n
      }
    }
    source.seek(to: 0)
    return bytes
  }

  /// Whether the first bytes are a JSON array (after a byte order mark and blanks) whose
  /// first kilobytes hold every one of `keys` as a member name (`"key"` followed by `:`).
  static func matches(prefix: [UInt8], keys: [String]) -> Bool {
    let body = TextSniffing.droppingByteOrderMark(prefix)
    guard let first = body.first(where: { $0 > 0x20 }), first == 0x5B else { return false }
    let text = body.prefix(16 << 10)
    return keys.allSatisfy { find("\"\($0)\"", in: text) != nil }
  }

  /// The position of the first occurrence of `needle`'s UTF-8 bytes in `bytes`: `memchr`
  /// for the needle's second byte (a key's first letter), then a comparison. A file's
  /// detection looks for a dozen names in 16 KiB; searching for the last byte, `"`, stopped
  /// at every quote of the document (2.6 M instructions per file, 4.6 % of the Fitbit JSON
  /// reader's: docs/performance.md, "The Garmin and Fitbit readers (row 12)").
  static func find(_ needle: String, in bytes: ArraySlice<UInt8>) -> Int? {
    var needle = needle
    return needle.withUTF8 { n in
      bytes.withUnsafeBytes { h -> Int? in
        guard let hb = h.baseAddress, let nb = n.baseAddress, n.count > 0, h.count >= n.count
        else { return nil }
        let anchor = n.count > 1 ? 1 : 0
        let byte = Int32(n[anchor])
        // The anchor byte's positions that leave room for the whole needle around it.
        let last = h.count - n.count + anchor
        var at = anchor
        while at <= last, let p = memchr(hb + at, byte, last - at + 1) {
          let found = hb.distance(to: UnsafeRawPointer(p))
          let start = found - anchor
          if memcmp(hb + start, nb, n.count) == 0 { return bytes.startIndex + start }
          at = found + 1
        }
        return nil
      }
    }
  }
}
