import Foundation
import TestSupport
import Testing

/// Pipeline files and commands checked before they run (Pipelines/README.md): a mistake is
/// refused at `file:line` before anything runs, `run --plan` and `run` agree on what they
/// accept, the stage cache does not depend on how the pipeline's path is written, and a
/// report is never drawn for another day than its tables.
@Suite("Pipeline files checked before they run", .serialized)
struct PipelineChecksEndToEndTests {
  static let ring = "ring-2026-08-18-2026-11-15.csv"

  /// A folder with the small long-CSV sample and `p.pipeline` holding `body` after a
  /// `[pipeline]` section that reads it (line 1 `[pipeline]`, line 2 `inputs`, line 3
  /// `as_of`; `body` starts on line 4).
  static func folder(_ body: String, label: String = "checks") throws -> TemporaryDirectory {
    let dir = TemporaryDirectory(label)
    try FileManager.default.copyItem(
      at: Healthpipe.repositoryRoot.appendingPathComponent("SampleData/\(ring)"),
      to: URL(fileURLWithPath: dir.file(ring)))
    try ("[pipeline]\ninputs = \(ring)\nas_of = 2026-11-15\n" + body).write(
      toFile: dir.file("p.pipeline"), atomically: true, encoding: .utf8)
    return dir
  }

  /// The names in a folder, sorted.
  static func listing(_ path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  /// Runs `run p.pipeline --plan` and `run p.pipeline` and expects both to refuse with the
  /// same exit code and message, creating nothing.
  func expectRefused(
    _ body: String, code: Int32, message: String, line: Int?, hint: String? = nil
  ) throws {
    let dir = try Self.folder(body)
    let before = try Self.listing(dir.path)
    let plan = try Healthpipe.run(["run", "p.pipeline", "--plan"], in: dir.path)
    let run = try Healthpipe.run(["run", "p.pipeline"], in: dir.path)
    for (what, r) in [("plan", plan), ("run", run)] {
      #expect(r.code == code, "\(what): \(r.stderr)")
      #expect(r.stderr.contains(message), "\(what): \(r.stderr)")
      if let line { #expect(r.stderr.contains("p.pipeline:\(line): "), "\(what): \(r.stderr)") }
      if let hint { #expect(r.stderr.contains(hint), "\(what): \(r.stderr)") }
    }
    // The same words from both: a plan refuses exactly what a run refuses.
    #expect(plan.stderr == run.stderr)
    #expect(try Self.listing(dir.path) == before)
  }

  @Test("a goal naming an unknown metric: 78 at file:line with the closest known names")
  func unknownGoalMetric() throws {
    try expectRefused(
      "[aggregate]\ngoals = walk\n[goal.walk]\ncondition = distanse >= 5\n", code: 78,
      message: "unknown metric 'distanse' in 'distanse >= 5'", line: 7,
      hint: "did you mean distance")
    // `sleep` has no daily value: the hint names the series that do.
    try expectRefused(
      "[aggregate]\ngoals = rest\n[goal.rest]\ncondition = sleep >= 420\n", code: 78,
      message: "unknown metric 'sleep'", line: 7, hint: "use sleepAsleep")
  }

  @Test("a pinned metric that pins nothing: 78 with the closest names")
  func unknownPinned() throws {
    try expectRefused(
      "[aggregate]\npinned = hrv, hvr\n", code: 78, message: "pinned metric 'hvr' is not known",
      line: 5, hint: "did you mean hrv")
    try expectRefused(
      "[aggregate]\npinned = heartRate\n", code: 78,
      message: "pinned metric 'heartRate' is not known", line: 5,
      hint: "only key metrics have the baselines")
  }

  @Test("duplicate and empty priority entries: 78 at file:line")
  func priorityEntries() throws {
    try expectRefused(
      "[clean]\npriority = manual, iPhone, Apple Watch, iPhone\n", code: 78,
      message: "'iPhone' appears twice in the source priority list", line: 5)
    try expectRefused(
      "[clean]\npriority = manual, , iPhone\n", code: 78,
      message: "entry 2 of the source priority list is empty", line: 5)
    try expectRefused(
      "[clean]\npriority = manual, iPhone,\n", code: 78,
      message: "entry 3 of the source priority list is empty", line: 5)
  }

  @Test("weekly targets and goal sections that nothing uses: 78")
  func unusedTargets() throws {
    try expectRefused(
      "[aggregate]\ngoals = steps\nweekly_active_target = 4\n", code: 78,
      message: "weekly_active_target is the weekly target of the goal 'active'", line: 6)
    try expectRefused(
      "[aggregate]\ngoals = steps\n[goal.walk]\ncondition = distance >= 5\nweekly_target = 3\n",
      code: 78, message: "[goal.walk] is not used", line: 6)
  }

  @Test("what the report stage would refuse is refused up front, by plan and run alike")
  func reportSettings() throws {
    try expectRefused(
      "[report]\nformat = email\n", code: 78, message: "format = email needs a recipient",
      line: 5)
    try expectRefused(
      "[report]\nformat = email\nto = a@example.com\nsendmail = \"\"\n", code: 78,
      message: "sendmail is empty", line: 7)
    // Sending with a mailer that does not exist: 69 before any stage runs.
    try expectRefused(
      "[report]\nformat = email\nto = a@example.com\nsend = true\nsendmail = /nonexistent/sendmail\n",
      code: 69, message: "the mailer '/nonexistent/sendmail' was not found", line: nil)
    // A work folder or a report under a file, a report path that is a folder: 73.
    try expectRefused(
      "work = p.pipeline/work\n", code: 73, message: "p.pipeline is a file, not a folder",
      line: nil)
    try expectRefused(
      "[report]\nout = p.pipeline/report.html\n", code: 73,
      message: "p.pipeline is a file, not a folder", line: nil)
    try expectRefused(
      "[report]\nout = .\n", code: 73, message: "the report path is a folder", line: nil)
  }

  @Test("what --plan accepts, run runs")
  func planThenRun() throws {
    let dir = try Self.folder(
      "[clean]\npriority = manual, Oura, *\n[aggregate]\ngoals = active, rest\npinned = sleep, rhr\n"
        + "[goal.rest]\ncondition = sleepAsleep >= 420\n[report]\nout = out/r.html\n")
    let plan = try Healthpipe.run(["run", "p.pipeline", "--plan"], in: dir.path)
    #expect(plan.code == 0, "\(plan.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.file(".healthpipe")))
    let run = try Healthpipe.run(["run", "p.pipeline"], in: dir.path)
    #expect(run.code == 0, "\(run.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir.file("out/r.html")))
  }

  /// The stage statuses of a `run --json` summary.
  static func statuses(_ r: Healthpipe.Result) throws -> [String] {
    let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    return (json?["stages"] as? [[String: Any]])?.compactMap { $0["status"] as? String } ?? []
  }

  @Test("the cache holds by relative path, absolute path, symlink and from another folder")
  func cacheIgnoresHowThePathIsWritten() throws {
    let dir = try Self.folder("[report]\nout = out/r.html\n", label: "cache")
    try FileManager.default.createDirectory(
      atPath: dir.file("elsewhere/deeper"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: dir.file("elsewhere/link.pipeline"), withDestinationPath: dir.file("p.pipeline"))
    let first = try Healthpipe.run(["run", "p.pipeline", "--json", "-q"], in: dir.path)
    #expect(first.code == 0, "\(first.stderr)")
    #expect(try Self.statuses(first) == ["ran", "ran", "ran", "ran"])
    let ways: [(args: String, cwd: String)] = [
      ("p.pipeline", dir.path),
      ("./p.pipeline", dir.path),
      (dir.file("p.pipeline"), "/"),
      ("../p.pipeline", dir.file("elsewhere")),
      ("../../p.pipeline", dir.file("elsewhere/deeper")),
      ("link.pipeline", dir.file("elsewhere")),
      (dir.file("elsewhere/link.pipeline"), dir.file("elsewhere/deeper")),
    ]
    for way in ways {
      let again = try Healthpipe.run(["run", way.args, "--json", "-q"], in: way.cwd)
      #expect(again.code == 0, "\(way): \(again.stderr)")
      #expect(
        try Self.statuses(again) == ["skipped", "skipped", "skipped", "skipped"], "\(way)")
    }
    // Relative paths in the file are relative to its real folder, also through the link:
    // one work folder and one report, beside p.pipeline.
    #expect(try Self.listing(dir.path).contains(".healthpipe"))
    #expect(!FileManager.default.fileExists(atPath: dir.file("elsewhere/.healthpipe")))
    #expect(!FileManager.default.fileExists(atPath: dir.file("elsewhere/out")))
  }

  @Test("without out, the report goes under the work folder, which git ignores")
  func defaultReportUnderWork() throws {
    let dir = try Self.folder("", label: "noout")
    try "[pipeline]\nname = quiet-night\ninputs = \(Self.ring)\nas_of = 2026-11-15\n".write(
      toFile: dir.file("p.pipeline"), atomically: true, encoding: .utf8)
    let r = try Healthpipe.run(["run", "p.pipeline"], in: dir.path)
    #expect(r.code == 0, "\(r.stderr)")
    let report = dir.file(".healthpipe/quiet-night/report/report.html")
    #expect(FileManager.default.fileExists(atPath: report))
    #expect(r.stderr.contains("report: \(PathResolution.real(report))"), "\(r.stderr)")
    // The repository's .gitignore covers a work folder beside any pipeline file, and the
    // reports folder of the main pipelines.
    let ignore = try String(
      contentsOf: Healthpipe.repositoryRoot.appendingPathComponent(".gitignore"), encoding: .utf8)
    let patterns = Set(ignore.split(separator: "\n").map(String.init))
    #expect(patterns.contains(".healthpipe/"))
    #expect(patterns.contains("/Reports/latest/"))
    if let git = GitCheckIgnore.available {
      for path in [
        ".healthpipe/nightly/report/report.html", "Pipelines/.healthpipe/x/report/report.html",
        "Reports/latest/nightly.html", ".build/anything.o",
      ] {
        #expect(git.ignores(path), "\(path) is not ignored")
      }
      #expect(!git.ignores("Pipelines/nightly.pipeline"))
    }
  }

  @Test("report --as-of for another day than the aggregate's: 64 with a hint, nothing written")
  func reportAsOfMismatch() throws {
    let dir = try Self.folder("[report]\nout = out/r.html\n", label: "asof")
    #expect(try Healthpipe.run(["run", "p.pipeline", "-q"], in: dir.path).code == 0)
    let aggregate = dir.file(".healthpipe/p/aggregate")
    let r = try Healthpipe.run([
      "report", aggregate, "--out", dir.file("other.html"), "--as-of", "2026-11-10",
    ])
    #expect(r.code == 64, "\(r.stderr)")
    #expect(
      r.stderr.contains(
        "--as-of 2026-11-10 does not match the aggregate folder, which was built as of 2026-11-15"))
    #expect(r.stderr.contains("hint: leave out --as-of to report as of 2026-11-15"))
    #expect(!FileManager.default.fileExists(atPath: dir.file("other.html")))
    // The aggregate's own date, or none, is fine.
    for extra in [["--as-of", "2026-11-15"], []] {
      let ok = try Healthpipe.run(
        ["report", aggregate, "--out", dir.file("same.html"), "-q"] + extra)
      #expect(ok.code == 0, "\(ok.stderr)")
    }
  }
}

/// Paths as the system resolves them (the temporary folder may sit behind a link).
enum PathResolution {
  static func real(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

/// `git check-ignore` against the repository, when git and a checkout are there.
struct GitCheckIgnore {
  static var available: GitCheckIgnore? {
    let root = Healthpipe.repositoryRoot.path
    guard FileManager.default.fileExists(atPath: root + "/.git"),
      FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
    else { return nil }
    return GitCheckIgnore()
  }

  /// Whether the repository's ignore rules cover `path` (which need not exist).
  func ignores(_ path: String) -> Bool {
    let r = try? ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/git"),
      ["-C", Healthpipe.repositoryRoot.path, "check-ignore", "-q", "--no-index", path])
    return r?.code == 0
  }
}
