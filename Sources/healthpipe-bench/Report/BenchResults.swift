import Foundation
import HealthSystem

/// The machine-readable results of a run (`--json FILE`).
struct BenchResults: Sendable, Encodable {
  /// Where and when.
  var machine: MachineInfo
  /// The binary measured and its version.
  var healthpipe: String
  /// `healthpipe` version string.
  var toolVersion: String
  /// Small inputs (`--quick`).
  var quick: Bool
  /// Repetitions per operation.
  var repeats: Int
  /// Generator seed.
  var seed: UInt64
  /// The input sizes asked for.
  var sizes: BenchSizes
  /// Sections run.
  var sections: [BenchSection]
  /// Every measurement with every repetition.
  var measurements: [Measurement]
  /// Every budget check.
  var checks: [BudgetCheck]

  /// Writes the results as pretty JSON with sorted keys, atomically.
  func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try AtomicFileWriter.write(Array(try encoder.encode(self)), to: path)
  }
}
