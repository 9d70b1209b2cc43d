import Foundation
import HealthCore
import HealthModel
import HealthSystem

/// Runs stages in order, skipping those whose inputs, settings and outputs are unchanged
/// since their last success (`force` reruns all), and writes a stamp after each stage that
/// succeeded completely. The caller holds the work-folder lock.
public struct PipelineRunner {
  /// The work folder (created if missing).
  public var workFolder: String
  /// Rerun every stage.
  public var force: Bool
  /// Only decide and report; touch nothing.
  public var planOnly: Bool

  /// Creates a runner.
  public init(workFolder: String, force: Bool = false, planOnly: Bool = false) {
    self.workFolder = workFolder
    self.force = force
    self.planOnly = planOnly
  }

  /// Where a stage's stamp lives.
  public func stampPath(_ stage: String) -> String { workFolder + "/.stamps/\(stage).json" }

  /// Decides whether a stage must run, and why.
  public func decide(_ stage: PipelineStage, upstreamRan: Bool) -> (run: Bool, reason: String) {
    if force { return (true, "--force") }
    if stage.alwaysRun { return (true, "always runs") }
    guard let stamp = StageStamp.read(stampPath(stage.name)) else {
      return (true, "no earlier successful run")
    }
    if stamp.toolVersion != ToolInfo.version {
      return (true, "healthpipe version changed (\(stamp.toolVersion) -> \(ToolInfo.version))")
    }
    if stamp.tableFormat != TableFileLayout.version {
      let was = stamp.tableFormat.map { "version \($0)" } ?? "an older version"
      return (true, "table format changed (\(was) -> version \(TableFileLayout.version))")
    }
    if stamp.settings != stage.settings {
      let changed = Set(stamp.settings.keys).union(stage.settings.keys)
        .filter { stamp.settings[$0] != stage.settings[$0] }.sorted()
      return (true, "settings changed: " + changed.joined(separator: ", "))
    }
    if stamp.inputs.map(\.path) != stage.inputs {
      return (true, "the list of inputs changed")
    }
    for input in stamp.inputs {
      if let why = FingerprintCheck.mismatch(input, byContent: !stage.externalInputs) {
        return (true, "input " + why)
      }
    }
    let recorded = Set(stamp.outputs.map(\.path))
    if let missing = stage.outputs.first(where: { !recorded.contains($0) }) {
      return (true, "output \(missing) was not made by the last run")
    }
    for output in stamp.outputs {
      if let why = FingerprintCheck.mismatch(output, byContent: true) {
        return (true, "output " + why)
      }
    }
    return (false, upstreamRan ? "inputs unchanged in content" : "unchanged since last run")
  }

  /// Runs (or plans) the stages, calling `onOutcome` after each. A stage failure is thrown
  /// after its outcome was reported; partial failures are returned with the outcomes, and
  /// the output of each stage that ran by its name.
  public func run(
    _ stages: [PipelineStage], progress: ProgressMeter, onOutcome: (StageOutcome) -> Void
  ) throws -> (
    outcomes: [StageOutcome], partialFailures: [HealthError], ran: [String: StageOutput]
  ) {
    var ran: [String: StageOutput] = [:]
    var outcomes: [StageOutcome] = []
    var partial: [HealthError] = []
    var upstreamRan = false
    // Checksums already computed in this run (by the stages, or for an earlier stamp), so
    // the stamps do not read each input and output again.
    var known: [String: FileFingerprint] = [:]
    func report(_ outcome: StageOutcome) {
      outcomes.append(outcome)
      onOutcome(outcome)
    }
    for stage in stages {
      var decision = decide(stage, upstreamRan: upstreamRan)
      if planOnly {
        if !decision.run && upstreamRan {
          decision.reason = "skips unless an earlier stage's output changes"
        }
        report(
          StageOutcome(
            stage: stage.name, status: decision.run ? "planned-run" : "planned-skip",
            reason: decision.reason, seconds: 0, totals: [:], balanced: true, outputs: []))
        upstreamRan = upstreamRan || decision.run
        continue
      }
      guard decision.run else {
        let outputs = StageStamp.read(stampPath(stage.name))?.outputs ?? []
        Self.remember(outputs, in: &known)
        report(
          StageOutcome(
            stage: stage.name, status: "skipped", reason: decision.reason, seconds: 0,
            totals: [:], balanced: true, outputs: outputs))
        continue
      }
      let started = SystemCalls.monotonicSeconds()
      let output: StageOutput
      do {
        output = try stage.run(progress, known)
      } catch let error as HealthError {
        progress.end()
        report(
          StageOutcome(
            stage: stage.name, status: "failed", reason: error.message,
            seconds: SystemCalls.monotonicSeconds() - started, totals: [:], balanced: false,
            outputs: []))
        throw error
      }
      let seconds = SystemCalls.monotonicSeconds() - started
      ran[stage.name] = output
      partial += output.partialFailures
      upstreamRan = true
      report(
        try finished(
          stage, output: output, reason: decision.reason, seconds: seconds, known: &known))
    }
    return (outcomes, partial, ran)
  }

  /// After a stage ran: fingerprints its outputs, writes its stamp when it succeeded
  /// completely (an incomplete stage keeps none, so the next run tries it again), and
  /// returns its outcome.
  private func finished(
    _ stage: PipelineStage, output: StageOutput, reason: String, seconds: Double,
    known: inout [String: FileFingerprint]
  ) throws -> StageOutcome {
    let manifest = output.manifest
    // Outputs: those declared, plus any the stage's manifest lists (e.g. Markdown's SVGs).
    var outputPaths = stage.outputs
    for made in manifest.outputs.map(\.path) where !outputPaths.contains(made) {
      outputPaths.append(made)
    }
    Self.remember(manifest.inputs + manifest.outputs, in: &known)
    let outputs = try FingerprintCheck.fingerprints(
      outputPaths.filter { SystemCalls.fileStatus($0) != nil }, known: known)
    Self.remember(outputs, in: &known)
    if output.partialFailures.isEmpty {
      let stamp = StageStamp(
        toolVersion: ToolInfo.version, tableFormat: TableFileLayout.version,
        settings: stage.settings,
        inputs: try FingerprintCheck.fingerprints(stage.inputs, known: known), outputs: outputs)
      try FileSystem.createDirectory(workFolder + "/.stamps")
      try stamp.write(to: stampPath(stage.name))
    } else {
      try? FileManager.default.removeItem(atPath: stampPath(stage.name))
    }
    return StageOutcome(
      stage: stage.name, status: output.partialFailures.isEmpty ? "ran" : "ran-partially",
      reason: reason, seconds: seconds, totals: manifest.totals,
      balanced: manifest.balanced, outputs: outputs)
  }

  /// Keeps the fingerprints that carry a checksum, by path.
  private static func remember(
    _ prints: [FileFingerprint], in known: inout [String: FileFingerprint]
  ) {
    for print in prints where print.crc32 != nil { known[print.path] = print }
  }
}
