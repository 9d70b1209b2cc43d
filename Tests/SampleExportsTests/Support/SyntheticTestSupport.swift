import Foundation
import TestSupport

@testable import SampleExports

/// Shared helpers of the synthetic generator's tests.
enum SyntheticTestSupport {
  /// Whether `python3` is on the PATH (tests that use it for independent checks are skipped
  /// without it).
  static var hasPython: Bool { Python.available }

  /// Whether `unzip` is available.
  static let hasUnzip = ProcessRunner.executable(named: "unzip") != nil

  /// Runs a program found on the PATH.
  static func run(_ name: String, _ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.run(name, arguments)
  }

  /// Generates formats into a fresh folder and returns it (with `truth.csv` inside).
  static func generate(
    _ options: SyntheticOptions, formats: [SyntheticFormat] = SyntheticFormat.standard
  ) throws -> SyntheticScratch {
    let dir = SyntheticScratch("synthetic")
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

/// The generator's scratch folder.
typealias SyntheticScratch = TemporaryDirectory

extension TemporaryDirectory {
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
