/// The values of one column of the block being written, in memory its `ColumnBuilder`
/// owns: an append is a capacity check and a store, without the copy-on-write uniqueness
/// check an `Array` makes on every append (2.9 % of the Oura reader's instructions,
/// docs/performance.md, "Vendor files (row 11)").
///
/// Not copyable: one builder owns it, grows it, and frees it when the builder goes.
struct ColumnValues<Element: BitwiseCopyable>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  /// One past the last value, and one past the memory: an append is a compare and a store
  /// through `end` (no index to scale, no overflow check on a count).
  private var end: UnsafeMutablePointer<Element>
  private var limit: UnsafeMutablePointer<Element>

  init() {
    base = .allocate(capacity: 64)
    end = base
    limit = base + 64
  }

  deinit { base.deallocate() }

  /// Number of values.
  var count: Int { end - base }

  /// Adds `value` at the end.
  @inline(__always)
  mutating func append(_ value: Element) {
    if _slowPath(end == limit) { grow() }
    end.initialize(to: value)
    end += 1
  }

  @inline(never)
  private mutating func grow() {
    let count = self.count
    let capacity = limit - base
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = larger
    end = larger + count
    limit = larger + capacity * 2
  }

  /// Forgets the values, keeping the memory.
  mutating func removeAll() { end = base }

  /// The values, valid until the next `append` or `removeAll`.
  var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  /// Value `i` (`0 ..< count`).
  subscript(i: Int) -> Element { base[i] }
}
