/// Byte-level versions of the few text operations a device description needs, for texts
/// that are all ASCII. Every ASCII character is one byte and one `Character` (but for
/// CR LF, which none of the separators or needles used here can split or match), so these
/// give the answers Foundation's `components(separatedBy:)` and `contains(_:)` give, at a
/// small fraction of their cost (they took ~280,000 instructions per device description,
/// and every piece of a parallel read describes its devices anew).
enum ASCIIText {
  /// The UTF-8 bytes of `text` when they are all ASCII; nil otherwise.
  static func bytes(of text: String) -> [UInt8]? {
    let bytes = Array(text.utf8)
    for byte in bytes where byte >= 0x80 { return nil }
    return bytes
  }

  /// The value after `prefix` (e.g. `model:`) of the first `, `-separated field of `bytes`
  /// starting with it; nil when no field does.
  static func field(_ prefix: [UInt8], in bytes: [UInt8]) -> String? {
    let n = bytes.count
    var start = 0
    while true {
      var end = start
      while end < n && !(end + 1 < n && bytes[end] == 0x2C && bytes[end + 1] == 0x20) {
        end += 1
      }
      let part = bytes[start..<end]
      if part.starts(with: prefix) {
        return String(decoding: part.dropFirst(prefix.count), as: UTF8.self)
      }
      if end >= n { return nil }
      start = end + 2
    }
  }

  /// The offset of the first occurrence of `needle` in `bytes`; nil when there is none.
  /// An empty needle is found at the start.
  static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
    guard needle.count <= bytes.count else { return nil }
    var i = bytes.startIndex
    while i + needle.count <= bytes.endIndex {
      if bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }
}
