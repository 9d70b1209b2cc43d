import Dispatch
import HealthCore
import HealthModel
import HealthSystem

/// The clean stage on files, with memory bounded by the largest metric instead of the
/// whole table. Arbitration looks across metrics only for workouts (resolved together, a
/// small group), so:
///
/// 1. one streaming pass over the samples table applies the per-sample rules
///    (`SampleIntake`) and spills the compact rows to one partition per metric
///    (`MetricPartitions`, on a scratch file beside the output);
/// 2. the metrics are resolved two at a time (one per core; `ResolveGroup`), each exactly
///    as one `CleanResult` resolves a whole table (a `CleanResult` of that metric's rows):
///    its cleaned rows, in table order, go to a second scratch file (`CleanedPlan`), its
///    rejects too (`RejectRuns`), and the metric's rows are released; the plan and the runs
///    list the metrics in table order, whichever finished first;
/// 3. with every count known, both tables are written at the same time, one per core: the
///    cleaned table from the plan, the rejects table by merging the per-metric runs in
///    origin order.
///
/// Each table gets the same rows in the same order as from one `CleanResult` of the whole
/// table, so the bytes are the same. The scratch files are unlinked as soon as they are
/// open (see `SpillFile`), so nothing is left behind, even after a kill.
enum PartitionedClean {
  /// What was written, for the manifest.
  struct Outcome {
    /// Counts, sources and unchecked inputs.
    var summary: CleanSummary
    /// One line per metric and a total line; they all hold.
    var reconciliation: [Reconciliation]
    /// The cleaned table and the rejects table as written (CRC-32 computed on the way).
    var outputs: [FileFingerprint]
  }

  /// Cleans `options.input` into `options.output` and `options.rejectsOutput`. `inputs`
  /// gives the cleaned table's input list (the samples table's inputs and the table
  /// itself); it is called once, when the tables are about to be written. Nothing is
  /// written unless every reconciliation line holds (else an internal error, exit 70).
  static func run(
    _ options: CleanOptions, priority: SourcePriority, header: TableHeader,
    progress: ProgressMeter, inputs: () throws -> [InputDescriptor]
  ) throws -> Outcome {
    // 1. Per-sample rules, rows spilled per metric.
    var intake = SampleIntake(priority: priority, inputs: header.inputs, tableName: options.input)
    let rowFile = try SpillFile(beside: options.output)
    var partitions = MetricPartitions(spill: rowFile)
    try TableFile.streamSamples(from: options.input) { block in
      try intake.take(block) { row, side in try partitions.append(row, side: side) }
      progress.update(bytes: 0, records: Int64(intake.samplesRead))
    }
    try partitions.finishWriting()

    // 2. One metric at a time, in table order.
    let pools = intake.pools
    let resolvedFile = try SpillFile(beside: options.output)
    var plan = CleanedPlan(spill: resolvedFile)
    var runs = RejectRuns(spill: resolvedFile)
    let summary = try resolveByMetric(
      pools: pools, partitions: partitions, priority: priority, inputs: header.inputs,
      spill: resolvedFile, plan: &plan, runs: &runs)
    rowFile.close()
    let inputs = summary.marking(try inputs())

    // 3. Both tables at once.
    return try writeTables(
      options, summary: summary, pools: pools, plan: plan, runs: runs, priority: priority,
      header: header, inputs: inputs, progress: progress)
  }

  /// Runs the two table writes at the same time (two cores; each uses its own writer, and
  /// they share only read-only state and reads of one scratch file) and merges their
  /// tallies.
  static func writeBoth(
    cleaned: (inout WriteTally) throws -> Void, rejects: (inout WriteTally) throws -> Void
  ) throws -> WriteTally {
    let outcomes = [WriteOutcome(), WriteOutcome()]
    // Each closure is run by exactly one worker, and nothing else runs until both are done.
    nonisolated(unsafe) let cleaned = cleaned
    nonisolated(unsafe) let rejects = rejects
    DispatchQueue.concurrentPerform(iterations: 2) { part in
      var tally = WriteTally()
      do {
        if part == 0 { try cleaned(&tally) } else { try rejects(&tally) }
        outcomes[part].result = .success(tally)
      } catch {
        outcomes[part].result = .failure(error)
      }
    }
    var merged = WriteTally()
    for outcome in outcomes {
      let tally = try outcome.result.get()
      merged.cleaned.merge(tally.cleaned, uniquingKeysWith: +)
      merged.rows.merge(tally.rows, uniquingKeysWith: +)
      merged.rejected.merge(tally.rejected) { a, b in a.merging(b, uniquingKeysWith: +) }
    }
    return merged
  }

  static func sortedCounts(_ counts: [String: Int64]) -> String {
    counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
  }
}

/// The result of one of the two concurrent writes; each is set by exactly one worker and
/// read after both have finished.
private final class WriteOutcome: @unchecked Sendable {
  var result: Result<WriteTally, any Error> = .failure(
    HealthError.internalError("a table write did not run"))
}
