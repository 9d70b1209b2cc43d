import HealthCore

/// Writes the cleaned samples table (canonical units, table order) and counts what it wrote.
enum CleanedTableWriter {
  /// Streams every cleaned row into an open writer; nothing is visible until `commit()`.
  static func write(
    _ result: CleanResult, to writer: TableWriter<Sample>, tally: inout WriteTally,
    progress: ProgressMeter
  ) throws {
    var runMetric = ""
    var runCleaned: Int64 = 0
    var runRows: Int64 = 0
    func closeRun() {
      guard runRows > 0 else { return }
      tally.cleaned[runMetric, default: 0] += runCleaned
      tally.rows[runMetric, default: 0] += runRows
    }
    var written: Int64 = 0
    try result.forEachCleaned { sample, part in
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
  }
}
