import Foundation
import HealthModel
import HealthSystem
import SampleExports

/// A fingerprint of the generator's output: the CRC-32 of every format written for a few
/// days. Cached inputs record it, so a change to the generator (same tool version, other
/// bytes) makes the bench generate its inputs again instead of measuring stale files. It is
/// computed in a child (`healthpipe-bench __fingerprint`) to keep the bench's own RSS small.
enum GeneratorFingerprint {
  /// The hidden command's name.
  static let command = "__fingerprint"

  /// Runs `__fingerprint` in a child process and returns its answer.
  static func inChild(benchBinary: String, seed: UInt64, work: String) throws -> String {
    let scratch = work + "/inputs/.fingerprint"
    let answer = work + "/inputs/.fingerprint.txt"
    let usage = try ChildProcess.run(
      benchBinary, [command, String(seed), scratch, answer], log: work + "/logs/fingerprint.log")
    defer { try? FileManager.default.removeItem(atPath: answer) }
    guard usage.exitStatus == 0,
      let text = try? String(contentsOfFile: answer, encoding: .utf8), text.count == 8
    else {
      throw HealthError(
        .internalError, "the generator's fingerprint could not be computed",
        at: SourceLocation(file: work + "/logs/fingerprint.log"), hint: "see the log")
    }
    return text
  }

  /// Entry of the hidden command: `__fingerprint SEED SCRATCH ANSWER`.
  static func main(_ arguments: [String]) throws {
    guard arguments.count == 3, let seed = UInt64(arguments[0]) else {
      throw HealthError.usage("__fingerprint needs a seed, a scratch folder and a file")
    }
    let hex = try compute(seed: seed, scratch: arguments[1])
    try AtomicFileWriter.write(Array(hex.utf8), to: arguments[2])
  }

  /// Writes three days of every format into a scratch folder and returns the CRC-32 of
  /// their bytes in format order, as hex.
  static func compute(seed: UInt64, scratch: String) throws -> String {
    try? FileManager.default.removeItem(atPath: scratch)
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    var options = SyntheticOptions(days: 3, seed: seed)
    options.ringDays = 3
    let files = try SyntheticExport.write(
      options, formats: SyntheticFormat.allCases, to: scratch)
    var crc = CRC32()
    for file in files {
      guard let data = FileManager.default.contents(atPath: file.path) else {
        throw HealthError.missingInput(file.path, reason: "the generator's file is missing")
      }
      crc.update(Array(data))
    }
    return crc.hex
  }
}
