#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A cache from raw bytes to a value made from them once (a `String`, a device
/// description, a type mapping), so repeated attribute values (source names, devices,
/// units, types) cost a hash and a compare instead of an allocation.
///
/// Bounded: when it holds more than `limit` entries or key bytes it starts over, so memory
/// stays flat even on an input where every value is different.
struct ByteInterner<Value> {
  private var slots: [Int32]
  private var hashes: [UInt64] = []
  private var offsets: [Int] = []
  private var lengths: [Int] = []
  private var values: [Value] = []
  private var arena: [UInt8] = []
  private let limit: Int
  private let arenaLimit: Int

  /// An empty cache of at most `limit` entries and `arenaLimit` key bytes.
  init(limit: Int = 1 << 14, arenaLimit: Int = 4 << 20) {
    self.limit = limit
    self.arenaLimit = arenaLimit
    slots = [Int32](repeating: -1, count: 64)
  }

  /// Number of entries.
  var count: Int { values.count }

  @inline(__always)
  static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(key.count)
    var i = 0
    let n = key.count
    guard let base = key.baseAddress else { return h }
    while i + 8 <= n {
      let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      h = (h ^ w) &* 0x0000_0100_0000_01B3
      h ^= h >> 29
      i += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while i < n {
      tail |= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) << shift
      shift += 8
      i += 1
    }
    h = (h ^ tail) &* 0x0000_0100_0000_01B3
    h ^= h >> 32
    return h
  }

  /// The value for `key`, making it with `make` on a miss.
  @inline(__always)
  mutating func value(for key: UnsafeRawBufferPointer, make: () -> Value) -> Value {
    let h = Self.hash(key)
    let mask = slots.count - 1
    var s = Int(truncatingIfNeeded: h) & mask
    while true {
      let e = Int(slots[s])
      if e < 0 { break }
      if hashes[e] == h && lengths[e] == key.count && equal(e, key) { return values[e] }
      s = (s + 1) & mask
    }
    let made = make()
    insert(key, hash: h, value: made)
    return made
  }

  private func equal(_ e: Int, _ key: UnsafeRawBufferPointer) -> Bool {
    guard key.count > 0 else { return true }
    return arena.withUnsafeBytes { a in
      memcmp(a.baseAddress! + offsets[e], key.baseAddress!, key.count) == 0
    }
  }

  private mutating func insert(_ key: UnsafeRawBufferPointer, hash h: UInt64, value: Value) {
    if values.count >= limit || arena.count + key.count > arenaLimit { reset() }
    if (values.count + 1) * 2 > slots.count { grow() }
    let e = values.count
    hashes.append(h)
    offsets.append(arena.count)
    lengths.append(key.count)
    values.append(value)
    arena.append(contentsOf: key)
    place(e, hash: h)
  }

  private mutating func place(_ e: Int, hash h: UInt64) {
    let mask = slots.count - 1
    var s = Int(truncatingIfNeeded: h) & mask
    while slots[s] >= 0 { s = (s + 1) & mask }
    slots[s] = Int32(e)
  }

  private mutating func grow() {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    for e in 0..<values.count { place(e, hash: hashes[e]) }
  }

  private mutating func reset() {
    slots = [Int32](repeating: -1, count: 64)
    hashes.removeAll(keepingCapacity: true)
    offsets.removeAll(keepingCapacity: true)
    lengths.removeAll(keepingCapacity: true)
    values.removeAll(keepingCapacity: true)
    arena.removeAll(keepingCapacity: true)
  }
}
