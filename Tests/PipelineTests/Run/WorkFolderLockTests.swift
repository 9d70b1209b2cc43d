import Foundation
import HealthCore
import TestSupport
import Testing

@testable import Pipeline

@Suite("Work folder lock and temporaries")
struct WorkFolderLockTests {
  @Test("a second lock on the same folder fails at once with exit 75; release frees it")
  func exclusive() throws {
    let dir = TemporaryDirectory("lock")
    let first = try WorkFolderLock(workFolder: dir.path)
    do {
      _ = try WorkFolderLock(workFolder: dir.path)
      Issue.record("second lock taken")
    } catch let e as HealthError {
      #expect(e.code == .temporaryFailure)
      #expect(e.message.contains("pid \(getpid())"))
    }
    first.release()
    let again = try WorkFolderLock(workFolder: dir.path)
    again.release()
  }

  @Test("temporaries left by a killed writer are removed, real files kept")
  func staleTemporaries() throws {
    let dir = TemporaryDirectory("tmp")
    try FileManager.default.createDirectory(
      atPath: dir.file("agg"), withIntermediateDirectories: true)
    for name in [
      ".samples.hpt.tmp-123-0", "agg/.daily.hpt.tmp-9-1", "samples.hpt", "agg/daily.hpt",
    ] {
      try Data("x".utf8).write(to: URL(fileURLWithPath: dir.file(name)))
    }
    let removed = FileSystem.removeStaleTemporaries(in: dir.path)
    #expect(removed.count == 2)
    #expect(FileManager.default.fileExists(atPath: dir.file("samples.hpt")))
    #expect(FileManager.default.fileExists(atPath: dir.file("agg/daily.hpt")))
    #expect(!FileManager.default.fileExists(atPath: dir.file(".samples.hpt.tmp-123-0")))
  }
}
