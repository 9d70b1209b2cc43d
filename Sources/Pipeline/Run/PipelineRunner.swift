import Foundation
import HealthCore

/// Runs stages in order under the work-folder lock, skipping those whose inputs, settings
/// and outputs are unchanged since their last success (`force` reruns all), and writes a
/// stamp after each successful stage and the run summary at the end.
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
    if stamp.outputs.map(\.path) != stage.outputs { return (true, "the list of outputs changed") }
    for output in stamp.outputs {
      if let why = FingerprintCheck.mismatch(output, byContent: true) {
        return (true, "output " + why)
      }
    }
    return (false, upstreamRan ? "inputs unchanged in content" : "unchanged since last run")
  }

  /// Runs (or plans) the stages. Throws the first stage failure after recording it.
  public func run(
    _ stages: [PipelineStage], progress: ProgressMeter, onOutcome: (StageOutcome) -> Void
  )
    throws -> [StageOutcome]
  {
    var outcomes: [StageOutcome] = []
    var upstreamRan = false
    for stage in stages {
      let decision = decide(stage, upstreamRan: upstreamRan)
      if planOnly {
        let o = StageOutcome(
          stage: stage.name, status: decision.run ? "planned-run" : "planned-skip",
          reason: decision.reason, seconds: 0, totals: [:], balanced: true, outputs: [])
        outcomes.append(o)
        onOutcome(o)
        // After a planned run, downstream stamps cannot be trusted to still match.
        continue
      }
      guard decision.run else {
        let outputs = StageStamp.read(stampPath(stage.name))?.outputs ?? []
        let o = StageOutcome(
          stage: stage.name, status: "skipped", reason: decision.reason, seconds: 0, totals: [:],
          balanced: true, outputs: outputs)
        outcomes.append(o)
        onOutcome(o)
        continue
      }
      let started = SystemCalls.monotonicSeconds()
      let manifest = try stage.run(progress)
      let seconds = SystemCalls.monotonicSeconds() - started
      let stamp = StageStamp(
        toolVersion: ToolInfo.version, settings: stage.settings,
        inputs: try FingerprintCheck.fingerprints(stage.inputs),
        outputs: try FingerprintCheck.fingerprints(stage.outputs))
      try FileSystem.createDirectory(workFolder + "/.stamps")
      try stamp.write(to: stampPath(stage.name))
      upstreamRan = true
      let o = StageOutcome(
        stage: stage.name, status: "ran", reason: decision.reason, seconds: seconds,
        totals: manifest.totals, balanced: manifest.balanced, outputs: stamp.outputs)
      outcomes.append(o)
      onOutcome(o)
    }
    return outcomes
  }
}
