import Foundation

/// Runs the built `healthpipe` binary (it sits next to the test bundle in the build folder).
enum Healthpipe {
  /// The result of one run.
  struct Result {
    var code: Int32
    var stdout: String
    var stderr: String
  }

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

  /// The repository root (two levels above this file's folder).
  static var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
  }

  /// `../shared/data/real` beside the repository, if present (CI always has it; a user's
  /// clone may not, and tests that need it are skipped then).
  static var realData: URL? {
    let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/real")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

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
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try? input.fileHandleForWriting.close()
    // Read both pipes concurrently so a chatty process never blocks on a full pipe.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      code: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}

/// A fresh folder under the system temporary directory, removed when dropped.
final class TemporaryDirectory {
  let path: String

  init(_ label: String = "e2e") {
    path = NSTemporaryDirectory() + "/\(label)-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> String { path + "/" + name }
}
