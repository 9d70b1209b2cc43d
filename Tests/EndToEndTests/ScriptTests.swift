import Foundation
import TestSupport
import Testing

/// The Python scripts in `scripts/` that have unit tests of their own (`scripts/test_*.py`,
/// standard library only; today `flamegraph.py`, docs/performance.md "Flame graphs"). This
/// runs them as part of `swift test` and fails when one fails. Skipped only without python3.
@Suite("scripts/ unit tests")
struct ScriptTests {
  @Test(
    "python3 -B -m unittest discover -s scripts passes",
    .enabled(if: Python.available, "python3 is not installed"))
  func scriptUnitTestsPass() throws {
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: Python.path ?? "/usr/bin/python3"),
      ["-B", "-m", "unittest", "discover", "-s", "scripts", "-p", "test_*.py"],
      in: Healthpipe.repositoryRoot.path)
    let tail = String(result.output.suffix(6000))
    #expect(result.code == 0, "unittest exited \(result.code):\n\(tail)")
    // unittest's summary on stderr, e.g. "Ran 9 tests in 0.3s" and "OK": at least one ran.
    let ran = result.stderr.split(separator: "\n").first { $0.hasPrefix("Ran ") } ?? ""
    let count = Int(ran.split(separator: " ").dropFirst().first ?? "") ?? 0
    #expect(count > 0, "no test ran:\n\(tail)")
    #expect(result.stderr.contains("\nOK"), "\(tail)")
  }
}
