import Foundation

/// python3, for tests that check healthpipe's outputs with an independent reader (the
/// standard library's `csv`, `sqlite3`, `email`, `zipfile`, `xml.etree`, `html.parser`;
/// `pandas`, `duckdb` and `datasette` when installed).
public enum Python {
  /// The interpreter, if there is one.
  public static let path: String? = ProcessRunner.executable(named: "python3")

  /// Whether python3 is installed.
  public static var available: Bool { path != nil }

  /// Whether `import NAME` works.
  public static func hasModule(_ name: String) -> Bool {
    (try? run("import \(name)", []))?.code == 0
  }

  /// Runs `python3 -c script args...` and waits for it.
  public static func run(_ script: String, _ arguments: [String]) throws -> ProcessResult {
    guard let path else { throw ScriptFailure(message: "no python3") }
    return try ProcessRunner.run(URL(fileURLWithPath: path), ["-c", script] + arguments)
  }

  /// Runs a script and decodes the JSON value it prints; a script that fails throws with
  /// its stderr.
  public static func json(_ script: String, _ arguments: [String]) throws -> Any {
    let r = try run(script, arguments)
    guard r.code == 0 else { throw ScriptFailure(message: r.stderr) }
    return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8), options: .fragmentsAllowed)
  }

  /// Runs a script and decodes the JSON object it prints (`[:]` for any other JSON value);
  /// a script that fails throws with its stderr.
  public static func object(_ script: String, _ arguments: [String]) throws -> [String: Any] {
    try json(script, arguments) as? [String: Any] ?? [:]
  }

  /// Runs a script; true when it exited 0.
  @discardableResult
  public static func succeeds(_ script: String, _ arguments: [String] = []) throws -> Bool {
    try run(script, arguments).code == 0
  }

  /// A Python script that exited with an error.
  public struct ScriptFailure: Error, CustomStringConvertible {
    /// What it printed on stderr.
    public var message: String
    public var description: String { "python failed: \(message)" }
  }
}
