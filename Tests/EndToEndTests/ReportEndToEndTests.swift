import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// `healthpipe report` end to end: the built binary on a hand-written aggregate folder,
/// exit codes, and the weekly e-mail delivered through a real local mail path (msmtp to an
/// aiosmtpd SMTP server on loopback), parsed back with Python's `email` package.
@Suite("Report end to end")
struct ReportEndToEndTests {
  /// A small aggregate folder: 40 days to Sun 6 Jul 2025 of four key metrics, with
  /// baselines, a score row, a streak and weekly rows.
  static func writeAggregate(_ dir: String) throws {
    let asOf = LocalDay(year: 2025, month: 7, day: 6)!
    var daily: [DailyValue] = []
    var baselines: [BaselineRow] = []
    for k in 0..<40 {
      let day = asOf.adding(days: k - 39)
      let values: [(MetricID, Double, String)] = [
        (.hrvLnSDNN, log(45 + Double(k % 7)), "ln(ms)"),
        (.restingHeartRate, 55 + Double(k % 4), "count/min"),
        (.sleepAsleep, 400 + Double(k % 5) * 10, "min"),
        (.steps, 7000 + Double(k % 6) * 900, "count"),
      ]
      for (m, v, unit) in values where !(m == .steps && k == 37) {
        daily.append(DailyValue(day: day, metric: m, value: v, count: 1, unit: unit))
        var b = BaselineRow(day: day, metric: m, unit: unit)
        b.value = v
        if k >= 21 {
          b.base60Mean = v * 0.98
          b.base60SD = v * 0.05
          b.base60Days = Int64(k)
          b.rangeLow = v * 0.98 - v * 0.025
          b.rangeHigh = v * 0.98 + v * 0.025
          b.delta60 = v - v * 0.98
        }
        b.freshness = "Today"
        b.lastDay = day
        baselines.append(b)
      }
      daily.append(DailyValue(day: day, metric: .sleepDeep, value: 60, count: 1, unit: "min"))
      daily.append(DailyValue(day: day, metric: .sleepCore, value: 250, count: 1, unit: "min"))
      daily.append(
        DailyValue(
          day: day, metric: .sleepREM, value: 90 + Double(k % 5) * 10, count: 1, unit: "min"))
      daily.append(
        DailyValue(
          day: day, metric: .sleepInBed, value: 460 + Double(k % 5) * 10, count: 1, unit: "min"))
    }
    var score = ScoreRow(day: asOf)
    score.condition = 71
    score.sleep = 77
    score.wellness = 74
    score.status = "good"
    score.bodyNote = "no weight data"
    score.coaching = "A steady week: keep it up."
    var streak = StreakRow(
      goal: "active", goalDescription: "exercise ≥ 30 min", cadence: "daily", target: 1,
      weekStart: "",
      windowStart: asOf.adding(days: -39), windowEnd: asOf)
    streak.current = 5
    streak.longest = 9
    streak.history = String(repeating: "11011", count: 8)
    streak.nextMilestone = 7
    streak.progress = 100 * 5.0 / 7
    let week = asOf.isoWeek
    let weekly = [
      WeeklyRow(
        week: week, metric: .goalMet, category: "active", value: 4, previousValue: 5,
        daysWithData: 7, daysInWeek: 7, target: 5, met: false, unit: "days"),
      WeeklyRow(
        week: week, metric: .workoutCount, value: 3, previousValue: 2, daysWithData: 7,
        daysInWeek: 7, unit: "count"),
      WeeklyRow(
        week: week, metric: .workoutMinutes, value: 130, previousValue: 90, daysWithData: 7,
        daysInWeek: 7, unit: "min"),
    ]
    let facts = StageFacts(
      aggregate: AggregateFacts(
        asOf: LocalDay(iso: "2025-07-06"), pinned: ["hrv", "restingHeartRate", "sleep"],
        quality: DataQualityFacts(recordsRead: 5000)))
    try TableFile.write(daily, to: dir + "/daily.hpt", stage: "aggregate", facts: facts)
    try TableFile.write(baselines, to: dir + "/baselines.hpt", stage: "aggregate", facts: facts)
    try TableFile.write([score], to: dir + "/scores.hpt", stage: "aggregate", facts: facts)
    try TableFile.write([streak], to: dir + "/streaks.hpt", stage: "aggregate", facts: facts)
    try TableFile.write(weekly, to: dir + "/weekly.hpt", stage: "aggregate", facts: facts)
  }

  @Test("html, markdown and email reports exit 0 and write their files and manifests")
  func formats() throws {
    let dir = TemporaryDirectory()
    try Self.writeAggregate(dir.path)
    let html = try Healthpipe.run([
      "report", dir.path, "--out", dir.file("r.html"), "--window", "90",
    ])
    #expect(html.code == 0, "\(html.stderr)")
    #expect(html.stderr.contains("report: wrote"))
    let page = try String(contentsOfFile: dir.file("r.html"), encoding: .utf8)
    #expect(page.contains("Data through Sun 6 Jul · 7 of 7 nights"))
    #expect(!page.contains("<script"))
    #expect(FileManager.default.fileExists(atPath: dir.file("r.html.manifest.json")))
    let md = try Healthpipe.run([
      "report", dir.path, "--format", "markdown", "--out", dir.file("r.md"),
    ])
    #expect(md.code == 0, "\(md.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir.file("r-chart-steps.svg")))
    // Under a fixed clock (SOURCE_DATE_EPOCH) the same command gives the same bytes.
    let clock = ["SOURCE_DATE_EPOCH": "1751869800"]
    let eml = try Healthpipe.run(
      [
        "report", dir.path, "--format", "email", "--out", dir.file("r.eml"), "--to",
        "me@example.org",
      ],
      environment: clock)
    #expect(eml.code == 0, "\(eml.stderr)")
    let first = try Data(contentsOf: URL(fileURLWithPath: dir.file("r.eml")))
    _ = try Healthpipe.run(
      [
        "report", dir.path, "--format", "email", "--out", dir.file("r.eml"), "--to",
        "me@example.org",
      ],
      environment: clock)
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("r.eml"))) == first)
  }

  @Test("usage 64, missing input 66, damaged table 65, and nothing written on failure")
  func errors() throws {
    let dir = TemporaryDirectory()
    try Self.writeAggregate(dir.path)
    #expect(
      try Healthpipe.run(["report", dir.path, "--out", dir.file("a.html"), "--window", "14"]).code
        == 64)
    #expect(
      try Healthpipe.run(["report", dir.path, "--format", "email", "--out", dir.file("a.eml")]).code
        == 64)
    #expect(
      try Healthpipe.run(["report", dir.path, "--format", "pdf", "--out", dir.file("a.pdf")]).code
        == 64)
    let missing = try Healthpipe.run(["report", dir.file("nope"), "--out", dir.file("a.html")])
    #expect(missing.code == 66)
    #expect(missing.stderr.contains("nope"))
    // Truncate the weekly table: refused with 65, and no report appears.
    let weekly = dir.file("weekly.hpt")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: weekly))
    try bytes.prefix(bytes.count - 20).write(to: URL(fileURLWithPath: weekly))
    let damaged = try Healthpipe.run(["report", dir.path, "--out", dir.file("a.html")])
    #expect(damaged.code == 65, "\(damaged.stderr)")
    #expect(damaged.stderr.contains("weekly.hpt"))
    #expect(!FileManager.default.fileExists(atPath: dir.file("a.html")))
  }

  @Test(
    "the e-mail goes through msmtp to a loopback SMTP server once; missing mailer 69, server down 75",
    .enabled(
      if: MailTools.available, "needs python3 with aiosmtpd and msmtp (.ci/run installs them)"))
  func deliversThroughSMTP() throws {
    let dir = TemporaryDirectory()
    try Self.writeAggregate(dir.path)
    let inbox = dir.file("inbox")
    try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
    let server = try SMTPServer(inbox: inbox)
    defer { server.stop() }
    let config = dir.file("msmtprc")
    try Data().write(to: URL(fileURLWithPath: config))
    chmod(config, 0o600)
    let mailer =
      "msmtp --file=\(config) --host=127.0.0.1 --port=\(server.port) --auth=off --tls=off --from=bot@example.com -t -i"
    let args = [
      "report", dir.path, "--format", "email", "--out", dir.file("week.eml"), "--to",
      "Jo Müller <jo@example.org>",
      "--from", "Health Bot <bot@example.com>", "--send", "--sendmail", mailer,
    ]
    let sent = try Healthpipe.run(args)
    #expect(sent.code == 0, "\(sent.stderr)")
    #expect(sent.stderr.contains("sent week 2025-W27"))
    let received = try #require(server.waitForMessages(1).first)

    let facts = try MailTools.parse(received, pngDir: dir.path)
    #expect((facts["defects"] as? [String])?.isEmpty == true)
    #expect(facts["top"] as? String == "multipart/mixed")
    #expect(facts["topParts"] as? [String] == ["multipart/alternative", "text/html"])
    #expect(facts["attached"] as? [String] == ["health-report-2025-07-06.html"])
    #expect(facts["alternatives"] as? [String] == ["text/plain", "multipart/related"])
    #expect(facts["relatedFirst"] as? String == "text/html")
    #expect(facts["subject"] as? String == "Your health week 30 Jun – 6 Jul: wellness 74 (good)")
    #expect(facts["to"] as? String == "Jo Müller <jo@example.org>")
    let cids = facts["cids"] as? [String] ?? []
    let images = facts["images"] as? [String] ?? []
    // One chart per pinned metric: HRV, resting heart rate, sleep.
    #expect(cids.count == 3)
    #expect(Set(cids) == Set(images))
    let pngs = facts["pngs"] as? [[String: Any]] ?? []
    #expect(pngs.count == 3)
    for p in pngs {
      #expect(p["ok"] as? Bool == true, "\(p)")
      // The 340-unit chart drawn at 2x (docs/report-inputs.md), RGBA for dark mail.
      #expect(p["width"] as? Int == 680)
      #expect(p["channels"] as? Int == 4)
    }
    let ledger = try String(contentsOfFile: dir.file("sent-weeks.ledger"), encoding: .utf8)
    #expect(ledger.hasPrefix("2025-W27\tjo@example.org\t"))

    // A rerun does not send again.
    let again = try Healthpipe.run(args)
    #expect(again.code == 0)
    #expect(again.stderr.contains("already sent"))
    Thread.sleep(forTimeInterval: 1)
    #expect(server.messages().count == 1)

    // A missing mailer: 69.
    let missing = try Healthpipe.run(
      [
        "report", dir.path, "--format", "email", "--out", dir.file("b.eml"), "--to",
        "x@example.org", "--send",
        "--sendmail", "/nonexistent/sendmail -t -i",
      ])
    #expect(missing.code == 69)
    #expect(missing.stderr.contains("not found"))

    // The SMTP server is down (connection refused): msmtp exits EX_TEMPFAIL (75), and so do
    // we; nothing is recorded, so the next run tries again.
    let down = try SMTPServer(inbox: inbox)
    down.stop()
    let out = dir.file("later")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let temp = try Healthpipe.run(
      [
        "report", dir.path, "--format", "email", "--out", out + "/week.eml", "--to",
        "x@example.org", "--send",
        "--sendmail",
        "msmtp --file=\(config) --host=127.0.0.1 --port=\(down.port) --auth=off --tls=off --from=bot@example.com -t",
      ])
    #expect(temp.code == 75, "\(temp.stderr)")
    #expect(temp.stderr.contains("try again later"))
    #expect(!FileManager.default.fileExists(atPath: out + "/sent-weeks.ledger"))
  }
}

/// Python + aiosmtpd + msmtp helpers for the mail test.
enum MailTools {
  static let msmtp: String? = ProcessRunner.executable(named: "msmtp")

  static let available: Bool = msmtp != nil && Python.hasModule("aiosmtpd")

  /// Parses a received message with `email` and decodes its PNGs with `zlib`.
  static func parse(_ path: String, pngDir: String) throws -> [String: Any] {
    try Python.object(
      """
      import json, sys, re, zlib, struct, email
      from email import policy
      msg = email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=policy.default)
      top = [p.get_content_type() for p in msg.iter_parts()]
      alternative = [p for p in msg.iter_parts() if p.get_content_type() == "multipart/alternative"][0]
      alts = [p.get_content_type() for p in alternative.iter_parts()]
      related = [p for p in alternative.iter_parts() if p.get_content_type() == "multipart/related"][0]
      attached = [p.get_filename() for p in msg.iter_parts() if p.get_content_disposition() == "attachment"]
      rparts = list(related.iter_parts())
      html = rparts[0].get_content()
      images = {}
      for p in rparts[1:]:
          images[p["Content-ID"].strip("<>")] = p.get_content()
      def png(data):
          try:
              assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
              pos = 8; idat = b""
              while pos < len(data):
                  n, = struct.unpack(">I", data[pos:pos+4]); kind = data[pos+4:pos+8]; body = data[pos+8:pos+8+n]
                  assert zlib.crc32(kind + body) & 0xffffffff == struct.unpack(">I", data[pos+8+n:pos+12+n])[0]
                  if kind == b"IHDR": w, h = struct.unpack(">II", body[:8]); channels = {2: 3, 6: 4}[body[9]]
                  if kind == b"IDAT": idat += body
                  pos += 12 + n
              assert len(zlib.decompress(idat)) == h * (1 + channels * w)
              return {"ok": True, "width": w, "height": h, "channels": channels}
          except Exception as e:
              return {"ok": False, "error": str(e)}
      print(json.dumps({"top": msg.get_content_type(), "topParts": top, "attached": attached,
          "alternatives": alts, "relatedFirst": rparts[0].get_content_type(), "date": str(msg["Date"]),
          "subject": str(msg["Subject"]), "to": str(msg["To"]), "cids": re.findall(r'src="cid:([^"]+)"', html),
          "images": sorted(images), "pngs": [png(d) for d in images.values()],
          "defects": [str(d) for p in msg.walk() for d in p.defects]}))
      """, [path])
  }
}

/// An aiosmtpd server on 127.0.0.1 and a free port, started for one test and stopped by it
/// (it also stops by itself after two minutes or when its stdin closes).
final class SMTPServer {
  let process = Process()
  let input = Pipe()
  let port: Int
  let inbox: String

  init(inbox: String) throws {
    self.inbox = inbox
    process.executableURL = URL(fileURLWithPath: Python.path!)
    process.arguments = [
      "-u", "-c",
      """
      import sys, os, time, socket, select
      from aiosmtpd.controller import Controller
      inbox = sys.argv[1]
      class Handler:
          async def handle_DATA(self, server, session, envelope):
              n = len([f for f in os.listdir(inbox) if f.endswith(".eml")])
              path = os.path.join(inbox, "msg-%d-%d.eml" % (os.getpid(), n))
              with open(path + ".part", "wb") as f:
                  f.write(envelope.original_content)
              os.rename(path + ".part", path)
              return "250 2.0.0 OK"
      s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
      c = Controller(Handler(), hostname="127.0.0.1", port=port)
      c.start()
      print(port, flush=True)
      deadline = time.time() + 120
      while time.time() < deadline:
          r, _, _ = select.select([sys.stdin], [], [], 0.5)
          if r and not sys.stdin.buffer.read1(1):
              break
      c.stop()
      """,
      inbox,
    ]
    let out = Pipe()
    process.standardOutput = out
    process.standardInput = input
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line = Data()
    while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
      byte != Data("\n".utf8)
    {
      line += byte
    }
    guard let p = Int(String(decoding: line, as: UTF8.self)) else {
      process.terminate()
      throw SMTPServerError()
    }
    port = p
  }

  struct SMTPServerError: Error {}

  /// Messages received so far (paths).
  func messages() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: inbox)) ?? []).filter {
      $0.hasSuffix(".eml")
    }.sorted()
      .map { inbox + "/" + $0 }
  }

  /// Waits up to ten seconds for `n` messages.
  func waitForMessages(_ n: Int) -> [String] {
    for _ in 0..<100 {
      let m = messages()
      if m.count >= n { return m }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return messages()
  }

  func stop() {
    try? input.fileHandleForWriting.close()
    for _ in 0..<50 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}
