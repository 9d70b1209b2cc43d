/// A growable run of bytes reused from use to use, in memory it owns: appends are plain
/// copies, with none of `Array`'s uniqueness checks in the loop. Ingest keeps the keys and
/// strings of a flattened JSON object and its interned texts in one; the table writer
/// encodes each block into one (`ByteArena+Block.swift`).
///
/// Used from other modules on hot paths, so its members are inlinable.
public final class ByteArena {
  @usableFromInline @exclusivity(unchecked) var storage: UnsafeMutablePointer<UInt8>
  @usableFromInline @exclusivity(unchecked) var used = 0
  @usableFromInline @exclusivity(unchecked) var capacity: Int

  /// An empty arena with room for `capacity` bytes (at least 16) before it grows.
  public init(capacity: Int = 1024) {
    self.capacity = max(16, capacity)
    storage = .allocate(capacity: self.capacity)
  }

  deinit { storage.deallocate() }

  /// The first byte; valid until the next append (which may move the bytes).
  @inlinable public var base: UnsafeMutablePointer<UInt8> { storage }

  /// Bytes held.
  @inlinable public var count: Int { used }

  /// Forgets the bytes, keeping the memory.
  @inlinable public func removeAll() { used = 0 }

  /// Drops everything from `position` on.
  @inlinable public func truncate(to position: Int) { used = min(used, position) }

  /// Appends `bytes`.
  @inlinable
  public func append(_ bytes: UnsafeRawBufferPointer) {
    guard let src = bytes.baseAddress, bytes.count > 0 else { return }
    reserve(bytes.count)
    UnsafeMutableRawPointer(storage + used).copyMemory(from: src, byteCount: bytes.count)
    used += bytes.count
  }

  /// Appends one byte.
  @inlinable
  public func append(_ byte: UInt8) {
    reserve(1)
    storage[used] = byte
    used += 1
  }

  /// Appends a copy of bytes already in the arena.
  @inlinable
  public func appendCopy(from start: Int, count n: Int) {
    reserve(n)
    (storage + used).update(from: storage + start, count: n)
    used += n
  }

  /// The `n` bytes from `start`.
  @inlinable
  public func bytes(_ start: Int, _ n: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: storage + start, count: n)
  }

  /// Makes room for `n` more bytes.
  @inlinable
  public func reserve(_ n: Int) {
    if _slowPath(used + n > capacity) { grow(to: used + n) }
  }

  @usableFromInline @inline(never)
  func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.update(from: storage, count: used)
    storage.deallocate()
    storage = grown
    capacity = newCapacity
  }
}
