import Foundation
import TestSupport

/// Runs the built `healthpipe` binary (it sits next to the test bundle in the build folder).
enum Healthpipe {
  /// The result of one run.
  typealias Result = ProcessResult

  /// The folder holding the built products.
  static var productsDirectory: URL {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = testBinary.deletingLastPathComponent()
    // On Linux the tests run from `.build/<config>/healthpipePackageTests.xctest`;
    // on macOS from inside the `.xctest` bundle.
    while dir.path != "/" {
      if FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("healthpipe").path)
      {
        return dir
      }
      dir = dir.deletingLastPathComponent()
    }
    return testBinary.deletingLastPathComponent()
  }

  /// The binary.
  static var binary: URL { productsDirectory.appendingPathComponent("healthpipe") }

  /// The repository root.
  static var repositoryRoot: URL { RealData.repositoryRoot }

  /// `../shared/data/real` beside the repository, if present (CI always has it; a user's
  /// clone may not, and tests that need it are skipped then).
  static var realData: URL? { RealData.isPresent ? RealData.folder : nil }

  /// Runs `healthpipe ARGS` in `directory` and waits for it.
  @discardableResult
  static func run(
    _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
    stdin: Data? = nil
  ) throws -> Result {
    try runProcess(binary, arguments, in: directory, environment: environment, stdin: stdin)
  }

  /// Runs any program with `arguments` in `directory` and waits for it, reading its
  /// standard output and error.
  static func runProcess(
    _ executable: URL, _ arguments: [String], in directory: String? = nil,
    environment: [String: String] = [:], stdin: Data? = nil
  ) throws -> Result {
    try ProcessRunner.run(
      executable, arguments, in: directory, environment: environment, stdin: stdin)
  }
}
