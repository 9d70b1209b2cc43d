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
}
