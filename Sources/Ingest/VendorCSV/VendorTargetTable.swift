import HealthModel

extension VendorRows {
  /// A reader's targets made once (a static list of what its columns become), each with its
  /// `VendorTargetCache.Key` made once too. A value kept through the table finds its
  /// column's resolution by the key alone: the target, three `String`s, is read only on a
  /// miss or a reject. Passed on per value, it was copied each time, its texts retained and
  /// released: about 170 instructions a value (docs/performance.md, "Vendor files").
  struct TargetTable {
    /// The targets.
    let targets: [Target]
    /// `keys[i]` is the key of `targets[i]`, whose texts the table keeps alive.
    let keys: [VendorTargetCache.Key?]

    /// A table of `targets`.
    init(_ targets: [Target]) {
      self.targets = targets
      keys = targets.map { VendorTargetCache.Key($0) }
    }
  }

  /// Keeps the number in column `column(i)` as one sample of `table.targets[i]` over
  /// `span`, for every `i`: `keepNumber(_:as:over:)` of each.
  func keepNumbers(_ table: TargetTable, over span: Span, column: (Int) -> Int) throws {
    try table.keys.withUnsafeBufferPointer { keys in
      for i in keys.indices {
        try keepNumber(column(i), table, i, key: keys[i], over: span)
      }
    }
  }

  /// `keepNumber(c, as: table.targets[i], over: span)`, matched by `key`.
  @inline(__always)
  func keepNumber(
    _ c: Int, _ table: TargetTable, _ i: Int, key: VendorTargetCache.Key?, over span: Span
  ) throws {
    guard let value = number(c) else { return }
    switch value {
    case .failure(let bad):
      let target = table.targets[i]
      try rejectNotANumber(
        column: c, bad, metric: target.metric, start: span.start, utcOffset: span.offset,
        unit: target.unit)
    case .success(let v):
      try keep(table, i, key: key, v, over: span, column: c)
    }
  }

  /// `keep(table.targets[i], value, over: span, column: c)`, matched by `key`.
  @inline(__always)
  func keep(
    _ table: TargetTable, _ i: Int, key: VendorTargetCache.Key?, _ value: Double,
    over span: Span, column c: Int
  ) throws {
    guard let counter = counters[c], let resolved = columnTarget(c, key: key, table, i) else {
      return try keep(sample(table.targets[i], value, span), column: c)
    }
    countRecord()
    sink.read(counter)
    try sink.keep(
      resolved, counter: counter, start: span.start, end: span.end, utcOffset: span.offset,
      value: value, record: line)
  }
}
