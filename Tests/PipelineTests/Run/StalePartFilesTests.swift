import Foundation
import Pipeline
import TestSupport
import Testing

/// Leftovers of a killed run (docs/reliability.md, "Temporary files"): the next run removes
/// the temporary and part files carrying a mark its lock recorded, in the work folder (one
/// level of subfolders too) and beside the outputs outside it, and nothing else. Found by the
/// fault-injection tests (part files were kept forever, the report's folder was not
/// cleared) and by the third hostile-input round (finding 7: other programs' files with
/// similar names were removed, even one whose process was alive).
@Suite("Regression: only the temporaries of earlier runs are removed")
struct StalePartFilesTests {
  static let mark = "4242-1k2f9x"

  /// Creates `names` (regular files) under `folder`.
  static func make(_ names: [String], in folder: String) {
    for name in names {
      _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data([1]))
    }
  }

  @Test("in the work folder: the marked leftovers go; files of others, outputs and links stay")
  func workFolder() throws {
    let temporary = TemporaryDirectory("stale")
    let folder = temporary.path
    try FileManager.default.createDirectory(
      atPath: folder + "/aggregate", withIntermediateDirectories: true)
    let m = Self.mark
    let ours = [
      ".samples.hpt.part-\(m)", ".rejects-ingest.hpt.part-\(m)", ".clean.hpt.tmp-\(m)-0",
      ".clean.hpt.tmp-clean-\(m)-2", "aggregate/.daily.hpt.tmp-\(m)-1",
    ]
    let others = [
      ".samples.hpt.tmp-4242-0", ".samples.hpt.part-4242", ".clean.hpt.tmp-\(getpid())-0",
      ".clean.hpt.tmp-7-abc-0", "samples.hpt", ".lock", "aggregate/daily.hpt", ".hidden",
    ]
    Self.make(ours + others, in: folder)
    // A link and a folder with our mark in their names: never followed, never removed.
    let outside = temporary.file("aggregate/outside.txt")
    Self.make(["aggregate/outside.txt"], in: folder)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/.link.hpt.tmp-\(m)-0", withDestinationPath: outside)
    try FileManager.default.createDirectory(
      atPath: folder + "/.dir.hpt.tmp-\(m)-0", withIntermediateDirectories: true)
    let removed = FileSystem.removeTemporaries(of: [m], in: folder)
    let relative = removed.map { String($0.dropFirst(folder.count + 1)) }
    #expect(relative.sorted() == ours.sorted())
    for name in others + [".link.hpt.tmp-\(m)-0", ".dir.hpt.tmp-\(m)-0", "aggregate/outside.txt"] {
      #expect(FileManager.default.fileExists(atPath: folder + "/" + name), "\(name)")
    }
  }

  @Test("beside outputs outside the work folder: only marked files go, whatever else is there")
  func besideOutputs() throws {
    let work = TemporaryDirectory("stale-work")
    let temporary = TemporaryDirectory("stale-report")
    let folder = temporary.path
    let m = Self.mark
    // No process has an id above the kernel's pid_max (at most 2^22): once removed as "dead".
    let ours = [".report.html.tmp-\(m)-0", ".health.sqlite.tmp-\(m)-3"]
    let others = [
      ".report.html.tmp-99999999-0", ".health.sqlite.part-99999999",
      ".report.html.tmp-\(getpid())-0", ".report.html.tmp-x-0", ".report.html.tmp-", ".lock",
      "report.html", ".hidden",
    ]
    Self.make(ours + others, in: folder)
    let removed = FileSystem.removeTemporaries(
      of: [m], in: work.path,
      besideOutputs: [folder + "/report.html", folder + "/health.sqlite"])
    #expect(removed.map { String($0.dropFirst(folder.count + 1)) }.sorted() == ours.sorted())
    for name in others { #expect(FileManager.default.fileExists(atPath: folder + "/" + name)) }
  }

  @Test("without recorded marks nothing is removed")
  func noMarks() {
    let temporary = TemporaryDirectory("stale-none")
    Self.make([".a.tmp-\(Self.mark)-0"], in: temporary.path)
    #expect(FileSystem.removeTemporaries(of: [], in: temporary.path).isEmpty)
    #expect(FileManager.default.fileExists(atPath: temporary.file(".a.tmp-\(Self.mark)-0")))
  }
}
