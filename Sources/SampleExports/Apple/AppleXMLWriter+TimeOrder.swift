extension AppleXMLWriter {
  /// The records of every type in the order of their start (`AppleShape.Order.byTime`):
  /// each plan day's records of all types are sorted together (start, then type, then the
  /// order they were made in) and written once no later plan can make a record that starts
  /// before them. A plan's records start at its night's bedtime at the earliest, under three
  /// hours before its midnight, so what starts six hours before the next plan's midnight is
  /// final. Records dated after the export wait to the end, as their dates say.
  func writeRecordsByTime() throws {
    var pending: [(record: SyntheticRecord, order: Int)] = []
    var made: [SyntheticRecord] = []
    var order = 0
    for type in SyntheticRecordType.allCases { counts[type.identifier] = 0 }
    for day in selection.planDays {
      guard let plan = timeline.plan(day) else { continue }
      for type in SyntheticRecordType.allCases {
        made.removeAll(keepingCapacity: true)
        factory.records(type, plan, into: &made)
        for r in made where selection.includes(r, planDay: day) {
          pending.append((r, order))
          order += 1
        }
      }
      try flush(&pending, before: zones.midnight(day + 1) - 6 * 3600)
    }
    try flush(&pending, before: Int64.max)
  }

  /// Writes the pending records that start before `limit`, in time order, and keeps the rest.
  private func flush(_ pending: inout [(record: SyntheticRecord, order: Int)], before limit: Int64)
    throws
  {
    pending.sort { a, b in
      if a.record.start != b.record.start { return a.record.start < b.record.start }
      if a.record.type != b.record.type { return a.record.type.rawValue < b.record.type.rawValue }
      return a.order < b.order
    }
    let ready = pending.firstIndex { $0.record.start >= limit } ?? pending.count
    for (r, _) in pending[..<ready] {
      for _ in 0..<Int(r.copies) { try writeRecord(r, indent: 1) }
      counts[r.type.identifier, default: 0] += Int(r.copies)
    }
    pending.removeFirst(ready)
  }
}

/// Removes the spaces at the start of every line on their way to `out`
/// (`AppleShape.Layout.unindented`); attribute values never hold a line break, so only
/// indentation goes.
final class LineIndentRemover {
  private let out: ByteWriter
  private var atLineStart = true

  init(_ out: ByteWriter) { self.out = out }

  /// Passes `bytes` on without the spaces that follow a line break.
  func write(_ bytes: UnsafeRawBufferPointer) throws {
    var from = 0
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if atLineStart && b == 0x20 {
        if i > from { try out.append(UnsafeRawBufferPointer(rebasing: bytes[from..<i])) }
        from = i + 1
      } else {
        atLineStart = b == 0x0A
      }
      i += 1
    }
    if i > from { try out.append(UnsafeRawBufferPointer(rebasing: bytes[from..<i])) }
  }
}
