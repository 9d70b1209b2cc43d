import Foundation
import HealthCore
import HealthSystem
import TestSupport
import Testing

@testable import Pipeline

#if canImport(Glibc)
  import Glibc
#endif

/// Regression (docs/reliability.md): the stage cache compared size and mtime only, so an edit that
/// kept both (`touch -r` afterwards sets the mtime back) was skipped as unchanged. Stamps
/// now hold the ctime and inode too, which no `touch` sets back.
@Suite("Regression: an edit hidden by touch -r")
struct TouchBackEditTests {
  /// Rewrites `path` in place (same inode, same size) and sets its mtime back.
  static func editKeepingSizeAndMtime(_ path: String, to text: String) throws {
    var before = stat()
    #expect(stat(path, &before) == 0)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
    // `touch -r`: the old access and modification times, to the nanosecond.
    var times = [before.st_atim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    let after = try #require(FileFingerprint.stat(path))
    #expect(after.size == Int64(before.st_size))
    #expect(
      after.modifiedNanoseconds
        == Int64(before.st_mtim.tv_sec) * 1_000_000_000 + Int64(before.st_mtim.tv_nsec))
  }

  /// One stage reading `input` (an external input) and copying it to `out`.
  static func stage(_ input: String, _ out: String, external: Bool) -> PipelineStage {
    PipelineStage(
      name: "copy", inputs: [input], outputs: [out], settings: [:], externalInputs: external
    ) { _ in
      try AtomicFileWriter.write(try FileReader.readAll(input), to: out)
      return StageOutput(manifest: StageManifest(stage: "copy"))
    }
  }

  /// A folder with `in.txt` ("hello") and a copy stage that ran once on it, stamped.
  static func ranOnce(external: Bool) throws -> (
    dir: TemporaryDirectory, input: String, stage: PipelineStage, runner: PipelineRunner
  ) {
    let dir = TemporaryDirectory("touch-back")
    let input = dir.file("in.txt")
    try "hello".write(toFile: input, atomically: true, encoding: .utf8)
    let stage = Self.stage(input, dir.file("out.txt"), external: external)
    let runner = PipelineRunner(workFolder: dir.path)
    _ = try runner.run([stage], progress: .silent) { _ in }
    return (dir, input, stage, runner)
  }

  @Test(
    "an input edited in place and touched back is seen as changed", arguments: [true, false])
  func editSeen(_ external: Bool) throws {
    let ran = try Self.ranOnce(external: external)
    let (input, stage, runner) = (ran.input, ran.stage, ran.runner)
    defer { withExtendedLifetime(ran.dir) {} }
    #expect(runner.decide(stage, upstreamRan: false).run == false)
    // Give the clock a tick so the edit's ctime differs from the stamp's.
    usleep(20_000)
    try Self.editKeepingSizeAndMtime(input, to: "HELLO")
    let decision = runner.decide(stage, upstreamRan: false)
    #expect(decision.run)
    // External inputs follow make (any change reruns); files a stage wrote are compared
    // by content: the CRC-32 differs (3610a686 vs c1446436).
    #expect(decision.reason == "input \(input) " + (external ? "was modified" : "changed"))
  }

  @Test("a file replaced by another with the same size and mtime is seen as changed")
  func replacedSeen() throws {
    let ran = try Self.ranOnce(external: true)
    let (dir, input, stage, runner) = (ran.dir, ran.input, ran.stage, ran.runner)
    defer { withExtendedLifetime(dir) {} }
    var before = stat()
    stat(input, &before)
    try "HELLO".write(toFile: dir.file("new.txt"), atomically: false, encoding: .utf8)
    var times = [before.st_atim, before.st_mtim]
    utimensat(AT_FDCWD, dir.file("new.txt"), &times, 0)
    #expect(rename(dir.file("new.txt"), input) == 0)
    #expect(runner.decide(stage, upstreamRan: false).run)
  }

  @Test("a stamp without ctime and inode (written by an older version) reruns external inputs once")
  func oldStamp() throws {
    let ran = try Self.ranOnce(external: true)
    let (stage, runner) = (ran.stage, ran.runner)
    defer { withExtendedLifetime(ran.dir) {} }
    var stamp = try #require(StageStamp.read(runner.stampPath("copy")))
    stamp.inputs = stamp.inputs.map {
      var old = $0
      old.changedNanoseconds = nil
      old.inode = nil
      return old
    }
    try stamp.write(to: runner.stampPath("copy"))
    #expect(runner.decide(stage, upstreamRan: false).run)
    _ = try runner.run([stage], progress: .silent) { _ in }
    #expect(runner.decide(stage, upstreamRan: false).run == false)
  }
}
