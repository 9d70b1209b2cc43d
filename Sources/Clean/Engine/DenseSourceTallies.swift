/// Per-source counts of one partition's rows, kept in an array indexed by the source's
/// pool id (ids are dense from 0) instead of a dictionary looked up per row; ids beyond
/// `maxDense` (a pool that large is unusual) go to a dictionary.
struct DenseSourceTallies {
  /// The highest id kept in the array.
  static let maxDense: UInt32 = 1 << 16

  private var dense: [RowTally.SourceTally] = []
  private var sparse: [UInt32: RowTally.SourceTally] = [:]

  /// Counts one row of source `id` with source rank `rank`.
  @inline(__always)
  mutating func add(_ id: UInt32, rank: Int) {
    if id < Self.maxDense {
      let i = Int(id)
      if i >= dense.count {
        dense.append(contentsOf: repeatElement(.init(), count: i + 1 - dense.count))
      }
      dense[i].bestRank = min(dense[i].bestRank, rank)
      dense[i].samples += 1
    } else {
      var t = sparse[id] ?? .init()
      t.bestRank = min(t.bestRank, rank)
      t.samples += 1
      sparse[id] = t
    }
  }

  /// Calls `body` with each source that has rows and its tally.
  func visit(_ body: (UInt32, RowTally.SourceTally) -> Void) {
    for (i, t) in dense.enumerated() where t.samples > 0 { body(UInt32(i), t) }
    for (id, t) in sparse { body(id, t) }
  }
}
