import HealthCore
import HealthModel
import HealthSystem

extension PartitionedClean {
  /// Step 2: resolves the metrics, `workers` groups at a time (docs/clean.md, "Memory"),
  /// loading each from `partitions`; writes each one's cleaned rows and rejects to `spill`
  /// and adds them to `plan` and `runs` in table order, so the tables do not depend on
  /// which group finished first, and returns the summary of them all.
  static func resolveByMetric(
    pools: SampleStore, partitions: MetricPartitions, priority: SourcePriority,
    inputs: [InputDescriptor], spill: SpillFile, workers: Int = 2,
    plan: inout CleanedPlan, runs: inout RejectRuns
  ) throws -> CleanSummary {
    let order = SampleOrder(pools)
    let metricRanks = pools.metrics.sortRanks()
    let metricOrder = (0..<UInt32(pools.metrics.count)).sorted {
      metricRanks[Int($0)] < metricRanks[Int($1)]
    }
    let groups = ResolveGroup.groups(metricOrder: metricOrder, pools: pools)
    let resolved = try ResolveGroup.resolveAll(
      groups, workers: workers, partitions: partitions
    ) { group in
      var part = pools
      try partitions.load(group, into: &part)
      // `consume`: the result owns the rows, so marking their statuses copies nothing.
      let result = CleanResult(
        resolving: consume part, order: order, priority: priority, inputs: inputs)
      var done = ResolvedGroup(part: result.summaryPart)
      for metric in group {
        done.plans[metric] = try CleanedPlan.entry(result, metric: metric, spill: spill)
        done.runs[metric] = try RejectRuns.run(metricRank: metricRanks[Int(metric)], spill: spill) {
          try result.forEachRejectRecord(metric: metric, $0)
        }
      }
      return done
    }
    var builder = CleanSummary.Builder(pools: pools, priority: priority, inputs: inputs)
    var groupOf: [UInt32: Int] = [:]
    for (g, group) in groups.enumerated() {
      for metric in group { groupOf[metric] = g }
    }
    var added = Set<Int>()
    for metric in metricOrder {
      let g = groupOf[metric]!
      // A group's summary once, at its first metric in table order (as one at a time).
      if added.insert(g).inserted { builder.add(resolved[g].part) }
      plan.append(resolved[g].plans[metric] ?? nil)
      runs.append(resolved[g].runs[metric] ?? nil)
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
