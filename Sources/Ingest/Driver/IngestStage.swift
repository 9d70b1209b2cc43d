import HealthCore
import HealthModel
import HealthSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Stage 1: every input → one samples table and one rejects table, plus a manifest that
/// reconciles `read = kept + rejected` per input, per type and in total.
///
/// Each input is detected by content and read by its reader into two part tables beside
/// the outputs (one for samples, one for rejects, shared by all inputs: a pair per input
/// cost 5-8 ms each in file creation and `fsync`) while its CRC-32 is computed; the parts are
/// then joined under a header listing every input (path, format, size, CRC-32, export
/// date, assumed time zone). An input that fails as a whole (missing, truncated, unknown
/// format) is rolled back out of the parts, so it leaves no rows behind, and the others
/// are still read; it stays in the tables' input list with its problem, so row origins
/// keep pointing at the right input and later stages can name it. An input read with no
/// record kept is listed with its problem too. When every input fails as a whole, nothing
/// is written and earlier outputs stay as they were.
public enum IngestStage {
  /// Runs the stage and returns its manifest. When every input failed as a whole, throws
  /// the first failure (all of them named in the message when there are several). Inputs
  /// that failed beside others, or kept nothing, are only in the manifest (`inputsFailed`,
  /// `inputsNothingKept`, notes); callers that report each one use `execute`.
  public static func run(_ options: IngestOptions, progress: ProgressMeter) throws -> StageManifest
  {
    let result = try execute(options, progress: progress)
    if let manifest = result.manifest { return manifest }
    var error = result.failures[0].error
    if result.failures.count > 1 {
      error.message =
        "all \(result.failures.count) inputs failed; first: \(error.message) ("
        + result.failures.dropFirst().map { "\($0.path): \($0.error.message)" }.joined(
          separator: "; ") + ")"
    }
    throw error
  }

  /// Runs the stage and returns what happened to each input. Throws only for failures of
  /// the stage itself (output cannot be created: 73/74; reconciliation broken: 70).
  public static func execute(_ options: IngestOptions, progress: ProgressMeter) throws
    -> IngestResult
  {
    let started = SystemCalls.monotonicSeconds()
    try checkOutputs(options)
    // Loop exports define habits a journal may name, whatever the order of the inputs.
    let habitsFound = HabitPrescan.found(in: options.inputs)
    var options = options
    options.reader.habits = HabitDefinition.resolved(
      pipeline: options.reader.habits, found: habitsFound)
    let parts = PartFiles(output: options.output, rejects: options.rejectsOutput)
    defer { parts.removeAll() }
    let samplesPart = try TableWriter<Sample>(path: parts.samples, stage: "ingest", durable: false)
    let rejectsPart = try TableWriter<Reject>(path: parts.rejects, stage: "ingest", durable: false)
    // Every later stage keeps one entry per source and per metric name: an input that
    // brings the samples table past these bounds fails as a whole (exit 65).
    samplesPart.limitDistinct("source", to: IngestLimits.distinctSources, noun: "source names")
    samplesPart.limitDistinct("metric", to: IngestLimits.distinctMetrics, noun: "metric names")

    var failures: [InputFailure] = []
    var summaries: [InputSummary] = []
    var read: [InputRead] = []
    // Every input given, in order, so a row's `origin.file` is always its input's position.
    var descriptors: [InputDescriptor] = []
    for (index, path) in options.inputs.enumerated() {
      let report = try readOrRollBack(
        index: index, path: path, options: options, parts: (samplesPart, rejectsPart),
        progress: progress)
      switch report {
      case .read(let one, let summary, let nothingKept):
        if let nothingKept { failures.append(nothingKept) }
        read.append(one)
        descriptors.append(one.descriptor)
        summaries.append(summary)
      case .failed(let failure, let descriptor):
        failures.append(failure)
        descriptors.append(descriptor)
      }
    }

    var result = IngestResult(
      manifest: nil, failures: failures, inputs: summaries, inputCount: options.inputs.count,
      totals: TypeCounts(), bytesRead: read.reduce(0) { $0 + $1.fingerprint.size },
      wallSeconds: 0)
    for one in read {
      result.totals.read += one.totals.read
      result.totals.kept += one.totals.kept
      result.totals.rejected += one.totals.rejected
    }
    guard !read.isEmpty else {
      samplesPart.abandon()
      rejectsPart.abandon()
      result.wallSeconds = SystemCalls.monotonicSeconds() - started
      return result
    }
    // Registered before the renames, so no moment exists where a part file is on disk and
    // unknown to the clean-up of a polite stop (unlinking a name not yet there is harmless).
    parts.register()
    try samplesPart.commit()
    try rejectsPart.commit()

    try writeOutputs(
      options, parts: parts, read: read, failures: failures, descriptors: descriptors,
      habitsFound: habitsFound, started: started, result: &result)
    return result
  }

  /// Joins the committed parts under one header listing every input, and writes the
  /// manifest once the counts reconcile (exit 70 when they do not).
  private static func writeOutputs(
    _ options: IngestOptions, parts: PartFiles, read: [InputRead], failures: [InputFailure],
    descriptors: [InputDescriptor], habitsFound: [HabitDefinition], started: Double,
    result: inout IngestResult
  ) throws {
    let reconciliation = IngestReconciliation.lines(for: read)
    let broken = reconciliation.filter { !$0.holds }
    guard broken.isEmpty else {
      throw HealthError.internalError(
        "ingest counts do not reconcile: "
          + broken.map { "\($0.scope) \($0.key): \($0.equation) with \($0.counts)" }.joined(
            separator: "; "))
    }

    let facts = StageFacts(
      ingest: IngestFacts(
        recordsRead: result.totals.read, recordsKept: result.totals.kept,
        recordsRejected: result.totals.rejected, inputsFailed: result.failedCount,
        healthConnect: read.compactMap(\.healthConnect), habitsFound: habitsFound))
    let samples = try TableConcatenation.concatenate(
      parts: [parts.samples],
      header: TableHeader(
        kind: .samples, columns: Sample.columns, stage: "ingest", inputs: descriptors, facts: facts),
      to: options.output, blockCheck: .trustWrittenThisRun)
    let rejects = try TableConcatenation.concatenate(
      parts: [parts.rejects],
      header: TableHeader(
        kind: .rejects, columns: Reject.columns, stage: "ingest", inputs: descriptors, facts: facts),
      to: options.rejectsOutput, blockCheck: .trustWrittenThisRun)

    result.wallSeconds = SystemCalls.monotonicSeconds() - started
    var manifest = StageManifest(
      stage: "ingest", inputs: read.map(\.fingerprint),
      outputs: [
        samples.fingerprint, rejects.fingerprint,
      ],
      settings: [
        "timeZone": options.reader.timeZone ?? "machine zone",
        "timeZoneOrigin": options.reader.timeZoneOrigin,
      ],
      totals: IngestReconciliation.totals(for: read, failures: failures),
      reconciliation: reconciliation,
      notes: IngestReconciliation.notes(for: read, failures: failures),
      wallSeconds: result.wallSeconds, peakRSSBytes: SystemCalls.peakRSSBytes())
    manifest.totals["bytes"] = result.bytesRead
    try manifest.write(to: StageManifest.path(for: options.output))
    result.manifest = manifest
  }

  /// The shared part writers and where they stood before this input.
  typealias PartWriters = (
    samples: TableWriter<Sample>, rejects: TableWriter<Reject>,
    samplesMark: TableWriter<Sample>.Checkpoint, rejectsMark: TableWriter<Reject>.Checkpoint
  )

  /// The input's format (66 when it is missing, 65 when the format is unknown).
  static func detect(_ path: String) throws -> InputFormat {
    guard FileFingerprint.stat(path) != nil else {
      throw HealthError.missingInput(path, reason: "no such file")
    }
    return try FormatDetector.detect(path: path)
  }

  static func readInput(
    index: Int, path: String, format: InputFormat, options: IngestOptions, writers: PartWriters,
    progress: ProgressMeter
  ) throws -> InputRead {
    guard let stat = FileFingerprint.stat(path) else {
      throw HealthError.missingInput(path, reason: "no such file")
    }
    let reader = InputReaders.reader(
      for: format, parsingThreads: options.reader.parsingThreads)
    let samplesPart = writers.samples
    let rejectsPart = writers.rejects
    let rowWriter = SampleRowWriter(samplesPart)
    let sink = IngestSink(
      inputIndex: Int32(index), path: path, onSample: { try samplesPart.append($0) },
      onReject: { try rejectsPart.append($0) },
      rowWriter: rowWriter)
    try reader.read(path: path, into: sink, options: options.reader, progress: progress)
    var fingerprint = stat
    if let crc = sink.contentCRC32 {
      fingerprint.crc32 = CRC32Text.hex(crc)
    } else {
      fingerprint.crc32 = try FileFingerprint.withChecksum(path).crc32
    }
    let descriptor = InputDescriptor(
      index: index, path: path, format: format.rawValue, size: fingerprint.size,
      crc32: fingerprint.crc32 ?? "", exportDate: sink.exportDate,
      assumedTimeZone: sink.assumedTimeZone)
    return InputRead(
      index: index, path: path, format: format, fingerprint: fingerprint, descriptor: descriptor,
      counts: sink.counts, totals: sink.totals, rejectTally: sink.rejectTally, extra: sink.extra,
      notes: sink.notes, healthConnect: sink.healthConnect,
      samplesRows: samplesPart.rowCount - writers.samplesMark.rows,
      rejectsRows: rejectsPart.rowCount - writers.rejectsMark.rows)
  }

  private static func checkOutputs(_ options: IngestOptions) throws {
    guard !options.inputs.isEmpty else {
      throw HealthError.usage("ingest needs at least one INPUT file")
    }
    guard options.inputs.count <= IngestLimits.inputs else {
      throw HealthError.usage(
        "\(options.inputs.count) inputs; one ingest reads at most \(IngestLimits.inputs) files",
        hint: "combine the files first (e.g. one long CSV), or ingest them in groups")
    }
    try OutputCollision.check(
      outputs: [
        options.output, options.rejectsOutput, StageManifest.path(for: options.output),
      ], inputs: options.inputs)
    for path in [options.output, options.rejectsOutput] {
      let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
      guard SystemCalls.isDirectory(folder.isEmpty ? "/" : folder) else {
        throw HealthError(
          .cannotCreate, "cannot create output: folder \(folder) does not exist",
          at: SourceLocation(file: path), hint: "create the folder or choose another --out")
      }
    }
  }
}

/// Everything kept about one input that was read.
struct InputRead {
  var index: Int
  var path: String
  var format: InputFormat
  var fingerprint: FileFingerprint
  var descriptor: InputDescriptor
  var counts: [String: TypeCounts]
  var totals: TypeCounts
  var rejectTally: RejectTally
  var extra: [String: Int64]
  var notes: [String]
  var healthConnect: HealthConnectFacts?
  var samplesRows: Int64
  var rejectsRows: Int64
}

/// The two part files beside the outputs (hidden: `.samples.hpt.part-<owner>`, the mark of
/// `TemporaryFiles.owner`), removed when the stage ends.
struct PartFiles {
  /// The samples part.
  let samples: String
  /// The rejects part.
  let rejects: String

  init(output: String, rejects: String) {
    let owner = TemporaryFiles.owner
    samples = Self.hidden(output, suffix: "part-\(owner)")
    self.rejects = Self.hidden(rejects, suffix: "part-\(owner)")
  }

  /// Called just before the parts are committed: from then on they are removed on SIGTERM
  /// too (while written they are the writers' temporary files).
  func register() {
    TemporaryFiles.register(samples)
    TemporaryFiles.register(rejects)
  }

  /// Removes both part files.
  func removeAll() {
    for p in [samples, rejects] {
      unlink(p)
      TemporaryFiles.unregister(p)
    }
  }

  private static func hidden(_ path: String, suffix: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return ".\(path).\(suffix)" }
    return String(path[...slash]) + "." + path[path.index(after: slash)...] + "." + suffix
  }
}

/// Hex text of a CRC-32 value.
enum CRC32Text {
  static func hex(_ value: UInt32) -> String {
    let s = String(value, radix: 16)
    return String(repeating: "0", count: 8 - s.count) + s
  }
}
