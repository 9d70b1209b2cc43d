import Foundation
import HealthSystem
import TestSupport
import Testing

/// Regression (found by the fault-injection tests, docs/reliability.md): a stage stopped with
/// SIGTERM left its `.NAME.tmp-PID-N` and ingest part files beside the outputs. Every temporary
/// file is now registered while it exists, and `TemporaryFiles.removeOnTermination()` (installed
/// by the command-line program) removes them on SIGTERM, SIGINT and SIGHUP.
@Suite("Regression: temporary files are known while they exist")
struct TemporaryFilesTests {
  @Test("a writer's temporary file is registered until commit or abandon")
  func registered() throws {
    let temporary = TemporaryDirectory("tempfiles")
    let folder = temporary.path
    let committed = try AtomicFileWriter(destination: folder + "/a.txt")
    let abandoned = try AtomicFileWriter(destination: folder + "/b.txt")
    #expect(
      TemporaryFiles.registered.isSuperset(of: [committed.temporaryPath, abandoned.temporaryPath]))
    try committed.write("a")
    try committed.commit()
    abandoned.abandon()
    #expect(
      TemporaryFiles.registered.isDisjoint(with: [committed.temporaryPath, abandoned.temporaryPath])
    )
    // What is left in the folder: the committed file only.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.txt"])
  }

  /// The fault-injection test once found `.daily.csv.tmp-PID-0` left after SIGTERM: the file
  /// was created, then registered, and the signal came between the two. `create` does both
  /// under the clean-up's lock; a `make` that throws passes its error on.
  @Test("create registers the file it makes; a failure to make it passes through")
  func createRegisters() throws {
    let temporary = TemporaryDirectory("tempfiles-create")
    let destination = temporary.path + "/c.txt"
    let made = try TemporaryFiles.create {
      try SystemCalls.createHiddenFile(beside: destination, mode: 0o600, doing: "test")
    }
    defer {
      close(made.descriptor)
      unlink(made.path)
      TemporaryFiles.unregister(made.path)
    }
    #expect(made.path.hasPrefix(temporary.path + "/.c.txt.tmp-"))
    // (Other tests run in parallel and register files of their own: only membership counts.)
    #expect(TemporaryFiles.registered.contains(made.path))
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      _ = try TemporaryFiles.create { throw Refused() }
    }
    #expect(TemporaryFiles.registered.contains(made.path))
  }
}
