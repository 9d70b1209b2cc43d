import Foundation
import HealthCore
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
}
