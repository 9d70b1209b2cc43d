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

    var tally = WriteTally()
    let cleaned = try TableWriter<Sample>(
      path: o.output, stage: "clean", inputs: inputs, meta: meta)
    let rejects = try TableWriter<Reject>(
      path: o.rejectsOutput, stage: "clean", inputs: inputs, meta: meta)
    do {
      try CleanedTableWriter.write(result, to: cleaned, tally: &tally, progress: progress)
      try RejectsWriter.write(result, to: rejects, tally: &tally)
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
    progress.end()

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

  private static func sortedCounts(_ counts: [String: Int64]) -> String {
    counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
  }
}
