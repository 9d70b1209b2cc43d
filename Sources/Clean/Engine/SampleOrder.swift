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
  /// Sort position of each metric pool id (the table's order of metrics). Computed once
  /// here: sorting the metric names again for each metric resolved made clean quadratic in
  /// the number of metrics (docs/changelog/reliability.md, round 3, finding 3).
  let metricRank: [UInt32]

  /// Ranks for a store's pools.
  init(_ store: SampleStore) {
    sourceRank = store.sources.sortRanks()
    categoryRank = store.categories.sortRanks()
    metricRank = store.metrics.sortRanks()
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

  /// Strict order of two rows by their own start, end and value.
  @inline(__always)
  func precedes(row a: UInt32, _ b: UInt32, _ rows: UnsafeBufferPointer<StoredSample>) -> Bool {
    let ra = rows[Int(a)]
    let rb = rows[Int(b)]
    return precedes(
      OrderKey(start: ra.start, end: ra.end, value: ra.value, row: a),
      OrderKey(start: rb.start, end: rb.end, value: rb.value, row: b), rows)
  }

  /// Sorts row indices of one metric into table order (by the rows' own start, end, value).
  ///
  /// Rows usually arrive in time order (exports list a type's records by date), so a first
  /// pass checks for that and leaves such indices as they are. Otherwise the sort keys are
  /// 16 bytes (start and row), and ties on the start are settled from the rows themselves:
  /// the keys of the largest metric are the biggest allocation of the stage after its rows.
  func sort(_ indices: inout [UInt32], rows: [StoredSample]) {
    rows.withUnsafeBufferPointer { buffer in
      var sorted = true
      for position in indices.indices.dropFirst()
      where !precedes(row: indices[position - 1], indices[position], buffer) {
        sorted = false
        break
      }
      if sorted { return }
      var keys = indices.map { StartKey(start: buffer[Int($0)].start, row: $0) }
      keys.sort { a, b in
        a.start != b.start ? a.start < b.start : precedes(row: a.row, b.row, buffer)
      }
      for (position, key) in keys.enumerated() { indices[position] = key.row }
    }
  }
}

/// A row index with its start: the sort key of `SampleOrder.sort`.
private struct StartKey {
  var start: Int64
  var row: UInt32
}
