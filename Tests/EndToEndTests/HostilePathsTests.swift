import Foundation
import HealthSystem
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The third hostile-input round (docs/changelog/reliability.md, "Hostile and accidental
/// inputs, third round"), the findings about paths, run as the nightly cron job runs (as
/// root where a case needs it): device nodes as outputs (2), foreign temporaries (7), a
/// planted lock link (10), a sparse ledger (12), FIFOs as inputs (14), file names that forge
/// lines (15). Each case ends within the budget (10 s of CPU, 300 MB) with its documented
/// exit code, and nothing outside its outputs changes.
@Suite("Hostile paths, third round")
struct HostilePathsTests {
  /// Device nodes made in a private folder: the machine's own /dev is never an output here.
  static let canMakeNodes: Bool = getuid() == 0
  static let needsRoot: Comment = "mknod needs root (CI runs as root); skipped here"

  /// A private folder with a null (1,3), zero (1,5) and full (1,7) device, a FIFO, a folder
  /// and a symbolic link to a file (as /dev/stdout is when standard output goes to a file),
  /// and what each is before the test.
  static func nodes() throws -> (TemporaryDirectory, [String: stat]) {
    let dir = TemporaryDirectory("hostile-nodes")
    for (name, minor) in [("null", 3), ("zero", 5), ("full", 7)] {
      // Device 1,minor in the classic encoding (major << 8 | minor).
      try #require(mknod(dir.file(name), S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0)
    }
    try #require(mkfifo(dir.file("fifo"), 0o644) == 0)
    try FileManager.default.createDirectory(
      atPath: dir.file("folder"), withIntermediateDirectories: true)
    try "target\n".write(toFile: dir.file("target"), atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: dir.file("link"), withDestinationPath: dir.file("target"))
    var before: [String: stat] = [:]
    for name in Self.names { before[name] = Self.entry(dir.file(name)) }
    return (dir, before)
  }

  static let names = ["null", "zero", "full", "fifo", "folder", "link", "target"]

  /// `lstat` of a path (a link itself, not what it leads to).
  static func entry(_ path: String) -> stat? {
    var st = stat()
    return lstat(path, &st) == 0 ? st : nil
  }

  /// The nodes are still what they were, and nothing else appeared in their folder.
  static func expectUnchanged(_ dir: TemporaryDirectory, _ before: [String: stat], _ label: String)
    throws
  {
    for (name, st) in before {
      let now = Self.entry(dir.file(name))
      #expect(
        now?.st_mode == st.st_mode && now?.st_rdev == st.st_rdev && now?.st_ino == st.st_ino,
        "\(label): \(name)")
    }
    let items = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(items == Self.names.sorted(), "\(label): \(items)")
    #expect(try String(contentsOfFile: dir.file("target"), encoding: .utf8) == "target\n")
  }

  @Test(
    "finding 2: an output, rejects table, ledger or report naming a device, FIFO or folder is 73 before any work",
    .enabled(if: canMakeNodes, needsRoot))
  func deviceOutputs() throws {
    let fixtures = try FaultFixtures.shared.get()
    let small = fixtures.folder + "/small"
    let (dir, before) = try Self.nodes()
    let work = TemporaryDirectory("hostile-nodes-work")
    for node in ["null", "zero", "full", "fifo", "folder", "link"] {
      let target = dir.file(node)
      for arguments in [
        ["ingest", fixtures.smallXML, "--out", target],
        ["ingest", fixtures.smallXML, "--out", work.file("s.hpt"), "--rejects", target],
        ["clean", small + "/samples.hpt", "--out", target],
        ["clean", small + "/samples.hpt", "--out", work.file("c.hpt"), "--rejects", target],
        ["report", small + "/agg", "--format", "html", "--out", target],
        ["export", small + "/clean.hpt", "--out", target],
        [
          "report", small + "/agg", "--format", "email", "--to", "a@example.org", "--out",
          work.file("w.eml"), "--send", "--sendmail", "/bin/true", "--ledger", target,
        ],
      ] {
        let r = try BoundedRun.healthpipe(arguments)
        let label = "\(node): \(arguments.joined(separator: " "))"
        #expect(r.code == 73, "\(label): \(r.stderr)")
        #expect(r.stderr.contains("is a"), "\(label): \(r.stderr)")
        #expect(r.withinBudget, "\(label): \(r.usage)")
      }
      // `run` with the report there refuses before its work folder exists.
      let pipeline = work.file("p-\(node).pipeline")
      try """
      [pipeline]
      inputs = \(fixtures.smallXML)
      work = work-\(node)
      as_of = 2026-11-15
      [report]
      out = \(target)

      """.write(toFile: pipeline, atomically: false, encoding: .utf8)
      for plan in [true, false] {
        let r = try BoundedRun.healthpipe(["run", pipeline] + (plan ? ["--plan"] : []))
        #expect(r.code == 73, "run \(node): \(r.stderr)")
      }
      #expect(!FileManager.default.fileExists(atPath: work.file("work-\(node)")))
    }
    try Self.expectUnchanged(dir, before, "outputs")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: work.path).allSatisfy {
        $0.hasSuffix(".pipeline")
      })
  }

  /// Proven on private nodes and links above; the machine's /dev/null and /dev/stdout are
  /// only checked to be refused the same way (nothing is created or renamed before the
  /// refusal). /dev/stdout is a link, here to the file standard output goes to: renaming
  /// over it replaced the machine's /dev/stdout once, while this test was being written.
  @Test("finding 2: --out /dev/null and /dev/stdout are refused with 73 and stay as they are")
  func realNullDevice() throws {
    let fixtures = try FaultFixtures.shared.get()
    let before = SystemCalls.fileStatus("/dev/null")
    for target in ["/dev/null", "/dev/stdout"] {
      let r = try BoundedRun.healthpipe(["ingest", fixtures.smallXML, "--out", target])
      #expect(r.code == 73, "\(target): \(r.stderr)")
      #expect(r.stderr.contains("not a regular file"), "\(r.stderr)")
    }
    let after = SystemCalls.fileStatus("/dev/null")
    #expect(after?.st_mode == before?.st_mode && after?.st_rdev == before?.st_rdev)
    #expect(!FileManager.default.fileExists(atPath: "/dev/.null.tmp-0"))
  }

  @Test(
    "finding 14: a FIFO or device as input is refused at once (66), named; matched by a glob, 78",
    .enabled(if: canMakeNodes, needsRoot))
  func specialInputs() throws {
    let (dir, before) = try Self.nodes()
    let work = TemporaryDirectory("hostile-fifo")
    for (node, kind) in [("fifo", "a FIFO"), ("zero", "a character device")] {
      let r = try BoundedRun.healthpipe(["ingest", dir.file(node), "--out", work.file("s.hpt")])
      #expect(r.code == 66, "\(node): \(r.stderr)")
      #expect(r.stderr.contains("it is \(kind)"), "\(r.stderr)")
      #expect(r.withinBudget, "\(r.usage)")
    }
    // A glob in a pipeline file that matches the FIFO (next to a real export).
    let inputs = work.file("inputs")
    try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
    try CorpusText.threeDaysOfSteps.write(
      toFile: inputs + "/a.xml", atomically: false, encoding: .utf8)
    #expect(mkfifo(inputs + "/b.xml", 0o644) == 0)
    let pipeline = work.file("glob.pipeline")
    try "[pipeline]\ninputs = inputs/*.xml\nwork = work\n".write(
      toFile: pipeline, atomically: false, encoding: .utf8)
    let r = try BoundedRun.healthpipe(["run", pipeline])
    #expect(r.code == 78, "\(r.stderr)")
    #expect(r.stderr.contains("b.xml is a FIFO (named pipe), not a regular file"), "\(r.stderr)")
    #expect(r.stderr.contains("\(pipeline):2"), "\(r.stderr)")
    #expect(r.withinBudget, "\(r.usage)")
    try Self.expectUnchanged(dir, before, "inputs")
  }

  @Test("finding 7: run removes none of the hidden files other programs keep beside its outputs")
  func foreignTemporaries() throws {
    let fixtures = try FaultFixtures.shared.get()
    let dir = TemporaryDirectory("hostile-foreign")
    let work = dir.file("work")
    let report = dir.file("report")
    for folder in [work, work + "/aggregate", report] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    // Names of the forms healthpipe used before it marked its own: any process, a live one
    // (this test), a dead one (no id is above pid_max).
    let foreign = [
      "work/.samples.hpt.tmp-1-0", "work/.clean.hpt.part-\(getpid())",
      "work/aggregate/.daily.hpt.tmp-99999999-0", "work/.samples.hpt.tmp-1234-abc-0",
      "report/.report.html.tmp-99999999-0", "report/.report.html.part-99999999",
      "report/.report.html.tmp-\(getpid())-0",
    ]
    for (i, name) in foreign.enumerated() {
      try Data("foreign \(i)\n".utf8).write(to: URL(fileURLWithPath: dir.file(name)))
    }
    let pipeline = dir.file("p.pipeline")
    try """
    [pipeline]
    inputs = \(fixtures.smallXML)
    work = work
    as_of = 2026-11-15
    [report]
    out = report/report.html

    """.write(toFile: pipeline, atomically: false, encoding: .utf8)
    for _ in 0..<2 {
      let r = try BoundedRun.healthpipe(["run", pipeline, "--quiet"])
      #expect(r.code == 0, "\(r.stderr)")
      #expect(r.withinBudget, "\(r.usage)")
    }
    for (i, name) in foreign.enumerated() {
      #expect(
        (try? String(contentsOfFile: dir.file(name), encoding: .utf8)) == "foreign \(i)\n",
        "\(name) was changed or removed")
    }
  }

  @Test("finding 10: a .lock planted as a link makes run exit 73; the link's target is untouched")
  func plantedLock() throws {
    let fixtures = try FaultFixtures.shared.get()
    let dir = TemporaryDirectory("hostile-lock")
    let target = dir.file("precious.conf")
    try "setting = 1\n".write(toFile: target, atomically: false, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: dir.file("work"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: dir.file("work/.lock"), withDestinationPath: target)
    let pipeline = dir.file("p.pipeline")
    try "[pipeline]\ninputs = \(fixtures.smallXML)\nwork = work\nas_of = 2026-11-15\n".write(
      toFile: pipeline, atomically: false, encoding: .utf8)
    for arguments in [["run", pipeline], ["run", pipeline, "--plan"]] {
      let r = try BoundedRun.healthpipe(arguments)
      #expect(r.code == 73, "\(arguments): \(r.stderr)")
      #expect(r.stderr.contains("/.lock is a symbolic link"), "\(r.stderr)")
    }
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "setting = 1\n")
  }

  @Test("finding 12: a 3 GB sparse ledger is refused (65) without being read")
  func sparseLedger() throws {
    let fixtures = try FaultFixtures.shared.get()
    let dir = TemporaryDirectory("hostile-ledger")
    let ledger = dir.file("sent.ledger")
    let fd = open(ledger, O_WRONLY | O_CREAT, 0o644)
    try #require(fd >= 0 && ftruncate(fd, 3 << 30) == 0)
    close(fd)
    let r = try BoundedRun.healthpipe([
      "report", fixtures.folder + "/small/agg", "--format", "email", "--to", "a@example.org",
      "--out", dir.file("w.eml"), "--send", "--sendmail", "/bin/true", "--ledger", ledger,
    ])
    #expect(r.code == 65, "\(r.stderr)")
    #expect(r.stderr.contains("a ledger is at most 4194304 bytes"), "\(r.stderr)")
    #expect(r.withinBudget, "\(r.usage)")
    #expect(SystemCalls.fileStatus(ledger)?.st_size == 3 << 30)
  }

  @Test("finding 11: a mailer that never ends is stopped after its timeout: 75, nothing recorded")
  func hungMailer() throws {
    let fixtures = try FaultFixtures.shared.get()
    let dir = TemporaryDirectory("hostile-mailer")
    let mailer = dir.file("mailer.sh")
    // It starts a child that holds its standard error, then sleeps.
    try Data("#!/bin/sh\n(sleep 300) &\nexec sleep 300\n".utf8).write(
      to: URL(fileURLWithPath: mailer))
    chmod(mailer, 0o755)
    let started = Date()
    let r = try BoundedRun.healthpipe([
      "report", fixtures.folder + "/small/agg", "--format", "email", "--to", "a@example.org",
      "--out", dir.file("w.eml"), "--send", "--sendmail", mailer, "--mailer-timeout", "2",
    ])
    #expect(r.code == 75, "\(r.stderr)")
    #expect(r.stderr.contains("did not finish within 2 s"), "\(r.stderr)")
    #expect(r.withinBudget, "\(r.usage)")
    #expect(Date().timeIntervalSince(started) < 60)
    #expect(!FileManager.default.fileExists(atPath: dir.file("sent-weeks.ledger")))
    #expect(FileManager.default.fileExists(atPath: dir.file("w.eml")))
  }

  @Test("finding 15: a file name with a newline and an escape cannot forge lines or colour")
  func forgedNames() throws {
    let dir = TemporaryDirectory("hostile-names")
    let name = dir.file("x\nhealthpipe: error: all good\u{1B}[2J\u{1B}[31m\u{202E}.xml")
    try "not an export\n".write(toFile: name, atomically: false, encoding: .utf8)
    for path in [name, name + ".missing"] {
      let r = try BoundedRun.healthpipe(["ingest", path, "--out", dir.file("s.hpt")])
      #expect(r.code == 65 || r.code == 66, "\(r.stderr)")
      #expect(!r.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
      let errorLines = r.stderr.split(separator: "\n").filter {
        $0.hasPrefix("healthpipe: error:")
      }
      #expect(errorLines.count == 1, "\(r.stderr)")
      #expect(r.stderr.contains("x\\nhealthpipe: error: all good\\x1B[2J\\x1B[31m\\u202E.xml"))
    }
  }
}
