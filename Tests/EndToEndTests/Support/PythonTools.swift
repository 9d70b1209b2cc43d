import Foundation

/// python3 for tests that check healthpipe's outputs with an independent reader (the
/// standard library's `csv`, `sqlite3`, `email`, `zipfile`; `pandas`, `duckdb` and
/// `datasette` when installed).
enum PythonTools {
  /// The interpreter, if there is one.
  static let python: String? = {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/usr/local/bin"
    for d in path.split(separator: ":")
    where FileManager.default.isExecutableFile(atPath: "\(d)/python3") {
      return "\(d)/python3"
    }
    return nil
  }()

  /// Whether `import NAME` works.
  static func hasModule(_ name: String) -> Bool {
    guard let python else { return false }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: python)
    p.arguments = ["-c", "import \(name)"]
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return false }
    p.waitUntilExit()
    return p.terminationStatus == 0
  }

  /// Runs a Python script with `args` and decodes the JSON object it prints; a script that
  /// fails throws with its stderr.
  static func runJSON(_ script: String, _ args: [String]) throws -> [String: Any] {
    guard let python else { throw ScriptFailure(message: "no python3") }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: python)
    p.arguments = ["-c", script] + args
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else {
      throw ScriptFailure(message: String(decoding: errData, as: UTF8.self))
    }
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }

  /// A Python script that exited with an error.
  struct ScriptFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { "python failed: \(message)" }
  }
}
