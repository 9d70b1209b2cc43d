/// A row, or a piece of a row, as it is ordered in the cleaned table.
struct OrderKey: Sendable {
  /// Start of the row or piece.
  var start: Int64
  /// End of the row or piece.
  var end: Int64
  /// Canonical value of the row or piece.
  var value: Double
  /// Row index in the store.
  var row: UInt32
  /// For a piece: whether it is the first (earliest) piece of its row.
  var firstPiece = false
}

/// The deterministic order of the cleaned table within one metric: start, end, source,
/// value, category, origin (input file, record) and finally read order. Strings compare by
/// their UTF-8 bytes through precomputed ranks, never by locale.
struct SampleOrder: Sendable {
  /// Sort position of each source pool id.
  let sourceRank: [UInt32]
  /// Sort position of each category pool id.
  let categoryRank: [UInt32]

  /// Ranks for a store's pools.
  init(_ store: SampleStore) {
    sourceRank = store.sources.sortRanks()
    categoryRank = store.categories.sortRanks()
  }

  /// Strict order of two keys.
  @inline(__always)
  func precedes(_ a: OrderKey, _ b: OrderKey, _ rows: UnsafeBufferPointer<StoredSample>) -> Bool {
    if a.start != b.start { return a.start < b.start }
    if a.end != b.end { return a.end < b.end }
    let ra = rows[Int(a.row)]
    let rb = rows[Int(b.row)]
    if ra.source != rb.source { return sourceRank[Int(ra.source)] < sourceRank[Int(rb.source)] }
    if a.value != b.value { return a.value < b.value }
    if ra.category != rb.category {
      return categoryRank[Int(ra.category)] < categoryRank[Int(rb.category)]
    }
    if ra.file != rb.file { return ra.file < rb.file }
    if ra.record != rb.record { return ra.record < rb.record }
    return a.row < b.row
  }

  /// Sorts row indices of one metric into table order (by the rows' own start, end, value).
  func sort(_ indices: inout [UInt32], rows: [StoredSample]) {
    var keys = indices.map { i in
      OrderKey(start: rows[Int(i)].start, end: rows[Int(i)].end, value: rows[Int(i)].value, row: i)
    }
    rows.withUnsafeBufferPointer { buffer in
      keys.sort { precedes($0, $1, buffer) }
    }
    for (position, key) in keys.enumerated() { indices[position] = key.row }
  }
}
