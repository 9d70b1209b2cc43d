import Foundation
import HealthCore

@testable import SampleExports

/// Shared helpers of the synthetic generator's tests.
enum SyntheticTestSupport {
  /// Whether `python3` is on the PATH (tests that use it for independent checks are skipped
  /// without it).
  static let hasPython: Bool = {
    (try? run("/usr/bin/env", ["python3", "-c", "print(1)"]))?.status == 0
  }()

  /// Whether `unzip` is available.
  static let hasUnzip: Bool = {
    (try? run("/usr/bin/env", ["unzip", "-v"]))?.status == 0
  }()

  /// Runs a program; returns its exit status and combined output.
  static func run(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = pipe
    try p.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Runs a Python script with arguments.
  static func python(_ script: String, _ arguments: [String] = []) throws -> (
    status: Int32, output: String
  ) {
    try run("/usr/bin/env", ["python3", "-c", script] + arguments)
  }

  /// Generates formats into a fresh folder and returns it (with `truth.csv` inside).
  static func generate(
    _ options: SyntheticOptions, formats: [SyntheticFormat] = SyntheticFormat.allCases
  ) throws -> SyntheticScratch {
    let dir = SyntheticScratch()
    _ = try SyntheticExport.write(
      options, formats: formats, to: dir.path, truth: dir.file("truth.csv"))
    return dir
  }

  /// Reads a file's bytes.
  static func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// The files of a folder, sorted.
  static func files(_ dir: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
  }
}

/// A scratch folder removed when dropped.
final class SyntheticScratch: @unchecked Sendable {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "/synthetic-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> String { path + "/" + name }

  /// The one file whose name starts with `prefix` and ends with `suffix`.
  func find(_ prefix: String, _ suffix: String = "") throws -> String {
    let names = try SyntheticTestSupport.files(path).filter {
      $0.hasPrefix(prefix) && $0.hasSuffix(suffix)
    }
    guard names.count == 1 else {
      throw SyntheticTestError.missing("\(prefix)*\(suffix): \(names)")
    }
    return file(names[0])
  }
}

/// Failures of test setup.
enum SyntheticTestError: Error {
  case missing(String)
}
