import Foundation
import HealthCore
import HealthSystem
import TestSupport
import Testing

@testable import Pipeline

/// Stamps reuse a checksum computed earlier in the run only while the file's size and mtime
/// are unchanged. Expected CRC-32 values from Python: `zlib.crc32(b"hello")` = 3610a686,
/// `zlib.crc32(b"HELLO")` = c1446436.
@Suite("Checksum reuse in stage stamps")
struct FingerprintReuseTests {
  @Test("a known checksum with the file's size and mtime is reused without reading the file")
  func reusedWhenUnchanged() throws {
    let dir = TemporaryDirectory("reuse")
    let path = dir.file("a.txt")
    try "hello".write(toFile: path, atomically: true, encoding: .utf8)
    var known = try #require(FileFingerprint.stat(path))
    // A checksum the file does not have: seeing it back proves the file was not read.
    known.crc32 = "00000000"
    let prints = try FingerprintCheck.fingerprints([path], known: [path: known])
    #expect(prints.map(\.crc32) == ["00000000"])
  }

  @Test("a known checksum is ignored once the size or mtime differ")
  func recomputedWhenChanged() throws {
    let dir = TemporaryDirectory("reuse")
    let path = dir.file("a.txt")
    try "hello".write(toFile: path, atomically: true, encoding: .utf8)
    var stale = try #require(FileFingerprint.stat(path))
    stale.crc32 = "00000000"
    stale.modifiedNanoseconds -= 1_000_000_000
    #expect(
      try FingerprintCheck.fingerprints([path], known: [path: stale]).map(\.crc32) == ["3610a686"])
    var resized = try #require(FileFingerprint.stat(path))
    resized.crc32 = "00000000"
    resized.size += 1
    #expect(
      try FingerprintCheck.fingerprints([path], known: [path: resized]).map(\.crc32) == ["3610a686"]
    )
    #expect(try FingerprintCheck.fingerprints([path]).map(\.crc32) == ["3610a686"])
  }

  @Test("after a run the stamps hold each file's true checksum, whichever stage computed it")
  func stampsAfterRun() throws {
    let dir = TemporaryDirectory("reuse")
    let input = dir.file("input.txt")
    let mid = dir.file("mid.txt")
    let out = dir.file("out.txt")
    try "hello".write(toFile: input, atomically: true, encoding: .utf8)
    let stages = [
      PipelineStage(
        name: "upper", inputs: [input], outputs: [mid], settings: [:], externalInputs: true
      ) { _ in
        try AtomicFileWriter.write("HELLO", to: mid)
        var manifest = StageManifest(stage: "upper")
        manifest.inputs = [try FileFingerprint.withChecksum(input)]
        manifest.outputs = [try FileFingerprint.withChecksum(mid)]
        return StageOutput(manifest: manifest)
      },
      PipelineStage(name: "copy", inputs: [mid], outputs: [out], settings: [:]) {
        _ in
        try AtomicFileWriter.write(try FileReader.readAll(mid), to: out)
        return StageOutput(manifest: StageManifest(stage: "copy"))
      },
    ]
    let runner = PipelineRunner(workFolder: dir.path)
    _ = try runner.run(stages, progress: .silent) { _ in }
    let upper = try #require(StageStamp.read(runner.stampPath("upper")))
    let copy = try #require(StageStamp.read(runner.stampPath("copy")))
    #expect(upper.inputs.map(\.crc32) == ["3610a686"])
    #expect(upper.outputs.map(\.crc32) == ["c1446436"])
    #expect(copy.inputs.map(\.crc32) == ["c1446436"])
    #expect(copy.outputs.map(\.crc32) == ["c1446436"])
  }
}
