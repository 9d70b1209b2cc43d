import Foundation

/// What a finished child process left: its exit status and what it printed.
public struct ProcessResult: Sendable {
  /// The exit status (or the signal number, for a process killed by one).
  public var code: Int32
  /// Standard output as UTF-8 text.
  public var stdout: String
  /// Standard error as UTF-8 text.
  public var stderr: String

  /// Standard output and standard error, one after the other.
  public var output: String { stdout + stderr }
}

/// Runs programs for tests: the built `healthpipe`, python3, zip, the shell.
public enum ProcessRunner {
  /// Runs `executable` with `arguments` in `directory` (with `environment` added to this
  /// process's) and waits for it, feeding it `stdin` and reading its standard output and
  /// error.
  public static func run(
    _ executable: URL, _ arguments: [String], in directory: String? = nil,
    environment: [String: String] = [:], stdin: Data? = nil
  ) throws -> ProcessResult {
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
    return ProcessResult(
      code: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Runs a program found on the `PATH` by name.
  public static func run(
    _ name: String, _ arguments: [String], in directory: String? = nil,
    environment: [String: String] = [:], stdin: Data? = nil
  ) throws -> ProcessResult {
    guard let path = executable(named: name) else {
      throw ProgramMissing(name: name)
    }
    return try run(
      URL(fileURLWithPath: path), arguments, in: directory, environment: environment,
      stdin: stdin)
  }

  /// A program on the `PATH` (or in /usr/bin, /usr/local/bin), if there is one.
  public static func executable(named name: String) -> String? {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/usr/local/bin"
    for d in path.split(separator: ":")
    where FileManager.default.isExecutableFile(atPath: "\(d)/\(name)") {
      return "\(d)/\(name)"
    }
    return nil
  }

  /// A program that is not installed.
  public struct ProgramMissing: Error, CustomStringConvertible {
    /// The program's name.
    public var name: String
    public var description: String { "\(name) is not installed" }
  }
}
