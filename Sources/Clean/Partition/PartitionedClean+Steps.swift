import HealthCore
import HealthModel
import HealthSystem

extension PartitionedClean {
  /// Step 2: resolves the metrics one at a time, in table order, loading each from
  /// `partitions`; adds each one's cleaned rows to `plan` and its rejects to `runs`, and
  /// returns the summary of them all.
  static func resolveByMetric(
    pools: SampleStore, partitions: MetricPartitions, priority: SourcePriority,
    inputs: [InputDescriptor], plan: inout CleanedPlan, runs: inout RejectRuns
  ) throws -> CleanSummary {
    let order = SampleOrder(pools)
    let metricRanks = pools.metrics.sortRanks()
    let metricOrder = (0..<UInt32(pools.metrics.count)).sorted {
      metricRanks[Int($0)] < metricRanks[Int($1)]
    }
    var builder = CleanSummary.Builder(pools: pools, priority: priority, inputs: inputs)
    // The workout metrics are resolved together (a workout's energy and distance rows
    // follow it, `WorkoutArbitration`), once, and written metric by metric in table order.
    let workoutGroup = metricOrder.filter { pools.metricInfo[Int($0)]?.kind == .workout }
    var workoutResult: CleanResult?
    for metric in metricOrder {
      let result: CleanResult
      if workoutGroup.contains(metric), let resolved = workoutResult {
        result = resolved
      } else {
        var part = pools
        let group = workoutGroup.contains(metric) ? workoutGroup : [metric]
        try partitions.load(group, into: &part)
        // `consume`: the result owns the rows, so marking their statuses copies nothing.
        result = CleanResult(
          resolving: consume part, order: order, priority: priority, inputs: inputs)
        builder.add(result)
        if group.count > 1 { workoutResult = result }
      }
      try plan.add(result, metric: metric)
      try runs.add(metricRank: metricRanks[Int(metric)]) {
        try result.forEachRejectRecord(metric: metric, $0)
      }
    }
    return builder.build()
  }

  /// Step 3: writes the cleaned table from `plan` and the rejects table from `runs` at the
  /// same time, and commits both only when every reconciliation line holds.
  static func writeTables(
    _ options: CleanOptions, summary: CleanSummary, pools: SampleStore, plan: CleanedPlan,
    runs: RejectRuns, priority: SourcePriority, header: TableHeader, inputs: [InputDescriptor],
    progress: ProgressMeter
  ) throws -> Outcome {
    // Ingest's section carried forward unchanged, clean's own added.
    var facts = header.facts
    facts.clean = summary.facts
    let cleaned = try TableWriter<Sample>(
      path: options.output, stage: "clean", inputs: inputs, facts: facts)
    let rejects = try TableWriter<Reject>(
      path: options.rejectsOutput, stage: "clean", inputs: inputs, facts: facts)
    let reconciliation: [Reconciliation]
    do {
      let reasons = RejectReasons(pools: pools, priority: priority, inputs: header.inputs)
      let tally = try writeBoth(
        cleaned: { tally in
          try CleanedTableWriter.write(
            { try plan.forEach($0) }, pools: pools, to: cleaned, tally: &tally,
            progress: progress)
        },
        rejects: { tally in
          var writer = RejectTableWriter(reasons: reasons)
          try runs.merge { try writer.append($0, to: rejects) }
          writer.count(into: &tally)
        })
      reconciliation = CleanManifest.reconciliation(summary, tally: tally)
      let failed = reconciliation.filter { !$0.holds }
      guard failed.isEmpty else {
        let lines = failed.map { "\($0.key): \($0.equation) with \(sortedCounts($0.counts))" }
        throw HealthError.internalError(
          "clean does not reconcile, so nothing was written: " + lines.joined(separator: "; "))
      }
    } catch {
      cleaned.abandon()
      rejects.abandon()
      throw error
    }
    try cleaned.commit()
    try rejects.commit()
    return Outcome(
      summary: summary, reconciliation: reconciliation,
      outputs: [cleaned.fingerprint, rejects.fingerprint])
  }
}
