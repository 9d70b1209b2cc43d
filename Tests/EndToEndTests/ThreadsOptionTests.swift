import Foundation
import TestSupport
import Testing

/// `--threads N` on `ingest` and `run`: how many threads parse a large Apple export in
/// pieces. One thread is the plain sequential reading, so comparing it with two is an
/// independent check that the pieces change no byte; and since no output depends on it, it
/// is not part of a stage's cache key.
@Suite("--threads")
struct ThreadsOptionTests {
  static func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  @Test(
    "ingest with one thread and with two writes the same tables",
    arguments: ["export.xml", "export.zip"])
  func sameTables(_ name: String) throws {
    // SampleData's export.xml is 2.1 MB: at least two 1 MiB pieces, so two threads do split it.
    let input = Healthpipe.repositoryRoot.appendingPathComponent("SampleData/\(name)").path
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: input)[.size] as? Int)
    if name == "export.xml" { #expect(size >= 2 << 20) }
    let dir = TemporaryDirectory("threads")
    for threads in ["1", "2"] {
      try FileManager.default.createDirectory(
        atPath: dir.file(threads), withIntermediateDirectories: true)
      let r = try Healthpipe.run([
        "ingest", input, "--out", dir.file("\(threads)/samples.hpt"), "--threads", threads,
        "--quiet",
      ])
      #expect(r.code == 0, "\(r.stderr)")
    }
    for table in ["samples.hpt", "rejects-ingest.hpt"] {
      #expect(
        try Self.bytes(dir.file("1/\(table)")) == Self.bytes(dir.file("2/\(table)")), "\(table)")
    }
  }

  @Test("run --threads: another number reruns nothing; 0 is a usage error")
  func runCache() throws {
    let dir = try RunEndToEndTests.checkout()
    let args = ["run", "Pipelines/nightly.pipeline", "--as-of", "2026-11-15"]
    let first = try Healthpipe.run(args + ["--threads", "1"], in: dir.path)
    #expect(first.code == 0, "\(first.stderr)")
    let before = try RunEndToEndTests.snapshot(dir)
    let second = try Healthpipe.run(args + ["--threads", "2"], in: dir.path)
    #expect(second.code == 0, "\(second.stderr)")
    #expect(RunEndToEndTests.statuses(second.stderr).values.allSatisfy { $0 == "skipped" })
    #expect(try RunEndToEndTests.snapshot(dir) == before)
    let zero = try Healthpipe.run(args + ["--threads", "0"], in: dir.path)
    #expect(zero.code == 64)
    #expect(zero.stderr.contains("option '--threads' needs a whole number (1-256), not '0'"))
  }
}
