import HealthCore
import Pipeline

/// The four stage commands on one export, with their outputs in one folder:
/// `ingest → clean → aggregate → report` exactly as a user would type them.
struct StageChain: Sendable {
  /// A stage command.
  enum Stage: Int, Sendable, CaseIterable, Comparable {
    case ingest, clean, aggregate, report

    static func < (a: Stage, b: Stage) -> Bool { a.rawValue < b.rawValue }
  }

  /// Names the chain (and its folder under `<work>/runs`).
  var name: String
  /// The export file.
  var input: String
  /// Its size.
  var inputBytes: Int64
  /// The output folder.
  var folder: String
  /// The report date (the export's last day).
  var asOf: String

  /// The files of the four stages, laid out as in a pipeline's work folder.
  var layout: WorkLayout { WorkLayout(folder: folder) }
  /// The ingest samples table.
  var samples: String { layout.samples }
  /// The ingest rejects table.
  var ingestRejects: String { layout.ingestRejects }
  /// The cleaned samples table.
  var cleaned: String { layout.cleaned }
  /// The clean rejects table.
  var cleanRejects: String { layout.cleanRejects }
  /// The aggregate folder.
  var aggregate: String { layout.aggregate }
  /// The 90-day HTML report.
  var report: String { folder + "/report.html" }

  /// The healthpipe arguments of a stage.
  func arguments(_ stage: Stage) -> [String] {
    switch stage {
    case .ingest:
      ["ingest", input, "--out", samples, "--rejects", ingestRejects, "--quiet"]
    case .clean:
      ["clean", samples, "--out", cleaned, "--rejects", cleanRejects, "--quiet"]
    case .aggregate:
      [
        "aggregate", cleaned, "--out", aggregate, "--as-of", asOf, "--rejects", ingestRejects,
        "--rejects", cleanRejects, "--quiet",
      ]
    case .report:
      ["report", aggregate, "--format", "html", "--out", report, "--window", "90", "--quiet"]
    }
  }

  /// The manifest a stage writes.
  func manifest(_ stage: Stage) -> String {
    switch stage {
    case .ingest: StageManifest.path(for: samples)
    case .clean: StageManifest.path(for: cleaned)
    case .aggregate: StageManifest.path(for: aggregate)
    case .report: StageManifest.path(for: report)
    }
  }

  /// The manifest total that counts what the stage read.
  func recordsKey(_ stage: Stage) -> String? {
    switch stage {
    case .ingest, .clean: "read"
    case .aggregate: "samples"
    case .report: nil
    }
  }

  /// The stage as a measured operation.
  func operation(_ stage: Stage, label: String) -> Operation {
    Operation(
      label, input: inputLabel(stage), bytes: stage == .ingest ? inputBytes : 0,
      command: arguments(stage), manifest: manifest(stage), recordsKey: recordsKey(stage))
  }

  /// What the stage reads, for the table.
  func inputLabel(_ stage: Stage) -> String {
    switch stage {
    case .ingest: String(input.split(separator: "/").last ?? "")
    case .clean: "samples of \(name)"
    case .aggregate: "cleaned samples of \(name)"
    case .report: "aggregate of \(name)"
    }
  }
}
