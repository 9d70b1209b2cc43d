import HealthCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The clean stage on files, with memory bounded by the largest metric instead of the
/// whole table. Arbitration never looks across metrics, so:
///
/// 1. one streaming pass over the samples table applies the per-sample rules
///    (`SampleIntake`) and spills the compact rows to one partition per metric
///    (`MetricPartitions`, a scratch file beside the output);
/// 2. the metrics are resolved one at a time in table order, each exactly as
///    `CleanEngine` resolves a whole table (`CleanResult` on that metric's rows): its cleaned
///    rows are appended to a body table and its rejects (as `RejectRecord`s) go to a second
///    scratch file, then the metric's rows are released;
/// 3. the rejects table is written by merging the per-metric runs in origin order, and the
///    cleaned table is the body's blocks under the final header (whose counts are known
///    only now), copied byte for byte (`TableConcatenation`).
///
/// The body has the rows of the cleaned table in the same order and the same block size,
/// so the result is byte-identical to writing all rows in one go. It is
/// `.<output name>.tmp-clean-body-<pid>` beside the output, removed at the end and on any
/// error; after a kill, the pipeline's clean-up of leftovers removes it (`.` first, `.tmp-`
/// inside). The scratch files are unlinked as soon as they are open (see `SpillFile`).
enum PartitionedClean {
  /// What was written, for the manifest.
  struct Outcome {
    /// Counts, sources and unchecked inputs.
    var summary: CleanSummary
    /// One line per metric and a total line; they all hold.
    var reconciliation: [Reconciliation]
    /// The cleaned table's size and CRC-32.
    var cleaned: TableConcatenation.Written
  }

  /// Cleans `options.input` into `options.output` and `options.rejectsOutput`. `inputs` is
  /// the cleaned table's input list (the samples table's inputs and the table itself);
  /// `upstream` the samples table's meta. Nothing is written unless every reconciliation
  /// line holds (else an internal error, exit 70).
  static func run(
    _ options: CleanOptions, priority: SourcePriority, header: TableHeader,
    inputs: [InputDescriptor], progress: ProgressMeter
  ) throws -> Outcome {
    // 1. Per-sample rules, rows spilled per metric.
    var intake = SampleIntake(
      priority: priority, inputs: header.inputs, tableName: options.input)
    let rowFile = try SpillFile(beside: options.output)
    var partitions = MetricPartitions(spill: rowFile)
    try TableFile.stream(Sample.self, from: options.input) { block in
      for sample in block {
        let (row, side) = try intake.take(sample)
        try partitions.append(row, side: side)
      }
      progress.update(bytes: 0, records: Int64(intake.samplesRead))
    }
    try partitions.finishWriting()

    // 2. One metric at a time, in table order.
    let pools = intake.pools
    let order = SampleOrder(pools)
    let metricRanks = pools.metrics.sortRanks()
    let metricOrder = (0..<UInt32(pools.metrics.count)).sorted {
      metricRanks[Int($0)] < metricRanks[Int($1)]
    }
    let bodyPath = Self.bodyPath(for: options.output)
    defer { unlink(bodyPath) }
    let rejectFile = try SpillFile(beside: options.output)
    var runs = RejectRuns(spill: rejectFile)
    var summary = CleanSummary.Builder(pools: pools, priority: priority, inputs: header.inputs)
    var tally = WriteTally()
    let body = try TableWriter<Sample>(path: bodyPath, stage: "clean")
    do {
      var written: Int64 = 0
      for metric in metricOrder {
        var part = pools
        try partitions.load(metric, into: &part)
        // `consume`: the result owns the rows, so marking their statuses copies nothing.
        let result = CleanResult(
          resolving: consume part, order: order, priority: priority, inputs: header.inputs)
        try CleanedTableWriter.write(
          result, to: body, tally: &tally, progress: progress, written: &written)
        var records: [RejectRecord] = []
        result.forEachRejectRecord { records.append($0) }
        try runs.add(records, metricRank: metricRanks[Int(metric)])
        summary.add(result)
      }
      rowFile.close()
      try body.commit()
    } catch {
      body.abandon()
      throw error
    }
    let totals = summary.build()

    // 3. The rejects, merged; then the cleaned table under its final header.
    let meta = try CleanTableMeta.entries(totals, upstream: header.meta)
    let rejects = try TableWriter<Reject>(
      path: options.rejectsOutput, stage: "clean", inputs: inputs, meta: meta)
    do {
      let reasons = RejectReasons(pools: pools, priority: priority, inputs: header.inputs)
      try runs.merge { record in
        let reject = reasons.reject(record)
        tally.countReject(metric: reject.metric, code: reject.code)
        try rejects.append(reject)
      }
      rejectFile.close()
      let reconciliation = CleanManifest.reconciliation(totals, tally: tally)
      let failed = reconciliation.filter { !$0.holds }
      guard failed.isEmpty else {
        let lines = failed.map { "\($0.key): \($0.equation) with \(sortedCounts($0.counts))" }
        throw HealthError.internalError(
          "clean does not reconcile, so nothing was written: " + lines.joined(separator: "; "))
      }
      let cleaned = try TableConcatenation.concatenate(
        parts: [bodyPath],
        header: TableHeader(
          kind: .samples, columns: Sample.columns, stage: "clean", inputs: inputs, meta: meta),
        to: options.output)
      try rejects.commit()
      return Outcome(summary: totals, reconciliation: reconciliation, cleaned: cleaned)
    } catch {
      rejects.abandon()
      throw error
    }
  }

  /// `.<output name>.tmp-clean-body-<pid>` in the output's folder.
  static func bodyPath(for output: String) -> String {
    let slash = output.lastIndex(of: "/")
    let folder = slash.map { String(output[...$0]) } ?? ""
    let name = slash.map { String(output[output.index(after: $0)...]) } ?? output
    return folder + ".\(name).tmp-clean-body-\(SystemCalls.processID)"
  }

  private static func sortedCounts(_ counts: [String: Int64]) -> String {
    counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
  }
}
