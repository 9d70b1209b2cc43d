import Foundation
import TestSupport
import Testing

/// The command line behaves like a Unix tool (README.md, "Commands"): a closed pipe ends it
/// quietly, `--quiet`/`-q` prints nothing on success, and `run` says where its outputs went
/// and what happened to the e-mail.
@Suite("A Unix tool", .serialized)
struct UnixToolTests {
  static let ring = "ring-2026-08-18-2026-11-15.csv"

  /// A folder with the small long-CSV sample and a pipeline `p.pipeline` with `report`
  /// as its `[report]` section.
  static func folder(report: String, label: String = "unix") throws -> TemporaryDirectory {
    let dir = TemporaryDirectory(label)
    try FileManager.default.copyItem(
      at: Healthpipe.repositoryRoot.appendingPathComponent("SampleData/\(ring)"),
      to: URL(fileURLWithPath: dir.file(ring)))
    try "[pipeline]\ninputs = \(ring)\nas_of = 2026-11-15\n[report]\n\(report)".write(
      toFile: dir.file("p.pipeline"), atomically: true, encoding: .utf8)
    return dir
  }

  /// A mailer script that keeps what it is given and exits with `status` after printing
  /// `stderr` lines.
  static func mailer(in dir: TemporaryDirectory, status: Int = 0, stderr: [String] = []) throws
    -> String
  {
    let path = dir.file("mailer.sh")
    let lines = stderr.map { "echo '\($0)' >&2\n" }.joined()
    try "#!/bin/sh\ncat >> \"\(dir.file("mailbox"))\"\n\(lines)exit \(status)\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
    return path
  }

  @Test("export | head ends quietly, as cat does: no message, killed by SIGPIPE (141)")
  func brokenPipe() throws {
    let dir = TemporaryDirectory("pipe")
    let export = Healthpipe.repositoryRoot.appendingPathComponent("SampleData/export.xml").path
    #expect(try Healthpipe.run(["ingest", export, "--out", dir.file("s.hpt"), "-q"]).code == 0)
    // Thousands of rows: far more than a pipe holds, so the writer meets the closed pipe.
    for format in ["csv", "ndjson"] {
      let script =
        "set -o pipefail; \"$0\" export \"$1\" --format \(format) 2>\"$2\" | head -n 1 "
        + ">/dev/null; echo $? > \"$3\""
      _ = try ProcessRunner.run(
        URL(fileURLWithPath: "/bin/bash"),
        [
          "-c", script, Healthpipe.binary.path, dir.file("s.hpt"), dir.file("err.txt"),
          dir.file("status.txt"),
        ])
      let status = try String(contentsOfFile: dir.file("status.txt"), encoding: .utf8)
      let err = try String(contentsOfFile: dir.file("err.txt"), encoding: .utf8)
      // 141 = 128 + SIGPIPE: what `cat big | head -n 1` gives under pipefail; never 74.
      #expect(status == "141\n", "\(format)")
      #expect(err.isEmpty, "\(format): \(err)")
    }
  }

  @Test("-q and --quiet print nothing on success, for every command; errors still print")
  func quiet() throws {
    let dir = try Self.folder(report: "out = r.html\n", label: "quiet")
    let sample = dir.file(Self.ring)
    let commands: [[String]] = [
      ["ingest", sample, "--out", dir.file("s.hpt")],
      ["clean", dir.file("s.hpt"), "--out", dir.file("c.hpt")],
      ["aggregate", dir.file("c.hpt"), "--out", dir.file("agg"), "--as-of", "2026-11-15"],
      ["report", dir.file("agg"), "--out", dir.file("r2.html")],
      ["run", dir.file("p.pipeline")],
      ["sample", "--days", "3", "--seed", "1", "--out", dir.file("gen"), "--formats", "long-csv"],
    ]
    for command in commands {
      for flag in ["-q", "--quiet"] {
        let r = try Healthpipe.run(command + [flag], in: dir.path)
        #expect(r.code == 0, "\(command) \(flag): \(r.stderr)")
        #expect(r.stderr.isEmpty, "\(command) \(flag): \(r.stderr)")
        #expect(r.stdout.isEmpty, "\(command) \(flag): \(r.stdout)")
      }
      // Without it, each says what it did.
      #expect(!(try Healthpipe.run(command, in: dir.path).stderr.isEmpty), "\(command)")
    }
    let failed = try Healthpipe.run(["ingest", dir.file("nope.xml"), "--out", "x.hpt", "-q"])
    #expect(failed.code == 66)
    #expect(failed.stderr.contains("nope.xml"))
    // Help names it.
    #expect(try Healthpipe.run(["help", "export"]).stdout.contains("-q, --quiet"))
  }

  @Test("run ends with where the report went; --plan says what it would write")
  func htmlOutputs() throws {
    let dir = try Self.folder(report: "out = out/night.html\n", label: "where")
    let report = PathResolution.real(dir.path) + "/out/night.html"
    let plan = try Healthpipe.run(["run", "p.pipeline", "--plan"], in: dir.path)
    #expect(plan.stderr.contains("\nreport: \(report)\n"), "\(plan.stderr)")
    let r = try Healthpipe.run(["run", "p.pipeline"], in: dir.path)
    #expect(r.code == 0)
    #expect(r.stderr.hasSuffix("\nreport: \(report)\n"), "\(r.stderr)")
    #expect(!r.stderr.contains("mail:"))
  }

  @Test("e-mail: not sent with send = false; sent, then already sent; --plan says which")
  func mailStatus() throws {
    let off = try Self.folder(
      report: "format = email\nto = Ann <a@example.com>\nout = week.eml\n", label: "mail")
    let eml = PathResolution.real(off.path) + "/week.eml"
    let written = try Healthpipe.run(["run", "p.pipeline"], in: off.path)
    #expect(written.code == 0, "\(written.stderr)")
    #expect(written.stderr.hasSuffix("e-mail: \(eml)\nmail: not sent (send = false)\n"))

    let dir = TemporaryDirectory("mail-send")
    let mailer = try Self.mailer(in: dir)
    let on = try Self.folder(
      report: "format = email\nto = Ann <a@example.com>\nout = week.eml\nsend = true\n"
        + "sendmail = \(mailer)\n", label: "mail-on")
    // 2026-11-15 is the Sunday of ISO week 2026-W46.
    let plan = try Healthpipe.run(["run", "p.pipeline", "--plan"], in: on.path)
    #expect(plan.code == 0, "\(plan.stderr)")
    #expect(plan.stderr.contains("to: a@example.com, from: healthpipe@localhost\n"))
    #expect(plan.stderr.contains("mail: would send week 2026-W46 to a@example.com\n"))
    let sent = try Healthpipe.run(["run", "p.pipeline"], in: on.path)
    #expect(sent.code == 0, "\(sent.stderr)")
    #expect(sent.stderr.hasSuffix("mail: sent week 2026-W46 to a@example.com\n"), "\(sent.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir.file("mailbox")))
    // A rerun (report skipped) and a forced one (report rerun, ledger consulted) send nothing.
    for extra in [[], ["--force"]] {
      let again = try Healthpipe.run(["run", "p.pipeline"] + extra, in: on.path)
      #expect(again.code == 0)
      #expect(again.stderr.hasSuffix("mail: already sent week 2026-W46\n"), "\(again.stderr)")
    }
    let replan = try Healthpipe.run(["run", "p.pipeline", "--plan"], in: on.path)
    #expect(replan.stderr.contains("mail: already sent week 2026-W46\n"))
    let mailbox = try String(contentsOfFile: dir.file("mailbox"), encoding: .utf8)
    #expect(mailbox.components(separatedBy: "\r\nMessage-ID: ").count == 2)  // one message
    // The run summary keeps the same facts.
    let json = try Healthpipe.run(["run", "p.pipeline", "--json", "-q"], in: on.path)
    let summary = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let delivery = summary?["delivery"] as? [String: Any]
    #expect(delivery?["mail"] as? String == "already sent week 2026-W46")
    #expect(delivery?["recipient"] as? String == "a@example.com")
  }

  @Test("a mailer that exits non-zero: run exits 69 with its status and what it printed")
  func mailerFails() throws {
    let dir = TemporaryDirectory("mail-fail")
    let mailer = try Self.mailer(
      in: dir, status: 3, stderr: ["relay refused: 550 5.7.1", "giving up after 1 try"])
    let on = try Self.folder(
      report: "format = email\nto = a@example.com\nout = week.eml\nsend = true\n"
        + "sendmail = \(mailer) -t\n", label: "mail-fail")
    let r = try Healthpipe.run(["run", "p.pipeline", "-q"], in: on.path)
    #expect(r.code == 69, "\(r.stderr)")
    #expect(
      r.stderr.contains(
        "failed with exit status 3; it said: relay refused: 550 5.7.1 | giving up after 1 try"),
      "\(r.stderr)")
    #expect(r.stderr.contains("hint: nothing was recorded as sent"))
    // Not recorded as sent: the next run tries again (and the plan says it would send).
    let plan = try Healthpipe.run(["run", "p.pipeline", "--plan"], in: on.path)
    #expect(plan.stderr.contains("mail: would send week 2026-W46 to a@example.com"))
  }
}
