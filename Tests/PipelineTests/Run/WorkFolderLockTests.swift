import Foundation
import HealthModel
import HealthSystem
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

  @Test("the lock records this run's mark; the marks of earlier runs are handed over once")
  func marks() throws {
    let dir = TemporaryDirectory("lock-marks")
    // What a run killed before it cleared up, after one killed before it, left.
    try "123\nowner 123-abc\npending 99-zz9\npending ../../x\nowner 5\n".write(
      toFile: dir.file(".lock"), atomically: false, encoding: .utf8)
    let lock = try WorkFolderLock(workFolder: dir.path)
    #expect(lock.earlierOwners == ["123-abc", "99-zz9"])
    let recorded = try String(contentsOfFile: dir.file(".lock"), encoding: .utf8)
    #expect(
      recorded
        == "\(getpid())\nowner \(TemporaryFiles.owner)\npending 123-abc\npending 99-zz9\n")
    lock.forgetEarlierOwners()
    #expect(
      try String(contentsOfFile: dir.file(".lock"), encoding: .utf8)
        == "\(getpid())\nowner \(TemporaryFiles.owner)\n")
    lock.release()
  }

  /// Round 3, finding 10 (docs/reliability.md): a planted `.lock` link made `run` truncate
  /// its target and write a pid into it.
  @Test("a lock file that is a symbolic or hard link is refused (73), its target untouched")
  func links() throws {
    let dir = TemporaryDirectory("lock-link")
    let target = dir.file("precious.txt")
    try "keep me\n".write(toFile: target, atomically: false, encoding: .utf8)
    for kind in ["symbolic", "hard"] {
      let work = dir.file("work-\(kind)")
      try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
      if kind == "symbolic" {
        try FileManager.default.createSymbolicLink(
          atPath: work + "/.lock", withDestinationPath: target)
      } else {
        try FileManager.default.linkItem(atPath: target, toPath: work + "/.lock")
      }
      for attempt in [
        { _ = try WorkFolderLock(workFolder: work) },
        { try WorkFolderLock.probe(workFolder: work) },
      ] {
        do {
          try attempt()
          Issue.record("\(kind) link accepted as the lock")
        } catch let e as HealthError {
          #expect(e.code == .cannotCreate, "\(e)")
          #expect(e.message.contains("a \(kind) link"), "\(e.message)")
        }
      }
      #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
    }
  }
}
