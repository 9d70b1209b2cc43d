import HealthCore
import HealthModel

/// Writes the clean stage's rejects from their `RejectRecord`s into an open table writer
/// and counts them: the bytes of appending each record's `Reject`
/// (`RejectReasons.reject`), without making one. The metric, unit and source go by pool id
/// (`RowWriter.string(id:in:)`), the reasons of duplicates and overlaps come from cached
/// parts (`OriginReasonTexts`), and the counts are kept per metric id and status, so a
/// reject costs no `String` at all: its reason and value are written as bytes into one
/// buffer and handed to the table as bytes (`RowWriter.string(utf8:)`, hashed with a fast
/// hash of the bytes; docs/performance.md, "Clean's rejects as bytes"). `PartitionedCleanTests` compares the bytes with those of writing
/// `Reject`s.
struct RejectTableWriter {
  private let reasons: RejectReasons
  private let pools: SampleStore
  private var texts = OriginReasonTexts()
  /// The row's reason and value, as UTF-8 bytes one after the other.
  private var line: [UInt8] = []
  /// Rejects written per metric pool id and status.
  private var counts: [[Int64]]

  init(reasons: RejectReasons) {
    self.reasons = reasons
    pools = reasons.pools
    counts = Array(repeating: [], count: pools.metrics.count)
  }

  /// Appends the reject row of `record`.
  mutating func append(_ record: RejectRecord, to writer: TableWriter<Reject>) throws {
    let row = record.row
    line.removeAll(keepingCapacity: true)
    reasons.appendReason(record, texts: &texts, to: &line)
    let reasonEnd = line.count
    ValueText.append(record.original, to: &line)
    let pools = pools
    try line.withUnsafeBufferPointer { bytes in
      let reason = UnsafeBufferPointer(rebasing: bytes[..<reasonEnd])
      let value = UnsafeBufferPointer(rebasing: bytes[reasonEnd...])
      try writer.appendRow { w in
        // The column order of `Reject.write(to:)`.
        w.string(id: 0, in: Self.stage)
        w.string(id: UInt32(row.status.rawValue), in: Self.codes)
        w.string(utf8: reason)
        w.string(id: row.metric, in: pools.metrics.strings)
        w.timestamp(Optional(row.start))
        w.timestamp(Optional(row.end))
        w.int(Optional(Int64(row.utcOffset)))
        w.string(utf8: value)
        w.string(id: row.unit, in: pools.units.strings)
        w.string(id: row.source, in: pools.sources.strings)
        w.int(Int64(row.file))
        w.int(row.record)
      }
    }
    let metric = Int(row.metric)
    if counts[metric].isEmpty { counts[metric] = Array(repeating: 0, count: RowStatus.count) }
    counts[metric][Int(row.status.rawValue)] += 1
  }

  /// The stage column's one text, and the code column's texts by status.
  private static let stage = ["clean"]
  private static let codes = (0..<RowStatus.count).map {
    (RowStatus(rawValue: UInt8($0))?.rejectCode ?? .malformed).rawValue
  }

  /// Adds the counts to `tally`, by metric name and reject code.
  func count(into tally: inout WriteTally) {
    for (metric, byStatus) in counts.enumerated() where !byStatus.isEmpty {
      for (raw, n) in byStatus.enumerated() where n > 0 {
        let code = RowStatus(rawValue: UInt8(raw))?.rejectCode ?? .malformed
        tally.rejected[pools.metrics[UInt32(metric)], default: [:]][code, default: 0] += n
      }
    }
  }
}
