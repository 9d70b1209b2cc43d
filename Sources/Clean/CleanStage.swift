import HealthCore
import HealthModel
import HealthSystem

/// Stage 2: reads the ingest samples table and writes the cleaned samples table (canonical
/// units, duplicates removed, sources arbitrated), the rejects table of this stage and the
/// manifest (`StageManifest.path(for: output)`). See docs/clean.md for the rules and
/// `PartitionedClean` for how they are applied one metric at a time, so memory follows the
/// largest metric rather than the whole table.
///
/// Outputs are written atomically, and only after the manifest's reconciliation holds; when
/// it does not, nothing is written and the stage throws an internal error (exit 70).
public enum CleanStage {
  /// What a clean run did: its manifest, its counts as values (what the command line
  /// prints, docs/architecture.md "Stage outcomes"), and one error (exit 65) per input of
  /// which every sample was rejected, naming the input, the count and the most common
  /// reason. With such inputs the stage still writes its tables and the command exits 1.
  public struct Outcome: Sendable {
    /// The manifest (also written beside the output).
    public var manifest: StageManifest
    /// The counts over all metrics (the manifest's totals, typed).
    public var counts: CleanCounts
    /// Inputs clean kept nothing of, in input order.
    public var inputProblems: [HealthError]
  }

  /// Runs the stage and returns its manifest (also written beside the output).
  public static func run(_ o: CleanOptions, progress: ProgressMeter) throws -> StageManifest {
    try execute(o, progress: progress).manifest
  }

  /// Runs the stage and returns its manifest and the inputs it kept nothing of.
  public static func execute(_ o: CleanOptions, progress: ProgressMeter) throws -> Outcome {
    let started = SystemCalls.monotonicSeconds()
    try OutputCollision.check(
      outputs: [o.output, o.rejectsOutput, StageManifest.path(for: o.output)], inputs: [o.input])
    let header = try TableFile.header(of: o.input)
    // Health Connect exports bring the person's own order (docs/clean.md).
    let priority = o.priority.applyingHealthConnect(header)
    // The samples table's fingerprint (a CRC-32 and digest of the whole file) is needed
    // only when the tables are written, so it is read on its own thread meanwhile (the
    // intake leaves the second core partly idle; docs/clean.md, "Memory").
    let fingerprint = BoundedHandoff<Result<FileFingerprint, any Error>>(capacity: 1)
    let samplesTable = o.input
    let known = o.knownInputPrint?.stillValid(for: samplesTable)
    let printer = BackgroundThread(name: "healthpipe.clean-fingerprint") {
      fingerprint.put(Result { try known ?? FileFingerprint.withChecksum(samplesTable) })
    }
    defer { printer.join() }
    var inputPrint: FileFingerprint?
    var inputs: [InputDescriptor] = []

    progress.begin(stage: "clean")
    let outcome: PartitionedClean.Outcome
    do {
      defer { progress.end() }
      outcome = try PartitionedClean.run(
        o, priority: priority, header: header, progress: progress
      ) {
        // Waits for the thread's result (it is joined once, by the `defer` above).
        let print = try fingerprint.take()!.get()
        inputPrint = print
        inputs = cleanedTableInputs(header: header, samplesTable: o.input, print: print)
        return inputs
      }
    }

    let manifest = StageManifest(
      stage: "clean", inputs: [inputPrint!],
      outputs: outcome.outputs,
      settings: [
        "input": o.input, "output": o.output, "rejects": o.rejectsOutput,
        "priority": priority.effectiveDescription,
      ],
      totals: CleanManifest.totals(outcome.summary), reconciliation: outcome.reconciliation,
      notes: priority.healthConnectNotes + CleanManifest.notes(outcome.summary),
      wallSeconds: SystemCalls.monotonicSeconds() - started,
      peakRSSBytes: SystemCalls.peakRSSBytes())
    try manifest.write(to: StageManifest.path(for: o.output))
    let problems = outcome.summary.rejectedInputs.map { r in
      HealthError(.dataError, r.message, at: SourceLocation(file: inputs[r.index].path))
    }
    return Outcome(manifest: manifest, counts: outcome.summary.total, inputProblems: problems)
  }

  /// The cleaned table's input list: the samples table's inputs, then the samples table
  /// itself with its fingerprint (also returned, for the manifest).
  static func cleanedTableInputs(header: TableHeader, samplesTable: String) throws
    -> (inputs: [InputDescriptor], samplesTable: FileFingerprint)
  {
    let print = try FileFingerprint.withChecksum(samplesTable)
    return (cleanedTableInputs(header: header, samplesTable: samplesTable, print: print), print)
  }

  /// The same with the samples table's fingerprint already taken.
  static func cleanedTableInputs(
    header: TableHeader, samplesTable: String, print: FileFingerprint
  ) -> [InputDescriptor] {
    var inputs = header.inputs
    inputs.append(
      InputDescriptor(
        index: inputs.count, path: samplesTable, format: TableKind.samples.rawValue,
        size: print.size, crc32: print.crc32 ?? ""))
    return inputs
  }
}
