import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// Issue 24, "numbers a person can trust": generated histories as a user has them — a
/// 400-day history, a brand-new user of 5 days, an export that stops 20 days before the
/// as-of date, a history with naps and a second sleep device (the ring), and the sample
/// data of the README's main command — each through ingest, clean and aggregate, then
/// rendered as HTML (30 days and a year), Markdown and the weekly e-mail. Every rendered
/// text must pass `ReportInvariants` (no two statements on a page disagree), and the
/// formats must agree with each other.
@Suite("Rendered reports hold together", .serialized)
struct TrustInvariantsEndToEndTests {
  /// A generated history in an aggregate folder.
  struct History {
    var dir: TemporaryDirectory
    var aggregate: String
    var asOf: LocalDay
  }

  /// `healthpipe sample` → ingest → clean → aggregate as of `asOf` (nil: latest).
  static func history(
    days: Int, end: String, asOf: String? = nil, formats: String? = nil, density: String? = nil
  ) throws -> History {
    let dir = TemporaryDirectory("trust")
    var sample = [
      "sample", "--days", String(days), "--seed", "24", "--end", end, "--out", dir.file("in"),
      "--quiet",
    ]
    if let formats { sample += ["--formats", formats] }
    if let density { sample += ["--density", density] }
    try expectSuccess(Healthpipe.run(sample))
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.file("in")).sorted()
    // export.xml holds the same records as export.zip: read the zip and the other formats.
    let inputs = names.filter { $0 != "export.xml" }.map { dir.file("in/" + $0) }
    try expectSuccess(
      Healthpipe.run(["ingest"] + inputs + ["--out", dir.file("s.hpt"), "--quiet"]))
    try expectSuccess(
      Healthpipe.run(["clean", dir.file("s.hpt"), "--out", dir.file("c.hpt"), "--quiet"]))
    try expectSuccess(
      Healthpipe.run([
        "aggregate", dir.file("c.hpt"), "--out", dir.file("agg"), "--as-of", asOf ?? "latest",
        "--quiet",
      ]))
    let facts = try #require(try TableFile.header(of: dir.file("agg/daily.hpt")).facts.aggregate)
    return History(dir: dir, aggregate: dir.file("agg"), asOf: try #require(facts.asOf))
  }

  static func expectSuccess(
    _ r: ProcessResult, sourceLocation: Testing.SourceLocation = #_sourceLocation
  )
    throws
  {
    #expect(r.code == 0, "\(r.stderr)", sourceLocation: sourceLocation)
    if r.code != 0 { throw ReportFailure(message: r.stderr) }
  }

  struct ReportFailure: Error { var message: String }

  /// Renders every format of a history and returns each page's problems, labelled.
  static func problems(_ h: History, label: String) throws -> [String] {
    var out: [String] = []
    var pages: [String: RenderedText] = [:]
    for window in ["30", "1y"] {
      let file = h.dir.file("r-\(window).html")
      try expectSuccess(
        Healthpipe.run(["report", h.aggregate, "--out", file, "--window", window, "--quiet"]))
      let page = RenderedText(html: try String(contentsOfFile: file, encoding: .utf8))
      pages[window] = page
      out += ReportInvariants.check(page, asOf: h.asOf).map { "\(label) html \(window): \($0)" }
    }
    try FileManager.default.createDirectory(
      atPath: h.dir.file("md"), withIntermediateDirectories: true)
    try expectSuccess(
      Healthpipe.run([
        "report", h.aggregate, "--format", "markdown", "--out", h.dir.file("md/r.md"), "--quiet",
      ]))
    let md = RenderedText(
      markdown: try String(contentsOfFile: h.dir.file("md/r.md"), encoding: .utf8))
    out += ReportInvariants.check(md, asOf: h.asOf).map { "\(label) markdown: \($0)" }
    try expectSuccess(
      Healthpipe.run(
        [
          "report", h.aggregate, "--format", "email", "--out", h.dir.file("r.eml"), "--to",
          "you@example.com", "--quiet",
        ], environment: ["SOURCE_DATE_EPOCH": "1794812400"]))
    let mail = MailMessage(Array(try Data(contentsOf: URL(fileURLWithPath: h.dir.file("r.eml")))))
    out += ReportInvariants.checkEmail(mail, asOf: h.asOf).map { "\(label) e-mail: \($0)" }
    out += ReportInvariants.agree(html: pages["30"]!, markdown: md, email: mail).map {
      "\(label) formats: \($0)"
    }
    return out
  }

  @Test("a 400-day history")
  func longHistory() throws {
    let h = try Self.history(days: 400, end: "2026-11-15", density: "sample")
    let problems = try Self.problems(h, label: "400 days")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test("a new user of 5 days")
  func newUser() throws {
    let h = try Self.history(days: 5, end: "2026-11-15", formats: "apple-zip")
    let problems = try Self.problems(h, label: "5 days")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    // The first week reads kindly: one calibration note, no trend section.
    let page = try String(contentsOfFile: h.dir.file("r-30.html"), encoding: .utf8)
    #expect(page.contains("Getting to know you: 5 days of data so far."))
    #expect(!page.contains("Over the last year"))
  }

  @Test("an export that stops 20 days before the as-of date")
  func staleExport() throws {
    let h = try Self.history(days: 120, end: "2024-01-01", asOf: "2024-01-21")
    let problems = try Self.problems(h, label: "stale")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    let page = try String(contentsOfFile: h.dir.file("r-30.html"), encoding: .utf8)
    #expect(page.contains("No new data since Mon 1 Jan (20 days)"))
    let mail = MailMessage(Array(try Data(contentsOf: URL(fileURLWithPath: h.dir.file("r.eml")))))
    #expect(mail.subject == "No data since Mon 1 Jan — export again or check the automation")
  }

  @Test("naps and a second sleep device")
  func napsAndRing() throws {
    let h = try Self.history(days: 120, end: "2026-11-15")
    let problems = try Self.problems(h, label: "naps")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    let page = RenderedText(
      html: try String(contentsOfFile: h.dir.file("r-30.html"), encoding: .utf8))
    // The history really has both: naps noted on nights, and the ring among the sources.
    #expect(page.allText.contains { $0.contains("nap ") })
    #expect(page.allText.contains { $0.contains("Oura") })
  }

  @Test("the sample data of the README's main command")
  func sampleData() throws {
    let dir = try RunEndToEndTests.checkout()
    try Self.expectSuccess(
      Healthpipe.run(["run", "Pipelines/nightly.pipeline", "--quiet"], in: dir.path))
    let aggregate = dir.file(".healthpipe/nightly/aggregate")
    let facts = try #require(try TableFile.header(of: aggregate + "/daily.hpt").facts.aggregate)
    let h = History(dir: dir, aggregate: aggregate, asOf: try #require(facts.asOf))
    let problems = try Self.problems(h, label: "SampleData")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
