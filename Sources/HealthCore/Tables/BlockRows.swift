/// The rows of the block being written, as they are appended: row by row, one 8-byte word
/// per value (an int, a double's bit pattern, a bool as 0 or 1, a text's index in its
/// column's block dictionary), then the row's null bits (bit `c % 64` of word `c / 64` set
/// when column `c` has no value).
///
/// A row is a few stores into one run of memory instead of an append to each column's own
/// values: the encoder reads each column out of the rows where they lie, a column at a
/// time (`ColumnBuilder.encode(column:of:count:into:)`; docs/performance.md, "Rows staged
/// row by row").
///
/// One `TableWriter` builder set owns it (touched by the writer while rows are appended,
/// by the encoder while the block is encoded, never both), grows it, and frees it.
final class BlockRows {
  /// Columns per row.
  let width: Int
  /// Words per row: the values, then the null bits.
  let stride: Int
  @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt64>
  @exclusivity(unchecked) private var capacity: Int

  /// Rows of `width` columns, with room for `rows` rows before growing.
  init(width: Int, rows: Int = 64) {
    self.width = width
    stride = width + Self.nullWords(width)
    capacity = max(1, rows)
    base = .allocate(capacity: capacity * stride)
  }

  deinit { base.deallocate() }

  /// The words of null bits a row of `width` columns needs.
  static func nullWords(_ width: Int) -> Int { (width + 63) / 64 }

  /// The words of row `r`, its null bits cleared, growing the rows when `r` is past them.
  @inline(__always)
  func startRow(_ r: Int) -> UnsafeMutablePointer<UInt64> {
    if _slowPath(r >= capacity) { grow(to: r + 1) }
    let row = base + r * stride
    (row + width).update(repeating: 0, count: stride - width)
    return row
  }

  @inline(never)
  private func grow(to rows: Int) {
    var larger = capacity * 2
    while larger < rows { larger *= 2 }
    let words = UnsafeMutablePointer<UInt64>.allocate(capacity: larger * stride)
    words.update(from: base, count: capacity * stride)
    base.deallocate()
    base = words
    capacity = larger
  }

  /// Column `column`'s value word of row 0; row `r`'s is `r * stride` words further on.
  func values(column: Int) -> UnsafePointer<UInt64> { UnsafePointer(base + column) }

  /// Whether row `r` has no value in `column`.
  @inline(__always)
  func isNull(row r: Int, column: Int) -> Bool {
    base[r &* stride &+ width &+ (column >> 6)] & (1 << UInt64(column & 63)) != 0
  }
}
