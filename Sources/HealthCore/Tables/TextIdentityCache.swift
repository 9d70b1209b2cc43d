/// A small table from texts to numbers that finds a text by its `String` representation
/// alone (its 16 bytes: the same storage, or the same small string held inline), with no
/// hashing or comparing of its bytes: readers hand the same few strings (metric names,
/// units, sources, devices, interned or literal) sample after sample, and a vendor's rows
/// cycle through a dozen of them, more than the two `RecentTexts` remember
/// (docs/performance.md, "Vendor files (row 11)").
///
/// Four-way: each representation has a set of four slots, the most recently remembered
/// first, and a new text pushes out the oldest of its set. (Two ways of 32 sets were too
/// few: the representation of a long literal is an address in the binary, so which texts
/// share a set changes from build to build, and one build had three of a WHOOP row's texts
/// in one pair, checked again on every row.)
///
/// A miss says nothing (the caller looks the text up the slow way and `remember`s it); a
/// hit is exact, because identical representations are identical bytes
/// and the cache holds every text it remembers, so no freed storage can come back at the
/// same address under other bytes.
public final class TextIdentityCache {
  /// Slots (64 sets of 4).
  @usableFromInline static let slots = 256
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
  /// Equal words are the same text while the storage they point to lives (a caller that
  /// keys on them keeps the `String` too).
  @inlinable @inline(__always)
  public static func words(_ text: String) -> (UInt64, UInt64)? {
    guard MemoryLayout<String>.size == 16 else { return nil }
    return withUnsafeBytes(of: text) {
      ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }
  }

  /// The first slot of the representation's set.
  @inlinable @inline(__always)
  static func set(_ words: (UInt64, UInt64)) -> Int {
    let mixed = (words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xFF51_AFD7_ED55_8CCD
    return Int(truncatingIfNeeded: mixed >> 58) &* 4  // 64 sets
  }

  /// The slot holding `words` in the set starting at `s`, if any.
  @inlinable @inline(__always)
  func slot(of words: (UInt64, UInt64), inSet s: Int) -> Int? {
    for k in s..<(s + 4) where low[k] == words.0 && high[k] == words.1 && values[k] != .max {
      return k
    }
    return nil
  }

  /// The number remembered for `text`, if its representation is in the cache.
  @inlinable @inline(__always)
  public func value(of text: String) -> UInt32? {
    guard let w = Self.words(text) else { return nil }
    let s = Self.set(w)
    if low[s] == w.0 && high[s] == w.1 && values[s] != .max { return values[s] }
    return slot(of: w, inSet: s).map { values[$0] }
  }

  /// Whether `text` is in the cache.
  @inlinable @inline(__always)
  public func contains(_ text: String) -> Bool { value(of: text) != nil }

  /// Remembers `value` (not `UInt32.max`) for `text`, first of its set.
  public func remember(_ text: String, _ value: UInt32 = 0) {
    guard let w = Self.words(text), value != .max else { return }
    let s = Self.set(w)
    // The text's own slot if it has one, else the oldest; the slots before it move down.
    var k = slot(of: w, inSet: s) ?? s + 3
    while k > s {
      holders.swapAt(k, k - 1)
      low[k] = low[k - 1]
      high[k] = high[k - 1]
      values[k] = values[k - 1]
      k -= 1
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
