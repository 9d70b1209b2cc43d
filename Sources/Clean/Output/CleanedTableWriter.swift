import HealthCore

/// Writes cleaned samples (canonical units, table order) into an open table writer and
/// counts what it wrote.
enum CleanedTableWriter {
  /// Streams every row `forEach` gives into `writer`; nothing is visible until the writer
  /// commits.
  static func write(
    _ forEach: ((Sample, CleanedPart) throws -> Void) throws -> Void,
    to writer: TableWriter<Sample>, tally: inout WriteTally, progress: ProgressMeter
  ) throws {
    var runMetric = ""
    var runCleaned: Int64 = 0
    var runRows: Int64 = 0
    var cleaned: [String: Int64] = [:]
    var rows: [String: Int64] = [:]
    func closeRun() {
      guard runRows > 0 else { return }
      cleaned[runMetric, default: 0] += runCleaned
      rows[runMetric, default: 0] += runRows
    }
    var written: Int64 = 0
    try forEach { sample, part in
      // The table is grouped by metric: count runs instead of hashing every row.
      if sample.metric.rawValue != runMetric {
        closeRun()
        runMetric = sample.metric.rawValue
        runCleaned = 0
        runRows = 0
      }
      runRows += 1
      if part != .laterPiece { runCleaned += 1 }
      try writer.append(sample)
      written += 1
      if written & 0xFFFF == 0 { progress.update(bytes: 0, records: written) }
    }
    closeRun()
    tally.cleaned.merge(cleaned, uniquingKeysWith: +)
    tally.rows.merge(rows, uniquingKeysWith: +)
  }
}
