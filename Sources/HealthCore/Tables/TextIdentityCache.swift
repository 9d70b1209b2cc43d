/// A small table from texts to numbers that finds a text by its `String` representation
/// alone (its 16 bytes: the same storage, or the same small string held inline), with no
/// hashing or comparing of its bytes: readers hand the same few strings (metric names,
/// units, sources, devices, interned or literal) sample after sample, and a vendor's rows
/// cycle through a dozen of them, more than the two `RecentTexts` remember
/// (docs/performance.md, "Vendor files (row 11)").
///
/// Two-way: each representation has a pair of slots, the more recent first, and a new text
/// pushes out the older of the pair. A miss says nothing (the caller looks the text up the slow way and
/// `remember`s it); a hit is exact, because identical representations are identical bytes
/// and the cache holds every text it remembers, so no freed storage can come back at the
/// same address under other bytes.
public final class TextIdentityCache {
  /// Slots (a power of two; pairs of two).
  @usableFromInline static let slots = 64
  @usableFromInline let low: UnsafeMutablePointer<UInt64>
  @usableFromInline let high: UnsafeMutablePointer<UInt64>
  @usableFromInline let values: UnsafeMutablePointer<UInt32>
  /// The texts remembered, held so their storage lives as long as their slot.
  @exclusivity(unchecked) private var holders: [String]

  /// An empty cache.
  public init() {
    low = .allocate(capacity: Self.slots)
    high = .allocate(capacity: Self.slots)
    values = .allocate(capacity: Self.slots)
    holders = Array(repeating: "", count: Self.slots)
    clearSlots()
  }

  deinit {
    low.deallocate()
    high.deallocate()
    values.deallocate()
  }

  /// The two words of a string's representation; nil where a `String` is not 16 bytes.
  @inlinable @inline(__always)
  static func words(_ text: String) -> (UInt64, UInt64)? {
    guard MemoryLayout<String>.size == 16 else { return nil }
    return withUnsafeBytes(of: text) {
      ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }
  }

  /// The first slot of the representation's pair.
  @inlinable @inline(__always)
  static func pair(_ words: (UInt64, UInt64)) -> Int {
    let mixed = (words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xFF51_AFD7_ED55_8CCD
    return Int(truncatingIfNeeded: mixed >> 59) &* 2  // 32 pairs
  }

  /// The number remembered for `text`, if its representation is in the cache.
  @inlinable @inline(__always)
  public func value(of text: String) -> UInt32? {
    guard let w = Self.words(text) else { return nil }
    let s = Self.pair(w)
    if low[s] == w.0 && high[s] == w.1 && values[s] != .max { return values[s] }
    if low[s + 1] == w.0 && high[s + 1] == w.1 && values[s + 1] != .max { return values[s + 1] }
    return nil
  }

  /// Whether `text` is in the cache.
  @inlinable @inline(__always)
  public func contains(_ text: String) -> Bool { value(of: text) != nil }

  /// Remembers `value` (not `UInt32.max`) for `text`, in place of what its slot held.
  public func remember(_ text: String, _ value: UInt32 = 0) {
    guard let w = Self.words(text), value != .max else { return }
    let s = Self.pair(w)
    if !(low[s] == w.0 && high[s] == w.1) {
      holders.swapAt(s, s + 1)
      low[s + 1] = low[s]
      high[s + 1] = high[s]
      values[s + 1] = values[s]
    }
    holders[s] = text
    low[s] = w.0
    high[s] = w.1
    values[s] = value
  }

  /// Forgets everything.
  public func removeAll() {
    clearSlots()
    for s in 0..<Self.slots where !holders[s].isEmpty { holders[s] = "" }
  }

  private func clearSlots() {
    low.initialize(repeating: 0, count: Self.slots)
    high.initialize(repeating: 0, count: Self.slots)
    values.initialize(repeating: .max, count: Self.slots)
  }
}
