import Foundation
import HealthModel
import HealthSystem
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What an output path may name (docs/reliability.md, "Outputs only ever replace regular
/// files"; round 3, findings 2 and 18): nothing yet, or a regular file. Folders, FIFOs,
/// devices and symbolic links (`/dev/stdout` is one) are refused with 73, and
/// `AtomicFileWriter` creates nothing beside such a destination.
@Suite("Regression: outputs only replace regular files")
struct OutputTargetTests {
  @Test("a regular file and a new name may be written")
  func allowed() throws {
    let dir = TemporaryDirectory("target-ok")
    try dir.write("file.hpt", "x")
    for name in ["file.hpt", "new.hpt"] {
      #expect(OutputTarget.problem(dir.file(name)) == nil, "\(name)")
    }
  }

  @Test("a folder, a FIFO and every symbolic link are refused (73), naming what they are")
  func refused() throws {
    let dir = TemporaryDirectory("target-refused")
    try FileManager.default.createDirectory(
      atPath: dir.file("folder"), withIntermediateDirectories: true)
    #expect(mkfifo(dir.file("fifo"), 0o600) == 0)
    try dir.write("file.hpt", "x")
    for (link, target) in [("to-fifo", "fifo"), ("to-file", "file.hpt"), ("dangling", "gone")] {
      try FileManager.default.createSymbolicLink(
        atPath: dir.file(link), withDestinationPath: dir.file(target))
    }
    for (name, kind) in [
      ("folder", "a folder,"), ("fifo", "a FIFO (named pipe),"),
      ("to-fifo", "a symbolic link to a FIFO (named pipe),"),
      ("to-file", "a symbolic link to a regular file,"), ("dangling", "a symbolic link,"),
      ("folder/", "a folder"),
    ] {
      let error = try #require(OutputTarget.problem(dir.file(name)), "\(name)")
      #expect(error.code == .cannotCreate)
      #expect(error.message.contains("is \(kind)"), "\(error.message)")
      // The writer refuses too, before creating its temporary file.
      #expect(throws: HealthError.self) { _ = try AtomicFileWriter(destination: dir.file(name)) }
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        == ["dangling", "fifo", "file.hpt", "folder", "to-fifo", "to-file"])
    // The machine's /dev/null is named the same way; nothing is created or renamed there.
    #expect(OutputTarget.problem("/dev/null")?.message.contains("a character device") == true)
  }

  @Test("two outputs, one of them a folder: the check every command runs refuses it with 73")
  func throughCollisionCheck() throws {
    let dir = TemporaryDirectory("target-collision")
    let error = try #require(throws: HealthError.self) {
      try OutputCollision.check(outputs: [dir.file("a.hpt"), dir.path], inputs: [])
    }
    #expect(error.code == .cannotCreate)
  }
}
