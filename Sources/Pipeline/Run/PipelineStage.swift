import HealthCore
import HealthModel
import HealthSystem
import Report

/// What a stage run produced: its manifest, problems that did not stop it (an input that
/// failed while the others were read: the run then exits 1, partial success), and for the
/// report stage what happened to its e-mail, as a value (`EmailDelivery`).
public struct StageOutput: Sendable {
  /// The stage's manifest.
  public var manifest: StageManifest
  /// Failures of parts of the stage that did not stop it.
  public var partialFailures: [HealthError]
  /// The report stage's e-mail delivery; nil for the other stages.
  public var email: EmailDelivery?

  /// Creates an output.
  public init(
    manifest: StageManifest, partialFailures: [HealthError] = [], email: EmailDelivery? = nil
  ) {
    self.manifest = manifest
    self.partialFailures = partialFailures
    self.email = email
  }
}

/// One stage of a pipeline run, as the runner sees it: what it reads, what it writes, the
/// settings that change its result, and how to run it.
public struct PipelineStage: Sendable {
  /// `ingest`, `clean`, `aggregate`, `report`.
  public var name: String
  /// Files it reads (pipeline inputs or an earlier stage's outputs).
  public var inputs: [String]
  /// Files it writes (tables, manifests, reports). A folder output lists its files.
  public var outputs: [String]
  /// Settings that influence the result, as canonical strings.
  public var settings: [String: String]
  /// Runs the stage, given the fingerprints the run already holds by path (what earlier
  /// stages computed of the files they read and wrote, or their stamps recorded), so a
  /// stage can take its input tables' CRC-32 and digest instead of reading them again.
  public var run: @Sendable (ProgressMeter, [String: FileFingerprint]) throws -> StageOutput
  /// Whether `inputs` are the pipeline's own input files (compared by size and mtime, like
  /// make) rather than files an earlier stage wrote (compared by content).
  public var externalInputs: Bool = false
  /// Whether a successful run should never be skipped (e.g. sending e-mail checks its own
  /// ledger).
  public var alwaysRun: Bool = false

  /// Creates a stage.
  public init(
    name: String, inputs: [String], outputs: [String], settings: [String: String],
    externalInputs: Bool = false, alwaysRun: Bool = false,
    run: @escaping @Sendable (ProgressMeter) throws -> StageOutput
  ) {
    self.name = name
    self.inputs = inputs
    self.outputs = outputs
    self.settings = settings
    self.externalInputs = externalInputs
    self.alwaysRun = alwaysRun
    self.run = { progress, _ in try run(progress) }
  }

  /// Creates a stage that takes the run's known fingerprints (`run`).
  public init(
    name: String, inputs: [String], outputs: [String], settings: [String: String],
    runKnowing:
      @escaping @Sendable (ProgressMeter, [String: FileFingerprint]) throws
      -> StageOutput
  ) {
    self.name = name
    self.inputs = inputs
    self.outputs = outputs
    self.settings = settings
    self.run = runKnowing
  }
}
