import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `healthpipe run` on a copy of the repository's `Pipelines/` and `SampleData/`, run from
/// the copy's root exactly as the README's main command is run from a fresh clone.
@Suite("healthpipe run", .serialized)
struct RunEndToEndTests {
  /// A temporary checkout-like folder: Pipelines/nightly.pipeline and SampleData/.
  static func checkout() throws -> TemporaryDirectory {
    let dir = TemporaryDirectory("run")
    let fm = FileManager.default
    let root = Healthpipe.repositoryRoot
    try fm.copyItem(
      at: root.appendingPathComponent("SampleData"),
      to: URL(fileURLWithPath: dir.file("SampleData")))
    try fm.createDirectory(atPath: dir.file("Pipelines"), withIntermediateDirectories: true)
    for name in ["nightly.pipeline", "backfill-90d.pipeline", "weekly-email.pipeline"] {
      try fm.copyItem(
        at: root.appendingPathComponent("Pipelines/\(name)"),
        to: URL(fileURLWithPath: dir.file("Pipelines/\(name)")))
    }
    return dir
  }

  static let outputs = [
    ".healthpipe/nightly/samples.hpt", ".healthpipe/nightly/rejects-ingest.hpt",
    ".healthpipe/nightly/clean.hpt", ".healthpipe/nightly/rejects-clean.hpt",
    ".healthpipe/nightly/aggregate/daily.hpt", ".healthpipe/nightly/aggregate/baselines.hpt",
    ".healthpipe/nightly/aggregate/scores.hpt", ".healthpipe/nightly/aggregate/streaks.hpt",
    ".healthpipe/nightly/aggregate/weekly.hpt", ".healthpipe/nightly/aggregate/daily.csv",
    ".healthpipe/nightly/aggregate/weekly.csv", "Reports/latest/nightly.html",
    "Reports/latest/health.sqlite", "Reports/latest/health.metadata.json",
  ]

  static func snapshot(_ dir: TemporaryDirectory) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in outputs { files[name] = try Data(contentsOf: URL(fileURLWithPath: dir.file(name))) }
    return files
  }

  static func statuses(_ stderr: String) -> [String: String] {
    var result: [String: String] = [:]
    for line in stderr.split(separator: "\n") {
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      if words.count >= 2,
        ["ingest", "clean", "aggregate", "report", "export"].contains(String(words[0]))
      {
        result[String(words[0])] = String(words[1])
      }
    }
    return result
  }

  @Test("the main command makes the report; a rerun skips every stage and changes no byte")
  func mainCommandAndCachedRerun() throws {
    let dir = try Self.checkout()
    let args = ["run", "Pipelines/nightly.pipeline", "--as-of", "2026-11-15"]
    let first = try Healthpipe.run(args, in: dir.path)
    #expect(first.code == 0, "\(first.stderr)")
    #expect(Self.statuses(first.stderr).values.allSatisfy { $0 == "ran" })
    let html = try String(contentsOfFile: dir.file("Reports/latest/nightly.html"), encoding: .utf8)
    #expect(html.contains("Data through Sun 15 Nov"))
    let before = try Self.snapshot(dir)

    let second = try Healthpipe.run(args, in: dir.path)
    #expect(second.code == 0)
    #expect(
      Self.statuses(second.stderr) == [
        "ingest": "skipped", "clean": "skipped", "aggregate": "skipped", "report": "skipped",
        "export": "skipped",
      ])
    // Every stage skipped is the proof that the rerun is cheap; how cheap is measured by
    // healthpipe-bench, never timed in a test (the machine is shared and noisy).
    #expect(try Self.snapshot(dir) == before)

    // The run summary says the same, as JSON.
    let json = try Healthpipe.run(args + ["--json", "--quiet"], in: dir.path)
    let summary = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let stages = summary?["stages"] as? [[String: Any]]
    #expect(
      stages?.map { $0["status"] as? String } == [
        "skipped", "skipped", "skipped", "skipped", "skipped",
      ])
    #expect(summary?["asOf"] as? String == "2026-11-15")
  }

  @Test("touching an input reruns ingest; identical tables let the later stages skip")
  func touchReruns() throws {
    let dir = try Self.checkout()
    let args = ["run", "Pipelines/nightly.pipeline", "--as-of", "2026-11-15"]
    #expect(try Healthpipe.run(args, in: dir.path).code == 0)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 60)],
      ofItemAtPath: dir.file("SampleData/export.zip"))
    let touched = try Healthpipe.run(args, in: dir.path)
    #expect(touched.code == 0)
    #expect(
      Self.statuses(touched.stderr) == [
        "ingest": "ran", "clean": "skipped", "aggregate": "skipped", "report": "skipped",
        "export": "skipped",
      ])
    // A new as-of date changes what aggregate and report compute, not ingest or clean.
    let later = try Healthpipe.run(
      ["run", "Pipelines/nightly.pipeline", "--as-of", "2026-11-14"], in: dir.path)
    #expect(
      Self.statuses(later.stderr) == [
        "ingest": "skipped", "clean": "skipped", "aggregate": "ran", "report": "ran",
        "export": "ran",
      ])
  }

  @Test("a run while another holds the work folder's lock exits 75 at once")
  func lockHeld() throws {
    let dir = try Self.checkout()
    try FileManager.default.createDirectory(
      atPath: dir.file(".healthpipe/nightly"), withIntermediateDirectories: true)
    // Hold the lock from another process, as a concurrent run (or cron's flock -n) would.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    holder.arguments = [dir.file(".healthpipe/nightly/.lock"), "sleep", "3"]
    try holder.run()
    defer {
      holder.terminate()
      holder.waitUntilExit()
    }
    Thread.sleep(forTimeInterval: 0.5)
    let r = try Healthpipe.run(["run", "Pipelines/nightly.pipeline"], in: dir.path)
    #expect(r.code == 75, "\(r.stderr)")
    #expect(r.stderr.contains("holds the lock"))
    #expect(!FileManager.default.fileExists(atPath: dir.file(".healthpipe/nightly/samples.hpt")))
    // --plan refuses what the run refuses, with the same words, and takes no lock itself.
    let plan = try Healthpipe.run(["run", "Pipelines/nightly.pipeline", "--plan"], in: dir.path)
    #expect(plan.code == 75, "\(plan.stderr)")
    #expect(plan.stderr == r.stderr)
  }

  @Test("a run killed at any moment leaves earlier outputs byte-identical; the next run recovers")
  func killedRun() throws {
    let dir = try Self.checkout()
    let args = ["run", "Pipelines/nightly.pipeline", "--as-of", "2026-11-15"]
    #expect(try Healthpipe.run(args, in: dir.path).code == 0)
    let before = try Self.snapshot(dir)
    for delay in [0.05, 0.15, 0.3, 0.5, 0.8] {
      // --force rewrites every output with the same bytes (the stages are deterministic), so
      // whatever instant the kill lands on, each output must be the old or the identical new
      // file, never a torn one.
      let p = Process()
      p.executableURL = Healthpipe.binary
      p.arguments = args + ["--force", "--quiet"]
      p.currentDirectoryURL = URL(fileURLWithPath: dir.path)
      try p.run()
      Thread.sleep(forTimeInterval: delay)
      kill(p.processIdentifier, SIGKILL)
      p.waitUntilExit()
      #expect(try Self.snapshot(dir) == before, "after a kill at \(delay) s")
    }
    let next = try Healthpipe.run(args, in: dir.path)
    #expect(next.code == 0, "\(next.stderr)")
    #expect(try Self.snapshot(dir) == before)
    // No temporary file is left anywhere in the work folder after the recovering run.
    let left = FileManager.default.enumerator(atPath: dir.file(".healthpipe"))?.compactMap {
      $0 as? String
    }.filter { $0.contains(".tmp-") }
    #expect(left == [])
  }

  @Test("malformed pipeline files name file:line and exit 78; --plan touches nothing")
  func malformedAndPlan() throws {
    let dir = try Self.checkout()
    let cases: [(String, String)] = [
      ("[pipeline]\ninputs = ../SampleData/export.zip\ncolour = blue\n", "bad.pipeline:3"),
      ("[pipeline]\ninputs = ../SampleData/nothing.zip\n", "bad.pipeline:2"),
      ("[pipeline]\ninputs = ../SampleData/export.zip\n[report]\nwindow = 12\n", "bad.pipeline:4"),
      ("[pipeline]\ninputs = ../SampleData/export.zip\ninclude = bad.pipeline\n", "bad.pipeline:3"),
    ]
    for (text, place) in cases {
      try text.write(toFile: dir.file("Pipelines/bad.pipeline"), atomically: true, encoding: .utf8)
      let r = try Healthpipe.run(["run", "Pipelines/bad.pipeline"], in: dir.path)
      #expect(r.code == 78, "\(text): \(r.stderr)")
      #expect(r.stderr.contains(place), "\(text): \(r.stderr)")
    }
    let plan = try Healthpipe.run(["run", "Pipelines/nightly.pipeline", "--plan"], in: dir.path)
    #expect(plan.code == 0)
    #expect(plan.stderr.contains("planned-run"))
    #expect(!FileManager.default.fileExists(atPath: dir.file(".healthpipe")))
    #expect(!FileManager.default.fileExists(atPath: dir.file("Reports")))
  }
}

@Suite("aggregate --pipeline")
struct AggregatePipelineOptionTests {
  @Test("goals and as-of come from the pipeline file; its inputs are not needed")
  func goalsFromPipeline() throws {
    let dir = TemporaryDirectory("aggp")
    let sample = Healthpipe.repositoryRoot.appendingPathComponent(
      "SampleData/ring-2026-08-18-2026-11-15.csv"
    ).path
    #expect(
      try Healthpipe.run(["ingest", sample, "--out", dir.file("s.hpt"), "--quiet"]).code == 0)
    #expect(
      try Healthpipe.run(["clean", dir.file("s.hpt"), "--out", dir.file("c.hpt"), "--quiet"]).code
        == 0)
    try """
    [pipeline]
    inputs = nowhere/*.zip
    as_of = 2026-11-15
    [aggregate]
    goals = rested
    [goal.rested]
    condition = sleepAsleep >= 480
    """.write(toFile: dir.file("p.pipeline"), atomically: true, encoding: .utf8)
    let r = try Healthpipe.run([
      "aggregate", dir.file("c.hpt"), "--out", dir.file("agg"), "--pipeline",
      dir.file("p.pipeline"),
    ])
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stderr.contains("as of 2026-11-15"))
    let streaks = try Healthpipe.run(["export", dir.file("agg/streaks.hpt")])
    let goals = streaks.stdout.split(separator: "\r\n").dropFirst().map {
      $0.split(separator: ",")[0]
    }
    #expect(goals == ["rested"])
  }
}
