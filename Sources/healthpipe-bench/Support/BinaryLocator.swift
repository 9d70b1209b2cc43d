import Foundation
import HealthModel

/// Finds this program and the release `healthpipe` beside it, and brings the latter up to
/// date: `swift run -c release healthpipe-bench` builds only the bench, so the bench runs
/// `swift build -c release --product healthpipe` for the package it was built from.
enum BinaryLocator {
  /// This program's absolute path (`/proc/self/exe`, else argv[0]).
  static func benchBinary() -> String {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return path
    }
    let argv0 = CommandLine.arguments[0]
    return argv0.hasPrefix("/") ? argv0 : FileManager.default.currentDirectoryPath + "/" + argv0
  }

  /// The absolute path of an executable named `name` on `PATH`, nil if there is none.
  static func onPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") where !dir.isEmpty {
      let candidate = "\(dir)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// The folder of a path.
  static func directory(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The package folder that holds the `.build` folder this program is in, if any.
  static func packageRoot(of bench: String) -> String? {
    var dir = directory(bench)
    while dir != "/" && !dir.isEmpty {
      if dir.hasSuffix("/.build") {
        let root = directory(dir)
        return FileManager.default.fileExists(atPath: root + "/Package.swift") ? root : nil
      }
      dir = directory(dir)
    }
    return nil
  }

  /// The binary to measure: `--healthpipe`, else `healthpipe` beside this program (built or
  /// brought up to date first unless `--no-build`). Throws exit 66 when there is none.
  static func healthpipe(_ options: BenchOptions, bench: String, logs: String) throws -> String {
    if let given = options.healthpipe {
      guard FileManager.default.isExecutableFile(atPath: given) else {
        throw HealthError.missingInput(given, reason: "not an executable file")
      }
      return given.hasPrefix("/") ? given : FileManager.default.currentDirectoryPath + "/" + given
    }
    let sibling = directory(bench) + "/healthpipe"
    if options.build, let root = packageRoot(of: bench), directory(bench).hasSuffix("/release") {
      Console.status("swift build -c release --product healthpipe (in \(root)) ...")
      let log = logs + "/build-healthpipe.log"
      let usage = try ChildProcess.run(
        "/usr/bin/env",
        ["swift", "build", "--package-path", root, "-c", "release", "--product", "healthpipe"],
        log: log)
      guard usage.exitStatus == 0 else {
        throw HealthError(
          .internalError, "building healthpipe failed (exit \(usage.exitStatus))",
          at: SourceLocation(file: log),
          hint: "fix the build, or pass --no-build / --healthpipe PATH")
      }
    }
    guard FileManager.default.isExecutableFile(atPath: sibling) else {
      throw HealthError(
        .noInput, "no healthpipe binary beside the bench", at: SourceLocation(file: sibling),
        hint: "run `swift build -c release --product healthpipe` first, or pass --healthpipe PATH")
    }
    return sibling
  }
}
