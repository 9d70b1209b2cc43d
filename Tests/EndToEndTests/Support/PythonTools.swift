import Foundation
import TestSupport

/// python3 for tests that check healthpipe's outputs with an independent reader (the
/// standard library's `csv`, `sqlite3`, `email`, `zipfile`; `pandas`, `duckdb` and
/// `datasette` when installed).
enum PythonTools {
  /// The interpreter, if there is one.
  static var python: String? { Python.path }

  /// A program on the `PATH` (or in /usr/bin, /usr/local/bin), if there is one.
  static func executable(named name: String) -> String? { ProcessRunner.executable(named: name) }

  /// Whether `import NAME` works.
  static func hasModule(_ name: String) -> Bool { Python.hasModule(name) }

  /// Runs a Python script with `args` and decodes the JSON object it prints; a script that
  /// fails throws with its stderr.
  static func runJSON(_ script: String, _ args: [String]) throws -> [String: Any] {
    try Python.json(script, args) as? [String: Any] ?? [:]
  }
}
