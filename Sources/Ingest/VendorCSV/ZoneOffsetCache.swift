/// The last zone cell a reader turned into a UTC offset (`VendorDay.offset`), by its bytes:
/// a WHOOP export writes the same `UTC-05:00` on row after row, and parsing it through
/// `String` was 3 % of the cycles reader's instructions (docs/performance.md, "Vendor files
/// (row 11)"). Only offsets that parsed are remembered, so a cell that is not one is
/// parsed (and noted) every time, as before.
final class ZoneOffsetCache {
  private var bytes: [UInt8] = []
  private var offset: Int32 = 0

  /// The offset of `cell` if it is the cell remembered last.
  @inline(__always)
  func offset(of cell: UnsafeRawBufferPointer) -> Int32? {
    guard !bytes.isEmpty, cell.count == bytes.count else { return nil }
    return bytes.withUnsafeBytes { $0.elementsEqual(cell) } ? offset : nil
  }

  /// Remembers that `cell` is `offset`.
  func remember(_ cell: UnsafeRawBufferPointer, _ offset: Int32) {
    bytes = Array(cell)
    self.offset = offset
  }
}
