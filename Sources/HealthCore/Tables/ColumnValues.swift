/// The values of one column of the block being written, in memory its `ColumnBuilder`
/// owns: an append is a capacity check and a store, without the copy-on-write uniqueness
/// check an `Array` makes on every append (2.9 % of the Oura reader's instructions,
/// docs/performance.md, "Vendor files (row 11)").
///
/// Not copyable: one builder owns it, grows it, and frees it when the builder goes.
struct ColumnValues<Element: BitwiseCopyable>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  /// Number of values.
  private(set) var count = 0

  init() {
    capacity = 64
    base = .allocate(capacity: capacity)
  }

  deinit { base.deallocate() }

  /// Adds `value` at the end.
  @inline(__always)
  mutating func append(_ value: Element) {
    if _slowPath(count == capacity) { grow() }
    (base + count).initialize(to: value)
    count += 1
  }

  @inline(never)
  private mutating func grow() {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = larger
    capacity *= 2
  }

  /// Forgets the values, keeping the memory.
  mutating func removeAll() { count = 0 }

  /// The values, valid until the next `append` or `removeAll`.
  var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  /// Value `i` (`0 ..< count`).
  subscript(i: Int) -> Element { base[i] }
}
