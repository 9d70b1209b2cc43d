import HealthCore
import HealthModel
import HealthSystem

/// What reading one input gave ingest: the one report per input the stage collects in
/// input order (docs/ingest-apple.md, "Inputs that contribute nothing").
enum InputReport {
  /// Read: what was kept of it, its summary line, and the failure to report when it kept
  /// no record (it stays in the tables with its problem).
  case read(InputRead, InputSummary, nothingKept: InputFailure?)
  /// Failed as a whole and rolled back out of the parts: the failure, and its descriptor
  /// (with its problem) for the tables' input list.
  case failed(InputFailure, InputDescriptor)
}

extension IngestStage {
  /// Reads input `index` into the shared parts; an input that fails as a whole is rolled
  /// back out of them and reported. Throws only what stops the stage: the outputs cannot
  /// be written (73/74, or 70), not an error of the input itself.
  static func readOrRollBack(
    index: Int, path: String, options: IngestOptions,
    parts: (samples: TableWriter<Sample>, rejects: TableWriter<Reject>), progress: ProgressMeter
  ) throws -> InputReport {
    let inputStarted = SystemCalls.monotonicSeconds()
    let samplesMark = try parts.samples.checkpoint()
    let rejectsMark = try parts.rejects.checkpoint()
    var format: InputFormat?
    do {
      format = try detect(path)
      var one = try readInput(
        index: index, path: path, format: format!, options: options,
        writers: (parts.samples, parts.rejects, samplesMark, rejectsMark), progress: progress)
      var nothingKept: InputFailure?
      if one.totals.kept == 0 {
        let failure = InputOutcome.nothingKept(one)
        one.descriptor.problem = InputOutcome.problem(failure)
        nothingKept = failure
      }
      let summary = InputSummary(
        index: index, path: path, format: one.format, size: one.fingerprint.size,
        counts: one.totals, seconds: SystemCalls.monotonicSeconds() - inputStarted)
      return .read(one, summary, nothingKept: nothingKept)
    } catch let error as HealthError {
      if [.cannotCreate, .ioError, .internalError].contains(error.code),
        error.location?.file != path
      {
        throw error
      }
      try parts.samples.rollback(to: samplesMark)
      try parts.rejects.rollback(to: rejectsMark)
      var located = error
      if located.location == nil { located.location = SourceLocation(file: path) }
      let failure = InputFailure(index: index, path: path, error: located, kind: .failed)
      return .failed(
        failure,
        InputDescriptor(
          index: index, path: path, format: format?.rawValue ?? "unknown",
          size: FileFingerprint.stat(path)?.size ?? 0, crc32: "",
          problem: InputOutcome.problem(failure)))
    } catch {
      throw HealthError.internalError("reading \(path) failed unexpectedly: \(error)")
    }
  }
}
