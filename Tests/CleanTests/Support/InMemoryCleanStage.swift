import HealthCore
import HealthModel

@testable import Clean

/// The clean stage as it was before partitioning, kept as the reference for
/// `PartitionedCleanTests`: every sample in one `CleanEngine`, resolved at once, both tables
/// written from the one `CleanResult`. The partitioned stage must write the same bytes.
enum InMemoryCleanStage {
  /// What the reference wrote besides the two tables.
  struct Outcome {
    var reconciliation: [Reconciliation]
    var totals: [String: Int64]
    var notes: [String]
  }

  /// Cleans `o.input` into `o.output` and `o.rejectsOutput` (no manifest).
  static func run(_ o: CleanOptions) throws -> Outcome {
    let priority = o.priority
    let header = try TableFile.header(of: o.input)
    var engine = CleanEngine(priority: priority, inputs: header.inputs, tableName: o.input)
    try TableFile.stream(Sample.self, from: o.input) { block in
      for sample in block { try engine.add(sample) }
    }
    let result = engine.finish()
    let summary = result.summary
    let inputs = summary.marking(
      try CleanStage.cleanedTableInputs(header: header, samplesTable: o.input).inputs)
    var facts = header.facts
    facts.clean = summary.facts
    var tally = WriteTally()
    let cleaned = try TableWriter<Sample>(
      path: o.output, stage: "clean", inputs: inputs, facts: facts)
    // Written as `Sample` values and counted here, not through `CleanedTableWriter`, so the
    // stage's id-based writing is compared with the plain one.
    try result.forEachCleaned { sample, part in
      tally.rows[sample.metric.rawValue, default: 0] += 1
      if part != .laterPiece { tally.cleaned[sample.metric.rawValue, default: 0] += 1 }
      try cleaned.append(sample)
    }
    let rejects = try TableWriter<Reject>(
      path: o.rejectsOutput, stage: "clean", inputs: inputs, facts: facts)
    try result.forEachReject { reject in
      tally.countReject(metric: reject.metric, code: reject.code)
      try rejects.append(reject)
    }
    try cleaned.commit()
    try rejects.commit()
    return Outcome(
      reconciliation: CleanManifest.reconciliation(summary, tally: tally),
      totals: CleanManifest.totals(summary), notes: CleanManifest.notes(summary))
  }
}
