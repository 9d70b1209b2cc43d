import HealthModel

extension VendorRows {
  /// A reader's columns and what each becomes, made once (a static list), each target with
  /// its `VendorTargetCache.Key` made once too. A value kept through the table finds its
  /// column's resolution by the key alone: the target, three `String`s, is read only on a
  /// miss, a reject or a `Sample`. Passed on per value, it was copied each time, its texts
  /// retained and released: about 170 instructions a value (docs/performance.md, "Vendor
  /// files").
  struct TargetTable {
    /// The layout column of each entry.
    let columns: [Int]
    /// The targets.
    let targets: [Target]
    /// `keys[i]` is the key of `targets[i]`, whose texts the table keeps alive.
    let keys: [VendorTargetCache.Key?]

    /// A table of `(column, target)` entries.
    init(_ entries: [(column: Int, target: Target)]) {
      columns = entries.map(\.column)
      targets = entries.map(\.target)
      keys = targets.map { VendorTargetCache.Key($0) }
    }
  }

  /// Keeps the number in column `columns[i] + columnOffset` as one sample of `targets[i]`
  /// over `span`, for every entry of `table`: `keepNumber(_:as:over:)` of each.
  func keepNumbers(_ table: TargetTable, over span: Span, columnOffset: Int = 0) throws {
    try table.keys.withUnsafeBufferPointer { keys in
      for i in keys.indices {
        try keepNumber(table.columns[i] + columnOffset, over: span, key: keys[i]) {
          table.targets[i]
        }
      }
    }
  }
}
