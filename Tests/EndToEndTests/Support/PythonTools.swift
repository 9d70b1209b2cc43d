import Foundation

/// python3 for tests that check healthpipe's outputs with an independent reader (the
/// standard library's `csv`, `sqlite3`, `email`, `zipfile`; `pandas`, `duckdb` and
/// `datasette` when installed).
enum PythonTools {
  /// The interpreter, if there is one.
  static let python: String? = executable(named: "python3")

  /// A program on the `PATH` (or in /usr/bin, /usr/local/bin), if there is one.
  static func executable(named name: String) -> String? {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/usr/local/bin"
    for d in path.split(separator: ":")
    where FileManager.default.isExecutableFile(atPath: "\(d)/\(name)") {
      return "\(d)/\(name)"
    }
    return nil
  }

  /// Whether `import NAME` works.
  static func hasModule(_ name: String) -> Bool {
    guard let python else { return false }
    return (try? Healthpipe.runProcess(URL(fileURLWithPath: python), ["-c", "import \(name)"]))?
      .code == 0
  }

  /// Runs a Python script with `args` and decodes the JSON object it prints; a script that
  /// fails throws with its stderr.
  static func runJSON(_ script: String, _ args: [String]) throws -> [String: Any] {
    guard let python else { throw ScriptFailure(message: "no python3") }
    let r = try Healthpipe.runProcess(URL(fileURLWithPath: python), ["-c", script] + args)
    guard r.code == 0 else { throw ScriptFailure(message: r.stderr) }
    return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? [:]
  }

  /// A Python script that exited with an error.
  struct ScriptFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { "python failed: \(message)" }
  }
}
