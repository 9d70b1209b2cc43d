/// Scanning bytes already in memory where they lie: a worker parsing one piece of a big
/// export reads the piece's own buffer instead of copying it, a buffer's worth at a time,
/// into the scanner's (docs/performance.md, "Parallel XML parsing").
extension XMLByteScanner {
  /// Scans `bytes` in place: they are the whole input the scanner sees before its source's
  /// own bytes (a piece's source hands out nothing more). The caller keeps them alive and
  /// unchanged until the scanner is done; the scanner never writes or frees them. Call it
  /// before the first `next()` (after `resume`, which reads nothing).
  func borrow(_ bytes: UnsafeRawBufferPointer) {
    precondition(end == 0 && pos == 0 && !borrowed, "borrow(_:) after bytes were read")
    guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
    buf.deallocate()
    buf = UnsafeMutableRawPointer(mutating: start)
    capacity = bytes.count
    end = bytes.count
    borrowed = true
  }

  /// The first refill after the lent bytes were read up to `k`: what is kept moves to a
  /// buffer of the scanner's own, and reading goes on from the source as usual. The lent
  /// bytes are left as they were (a piece's parse that cannot be used is read again from
  /// them).
  func refillAfterBorrowed(keepFrom k: Int) throws {
    let keep = end - k
    let owned = max(initialCapacity, keep)
    let mine = UnsafeMutableRawPointer.allocate(byteCount: owned, alignment: 16)
    if keep > 0 { mine.copyMemory(from: buf + k, byteCount: keep) }
    buf = mine
    capacity = owned
    borrowed = false
    end = keep
    pos -= k
    base += Int64(k)
    try refill(keepFrom: 0)
  }
}
