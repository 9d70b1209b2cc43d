import HealthCore

/// Writes the cleaned samples of a result (canonical units, table order) into an open table
/// writer and counts what it wrote.
enum CleanedTableWriter {
  /// Streams every cleaned row of `result` into `writer`; nothing is visible until the
  /// writer commits. `written` counts rows over several calls, for the progress line.
  static func write(
    _ result: CleanResult, to writer: TableWriter<Sample>, tally: inout WriteTally,
    progress: ProgressMeter, written: inout Int64
  ) throws {
    var runMetric = ""
    var runCleaned: Int64 = 0
    var runRows: Int64 = 0
    func closeRun() {
      guard runRows > 0 else { return }
      tally.cleaned[runMetric, default: 0] += runCleaned
      tally.rows[runMetric, default: 0] += runRows
    }
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
