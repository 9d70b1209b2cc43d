import HealthCore

/// Ids and counts of names met as bytes (JSON member names): a name is found by a hash of
/// its bytes, with no `String` made or hashed per occurrence; its `String` is made once,
/// the first time. The vendor readers look up the dozens of member names of each element
/// here, count the members they do not read, and hand the counts to the manifest once per
/// file (making and hashing a name per member cost more than reading the element).
final class ByteNameTable {
  private let bytes = ByteArena(capacity: 1024)
  @exclusivity(unchecked) private var starts: [Int] = []
  @exclusivity(unchecked) private var lengths: [Int] = []
  /// The names by id.
  @exclusivity(unchecked) private(set) var names: [String] = []
  /// The counts by id.
  @exclusivity(unchecked) private(set) var counts: [Int64] = []
  /// Open addressing: an id, or -1 for an empty slot.
  @exclusivity(unchecked) private var slots = [Int32](repeating: -1, count: 64)

  /// A table whose first ids (0, 1, ...) are `names`, in order.
  init(names: [String] = []) {
    for name in names {
      var name = name
      _ = name.withUTF8 { id(of: UnsafeRawBufferPointer($0)) }
    }
  }

  /// The id of the name `text` (UTF-8), added the first time.
  func id(of text: UnsafeRawBufferPointer) -> Int {
    let mask = slots.count - 1
    var i = Int(truncatingIfNeeded: Self.hash(text)) & mask
    while true {
      let s = Int(slots[i])
      if s < 0 { return insert(text, slot: i) }
      if lengths[s] == text.count
        && (text.count == 0 || bytesEqual(bytes.base + starts[s], text.baseAddress!, text.count))
      {
        return s
      }
      i = (i + 1) & mask
    }
  }

  /// Adds `n` to the count of `id`.
  @inline(__always)
  func count(_ id: Int, _ n: Int64 = 1) { counts[id] += n }

  /// Calls `body` with each name counted since the last call, and its count; then zeroes
  /// the counts.
  func drainCounts(_ body: (String, Int64) -> Void) {
    for id in counts.indices where counts[id] != 0 {
      body(names[id], counts[id])
      counts[id] = 0
    }
  }

  private func insert(_ text: UnsafeRawBufferPointer, slot: Int) -> Int {
    let id = names.count
    starts.append(bytes.count)
    lengths.append(text.count)
    bytes.append(text)
    names.append(String(decoding: text, as: UTF8.self))
    counts.append(0)
    slots[slot] = Int32(id)
    if 2 * names.count > slots.count { rehash() }
    return id
  }

  private func rehash() {
    slots = [Int32](repeating: -1, count: 2 * slots.count)
    let mask = slots.count - 1
    for id in names.indices {
      var i =
        Int(truncatingIfNeeded: Self.hash(bytes.bytes(starts[id], lengths[id]))) & mask
      while slots[i] >= 0 { i = (i + 1) & mask }
      slots[i] = Int32(id)
    }
  }

  /// FNV-1a over the bytes.
  private static func hash(_ text: UnsafeRawBufferPointer) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in text {
      h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3
    }
    return h
  }
}
