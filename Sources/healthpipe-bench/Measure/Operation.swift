import HealthCore

/// Something to measure: one or more healthpipe commands run in order as one repetition
/// (several only for "the stage commands in sequence"), and how to read its count.
struct Operation {
  /// What is run, e.g. `ingest export.xml`.
  var name: String
  /// The input as shown in the table.
  var input: String
  /// Input bytes (for MB/s).
  var inputBytes: Int64
  /// healthpipe argument lists, run one after another per repetition.
  var commands: [[String]]
  /// A manifest to read after each repetition.
  var manifest: String?
  /// The manifest total holding the record count (e.g. `read`, `samples`).
  var recordsKey: String?
  /// Extra figures to take from the manifest after each repetition.
  var extras: (@Sendable (StageManifest) -> [String: Double])?
  /// A `healthpipe run` summary to read after each repetition: the ingest stage's `read`
  /// total becomes the record count, each stage that ran gives `<stage>Seconds`.
  var runSummary: String?
  /// A remark printed under the table.
  var note: String?
  /// The program run instead of the `healthpipe` under test (an absolute path), for the
  /// references measured beside it (`grep`, healthkit-to-sqlite).
  var executable: String?
  /// Environment variables added for the child (e.g. `HEALTHPIPE_DEBUG_PIECES`).
  var environment: [String: String] = [:]
  /// Extra figures to take from the child's log (stdout and stderr) after each repetition.
  var logExtras: (@Sendable (String) -> [String: Double])?

  /// An operation of one command.
  init(
    _ name: String, input: String, bytes: Int64, command: [String], manifest: String? = nil,
    recordsKey: String? = nil, note: String? = nil
  ) {
    self.name = name
    self.input = input
    self.inputBytes = bytes
    self.commands = [command]
    self.manifest = manifest
    self.recordsKey = recordsKey
    self.note = note
  }
}
