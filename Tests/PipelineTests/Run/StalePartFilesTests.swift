import Foundation
import HealthCore
import Pipeline
import TestSupport
import Testing

/// Regression (found by the fault-injection tests, docs/reliability.md): a run killed while ingest
/// joined its part files left `.samples.hpt.part-PID-N` in the work folder, which the next run's
/// clean-up (looking for `.tmp-` only) kept forever. Both kinds are removed now.
@Suite("Regression: stale part files")
struct StalePartFilesTests {
  @Test("leftover temporary and part files go; outputs and other hidden files stay")
  func removed() throws {
    let temporary = TemporaryDirectory("stale")
    let folder = temporary.path
    try FileManager.default.createDirectory(
      atPath: folder + "/aggregate", withIntermediateDirectories: true)
    let names = [
      ".samples.hpt.part-4242-0", ".rejects-ingest.hpt.part-4242-0", ".clean.hpt.tmp-4242-0",
      "aggregate/.daily.hpt.tmp-4242-0", "samples.hpt", ".lock", "aggregate/daily.hpt",
    ]
    for name in names {
      _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data([1]))
    }
    let removed = FileSystem.removeStaleTemporaries(in: folder)
    #expect(
      removed.map { String($0.dropFirst(folder.count + 1)) }.sorted()
        == Array(names[0..<4]).sorted())
    for name in names[4...] { #expect(FileManager.default.fileExists(atPath: folder + "/" + name)) }
  }

  /// Found by the fault-injection tests: a run killed while it wrote the report left
  /// `.report.html.tmp-PID-0` beside the report, outside the work folder, and the next run
  /// kept it. Such folders may be shared, so only files of dead processes go.
  @Test("beside outputs outside the work folder: only temporaries of dead processes go")
  func besideOutputs() throws {
    let temporary = TemporaryDirectory("stale-report")
    let folder = temporary.path
    // No process has an id above the kernel's pid_max (at most 2^22).
    let dead = "99999999"
    let alive = "\(getpid())"
    let names = [
      ".report.html.tmp-\(dead)-0", ".health.sqlite.tmp-\(dead)-3",
      ".health.sqlite.part-\(dead)", ".x.tmp-clean-\(dead)-1",
      ".report.html.tmp-\(alive)-0", ".report.html.tmp-x-0", ".report.html.tmp-", ".lock",
      "report.html", ".hidden",
    ]
    for name in names {
      _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data([1]))
    }
    let removed = FileSystem.removeStaleTemporaries(besideOutputs: [
      folder + "/report.html", folder + "/health.sqlite",
    ])
    #expect(
      removed.map { String($0.dropFirst(folder.count + 1)) }.sorted()
        == Array(names[0..<4]).sorted())
    for name in names[4...] { #expect(FileManager.default.fileExists(atPath: folder + "/" + name)) }
  }
}
