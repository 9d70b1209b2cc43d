import Foundation
import HealthSystem
import TestSupport
import Testing

/// Round 3, finding 7 (docs/reliability.md): `run` removed every hidden `*.tmp-*` and
/// `*.part-*` file in its work folder, whoever made it, and beside the report every such file
/// of a process no longer alive. Temporaries now carry their process's mark, and only a name
/// with a mark the lock recorded is ever removed.
@Suite("Regression: temporary files carry their process's mark")
struct TemporaryOwnerTests {
  @Test("the mark is the process id and its start time; every temporary carries it")
  func mark() throws {
    let owner = TemporaryFiles.owner
    #expect(owner.hasPrefix("\(getpid())-"))
    #expect(TemporaryFiles.isOwnerMark(owner))
    let temporary = TemporaryDirectory("owner-mark")
    let writer = try AtomicFileWriter(destination: temporary.file("a.hpt"))
    defer { writer.abandon() }
    #expect(writer.temporaryPath == temporary.file(".a.hpt.tmp-\(owner)-0"))
    #expect(TemporaryFiles.isTemporary(".a.hpt.tmp-\(owner)-0", of: owner))
  }

  @Test(
    "a name is ours only with our mark in one of the three forms",
    arguments: [
      (".samples.hpt.tmp-41-1k2f-0", true), (".samples.hpt.tmp-clean-41-1k2f-12", true),
      (".samples.hpt.part-41-1k2f", true), (".samples.hpt.tmp-41-1k2f", false),
      (".samples.hpt.tmp-41-1k2f-x", false), (".samples.hpt.tmp-9-41-1k2f-0", false),
      (".samples.hpt.tmp-41-0", false), (".samples.hpt.part-41", false),
      ("samples.hpt.tmp-41-1k2f-0", false), (".samples.hpt.part-41-1k2f.bak", false),
      (".x.tmp-41-1k2fz-0", false), (".x.tmp-clean-41-1k2f-0", true),
    ])
  func names(_ name: String, _ ours: Bool) {
    #expect(TemporaryFiles.isTemporary(name, of: "41-1k2f") == ours, "\(name)")
  }

  @Test(
    "a mark is digits, a dash and base-36 digits; anything else matches nothing",
    arguments: ["41-1k2f", "1-a"])
  func wellFormed(_ mark: String) { #expect(TemporaryFiles.isOwnerMark(mark)) }

  @Test(
    "malformed marks from a damaged lock file",
    arguments: ["", "41", "-1k2f", "41-", "41-1K2F", "../x-1", "41-1k2f-3", "*-*", "41 -1k"])
  func malformed(_ mark: String) {
    #expect(!TemporaryFiles.isOwnerMark(mark))
    #expect(!TemporaryFiles.isTemporary(".a.tmp-\(mark)-0", of: mark))
  }
}
