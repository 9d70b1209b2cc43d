#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One block's distinct texts of a string column held as UTF-8 bytes in one buffer and
/// found by a fast hash of their bytes: the dictionary of a column whose rows are handed
/// over as bytes (`RowWriter.string(utf8:)`), such as the clean stage's reject reasons,
/// nearly all of them distinct (each names the record that displaced its row). A new text
/// costs a copy of its bytes into the buffer, no `String`, no allocation of its own and no
/// `Hasher`; the block's bytes are those of the `String` dictionary (texts in order of
/// first use, docs/performance.md, "Clean's rejects as bytes").
///
/// The hash is seeded once per process, so no input can choose texts that collide on every
/// run; a full 64-bit hash is kept per text, so texts are compared byte for byte only when
/// their hashes agree.
struct ByteTextDictionary {
  /// The texts' bytes, one after the other.
  private(set) var bytes: [UInt8] = []
  /// Where each text ends in `bytes` (it starts where the one before ends).
  private(set) var ends: [Int] = []
  private var hashes: [UInt64] = []
  /// Open addressing, linear probing: text index + 1, 0 where empty; a power of two long.
  private var slots: [UInt32] = []

  /// Seeds the hash (fixed for the process; the texts' order never depends on it).
  private static let seed = UInt64.random(in: 1...UInt64.max)

  /// How many texts.
  var count: Int { ends.count }

  /// The index of `text`, added at the end if new (`isNew`).
  mutating func index(of text: UnsafeBufferPointer<UInt8>) -> (index: UInt32, isNew: Bool) {
    if (count + 1) * 2 > slots.count { grow() }
    let hash = Self.hash(text)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { break }
      let i = Int(entry - 1)
      if hashes[i] == hash && equals(i, text) { return (UInt32(i), false) }
      slot = (slot + 1) & mask
    }
    let index = UInt32(count)
    slots[slot] = index + 1
    bytes.append(contentsOf: text)
    ends.append(bytes.count)
    hashes.append(hash)
    return (index, true)
  }

  /// The bytes of text `i`.
  func withText<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let start = i == 0 ? 0 : ends[i - 1]
    return bytes.withUnsafeBufferPointer {
      body(UnsafeBufferPointer(rebasing: $0[start..<ends[i]]))
    }
  }

  /// Empties the dictionary, keeping its memory.
  mutating func removeAll() {
    guard !ends.isEmpty else { return }
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    hashes.removeAll(keepingCapacity: true)
    for k in slots.indices { slots[k] = 0 }
  }

  private func equals(_ i: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    withText(i) { stored in
      stored.count == text.count
        && (stored.count == 0 || memcmp(stored.baseAddress!, text.baseAddress!, text.count) == 0)
    }
  }

  private mutating func grow() {
    let size = max(64, slots.count * 2)
    slots = Array(repeating: 0, count: size)
    let mask = size - 1
    for (i, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = UInt32(i + 1)
    }
  }

  /// A 64-bit hash of the bytes, eight at a time (multiply and fold, then a final mix).
  static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let k: UInt64 = 0x9E37_79B9_7F4A_7C15
    var h = seed ^ (UInt64(text.count) &* k)
    guard let base = text.baseAddress else { return mix(h) }
    let raw = UnsafeRawPointer(base)
    var offset = 0
    while offset + 8 <= text.count {
      let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      h = (h ^ word) &* k
      h ^= h >> 29
      offset += 8
    }
    if offset < text.count {
      var word: UInt64 = 0
      var shift: UInt64 = 0
      while offset < text.count {
        word |= UInt64(base[offset]) << shift
        shift += 8
        offset += 1
      }
      h = (h ^ word) &* k
      h ^= h >> 29
    }
    return mix(h)
  }

  private static func mix(_ value: UInt64) -> UInt64 {
    var h = value
    h ^= h >> 33
    h = h &* 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 33
    return h
  }
}
