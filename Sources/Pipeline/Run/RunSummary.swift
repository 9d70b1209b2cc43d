import Foundation
import HealthModel
import HealthSystem

/// What one stage did in a run.
public struct StageOutcome: Sendable, Codable {
  /// Stage name.
  public var stage: String
  /// `ran`, `skipped`, `failed`, or `planned-run` / `planned-skip` with `--plan`.
  public var status: String
  /// Why it ran or was skipped (`input changed: ...`, `unchanged since last run`).
  public var reason: String
  /// Wall time in seconds (0 when skipped).
  public var seconds: Double
  /// The stage's totals from its manifest (empty when skipped).
  public var totals: [String: Int64]
  /// Whether its reconciliation held (true when skipped: it held last time).
  public var balanced: Bool
  /// Outputs with fingerprints.
  public var outputs: [FileFingerprint]
}

/// The run summary written to `<work>/run-summary.json` and printed by `run --json`.
public struct RunSummary: Sendable, Codable {
  /// Pipeline name.
  public var pipeline: String
  /// The pipeline file.
  public var file: String
  /// healthpipe version.
  public var toolVersion: String = ToolInfo.version
  /// The resolved as-of date.
  public var asOf: String
  /// Inputs with fingerprints (size and mtime).
  public var inputs: [FileFingerprint]
  /// Stage outcomes in order.
  public var stages: [StageOutcome]
  /// Total wall time in seconds.
  public var seconds: Double
  /// Peak resident memory in bytes.
  public var peakRSSBytes: Int64
  /// Exit code of the run.
  public var exitCode: Int32
  /// Where the report went and what happened to the e-mail (with `--plan`: what would).
  public var delivery: RunDelivery?

  /// Pretty JSON with sorted keys.
  public func json() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    do { return Array(try encoder.encode(self)) + [0x0A] } catch {
      throw HealthError.internalError("cannot encode the run summary: \(error)")
    }
  }
}
