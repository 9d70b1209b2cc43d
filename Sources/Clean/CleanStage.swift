import Dispatch
import HealthCore

/// Stage 2: reads the ingest samples table and writes the cleaned samples table (canonical
/// units, duplicates removed, sources arbitrated), the rejects table of this stage and the
/// manifest (`StageManifest.path(for: output)`). See `CleanEngine` for the rules.
///
/// Outputs are written atomically, and only after the manifest's reconciliation holds; when
/// it does not, nothing is written and the stage throws an internal error (exit 70).
public enum CleanStage {
  /// Runs the stage and returns its manifest (also written beside the output).
  public static func run(_ o: CleanOptions, progress: ProgressMeter) throws -> StageManifest {
    let started = SystemCalls.monotonicSeconds()
    let priority = try SourcePriority(entries: o.priority)
    guard o.output != o.rejectsOutput else {
      throw HealthError.usage(
        "the cleaned table and the rejects table cannot both be \(o.output)",
        hint: "pass a different --rejects path")
    }
    let header = try TableFile.header(of: o.input)
    var engine = CleanEngine(priority: priority, inputs: header.inputs, tableName: o.input)
    // A samples row takes at least ~32 bytes on disk (a float64 value and two nullable
    // float64 columns alone are 24), so this over-reserves a little: address space only.
    if let size = FileFingerprint.stat(o.input)?.size { engine.reserveCapacity(Int(size / 32)) }
    progress.begin(stage: "clean")
    defer { progress.end() }
    try TableFile.stream(Sample.self, from: o.input) { block in
      for sample in block { try engine.add(sample) }
      progress.update(bytes: 0, records: Int64(engine.samplesRead))
    }
    let result = engine.finish()

    let inputPrint = try FileFingerprint.withChecksum(o.input)
    var inputs = header.inputs
    inputs.append(
      InputDescriptor(
        index: inputs.count, path: o.input, format: TableKind.samples.rawValue,
        size: inputPrint.size, crc32: inputPrint.crc32 ?? ""))
    let meta = try CleanTableMeta.entries(result, upstream: header.meta)

    let cleaned = try TableWriter<Sample>(
      path: o.output, stage: "clean", inputs: inputs, meta: meta)
    let rejects = try TableWriter<Reject>(
      path: o.rejectsOutput, stage: "clean", inputs: inputs, meta: meta)
    let tally: WriteTally
    do {
      tally = try writeBoth(result, cleaned: cleaned, rejects: rejects, progress: progress)
    } catch {
      cleaned.abandon()
      rejects.abandon()
      throw error
    }
    let reconciliation = CleanManifest.reconciliation(result, tally: tally)
    let failed = reconciliation.filter { !$0.holds }
    guard failed.isEmpty else {
      cleaned.abandon()
      rejects.abandon()
      let lines = failed.map { "\($0.key): \($0.equation) with \(sortedCounts($0.counts))" }
      throw HealthError.internalError(
        "clean does not reconcile, so nothing was written: " + lines.joined(separator: "; "))
    }
    try cleaned.commit()
    try rejects.commit()

    let manifest = StageManifest(
      stage: "clean", inputs: [inputPrint],
      outputs: [
        try FileFingerprint.withChecksum(o.output),
        try FileFingerprint.withChecksum(o.rejectsOutput),
      ],
      settings: [
        "input": o.input, "output": o.output, "rejects": o.rejectsOutput,
        "priority": priority.description,
      ],
      totals: CleanManifest.totals(result), reconciliation: reconciliation,
      notes: CleanManifest.notes(result),
      wallSeconds: SystemCalls.monotonicSeconds() - started,
      peakRSSBytes: SystemCalls.peakRSSBytes())
    try manifest.write(to: StageManifest.path(for: o.output))
    return manifest
  }

  /// Writes the cleaned and the rejects table at the same time (two cores; they share only
  /// the read-only result) and merges their tallies.
  private static func writeBoth(
    _ result: CleanResult, cleaned: TableWriter<Sample>, rejects: TableWriter<Reject>,
    progress: ProgressMeter
  ) throws -> WriteTally {
    let outcomes = [WriteOutcome(), WriteOutcome()]
    // Each writer is used by exactly one worker, and by nobody else until both are done.
    nonisolated(unsafe) let cleaned = cleaned
    nonisolated(unsafe) let rejects = rejects
    DispatchQueue.concurrentPerform(iterations: 2) { part in
      var tally = WriteTally()
      do {
        if part == 0 {
          try CleanedTableWriter.write(result, to: cleaned, tally: &tally, progress: progress)
        } else {
          try RejectsWriter.write(result, to: rejects, tally: &tally)
        }
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

  private static func sortedCounts(_ counts: [String: Int64]) -> String {
    counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
  }
}

/// The result of one of the two concurrent writes; each is set by exactly one worker and
/// read after both have finished.
private final class WriteOutcome: @unchecked Sendable {
  var result: Result<WriteTally, any Error> = .failure(
    HealthError.internalError("a table write did not run"))
}
