/// A growable run of bytes reused from record to record (keys and strings of a flattened JSON
/// object): appends are plain copies, with none of `Array`'s uniqueness checks in the loop.
final class ByteArena {
  @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private var capacity: Int

  init(capacity: Int = 1024) {
    self.capacity = max(16, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  func removeAll() { count = 0 }

  /// Drops everything from `position` on.
  func truncate(to position: Int) { count = min(count, position) }

  func append(_ bytes: UnsafeRawBufferPointer) {
    guard let src = bytes.baseAddress, bytes.count > 0 else { return }
    reserve(bytes.count)
    UnsafeMutableRawPointer(base + count).copyMemory(from: src, byteCount: bytes.count)
    count += bytes.count
  }

  func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  /// Appends a copy of bytes already in the arena.
  func appendCopy(from start: Int, count n: Int) {
    reserve(n)
    (base + count).update(from: base + start, count: n)
    count += n
  }

  func bytes(_ start: Int, _ n: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base + start, count: n)
  }

  private func reserve(_ n: Int) {
    guard count + n > capacity else { return }
    var newCapacity = capacity * 2
    while newCapacity < count + n { newCapacity *= 2 }
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.update(from: base, count: count)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }
}
