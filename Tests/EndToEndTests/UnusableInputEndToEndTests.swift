import Foundation
import TestSupport
import Testing

/// Inputs that contribute nothing, through the built binary: a broken input at any
/// position and in any format does not sink the others, through the four commands and
/// through `run`; the run exits 1 and says which input failed and why; the report is
/// written and its data-quality section names the input. An input whose every record is
/// rejected is no success either (exit 1, one line, named in the report).
@Suite("Unusable inputs, end to end")
struct UnusableInputEndToEndTests {
  /// `Tests/Fixtures/unusable-inputs/` (its README says what each file is): `good.xml`
  /// gives 2 samples and 1 reject over 1-3 Jan 2024, `good.csv` 3 samples.
  static let fixtures = Healthpipe.repositoryRoot.appendingPathComponent(
    "Tests/Fixtures/unusable-inputs")

  /// The broken fixtures, one per format; each is recognised by content and fails part-way.
  static let broken = ["cut.zip", "cut.xml", "cut.json", "open-quote.csv"]

  /// Copies the fixtures into `dir`; returns the input names in order, the broken one at
  /// `position` between the two good ones.
  static func inputs(_ dir: TemporaryDirectory, broken: String, position: Int) throws
    -> [String]
  {
    for name in ["good.xml", "good.csv", broken] {
      try FileManager.default.copyItem(
        at: fixtures.appendingPathComponent(name), to: URL(fileURLWithPath: dir.file(name)))
    }
    var names = ["good.xml", "good.csv"]
    names.insert(broken, at: position)
    return names
  }

  /// The data-quality section of an HTML report.
  static func quality(_ path: String) throws -> String {
    let html = try String(contentsOfFile: path, encoding: .utf8)
    guard let start = html.range(of: "id=\"quality-title\"") else { return "" }
    return String(html[start.lowerBound...])
  }

  @Test(
    "the four commands complete around a broken input at any position",
    arguments: broken, [0, 1, 2])
  func chain(broken: String, position: Int) throws {
    let dir = TemporaryDirectory("unusable-chain")
    let names = try Self.inputs(dir, broken: broken, position: position)
    let ingest = try Healthpipe.run(
      ["ingest"] + names + ["--out", "samples.hpt"], in: dir.path)
    #expect(ingest.code == 1, "\(ingest.stderr)")
    #expect(ingest.stderr.contains("error: \(broken)"), "\(ingest.stderr)")
    // Inputs given are counted, not inputs read: 2 + 3 + 1 read, 1 rejected.
    #expect(
      ingest.stderr.contains("ingest: 3 inputs (1 failed), 6 records read, 5 kept, 1 rejected"),
      "\(ingest.stderr)")
    let clean = try Healthpipe.run(["clean", "samples.hpt", "--out", "clean.hpt"], in: dir.path)
    #expect(clean.code == 0, "\(clean.stderr)")
    let aggregate = try Healthpipe.run(
      [
        "aggregate", "clean.hpt", "--out", "agg", "--as-of", "2024-01-03", "--rejects",
        "rejects-ingest.hpt", "--rejects", "rejects-clean.hpt",
      ], in: dir.path)
    #expect(aggregate.code == 0, "\(aggregate.stderr)")
    let report = try Healthpipe.run(["report", "agg", "--out", "report.html"], in: dir.path)
    #expect(report.code == 0, "\(report.stderr)")
    let quality = try Self.quality(dir.file("report.html"))
    #expect(quality.contains("1 of 3 inputs contributed nothing:"))
    #expect(quality.contains("<li>\(broken): failed: "), "\(quality.prefix(2000))")
  }

  @Test(
    "run completes around a broken input at any position, exits 1 and says which and why",
    arguments: broken, [0, 1, 2])
  func run(broken: String, position: Int) throws {
    let dir = TemporaryDirectory("unusable-run")
    let names = try Self.inputs(dir, broken: broken, position: position)
    try """
    [pipeline]
    name = unusable
    inputs = \(names.joined(separator: ", "))
    work = work
    [report]
    out = out/report.html
    """.write(toFile: dir.file("p.pipeline"), atomically: true, encoding: .utf8)
    let r = try Healthpipe.run(["run", "p.pipeline", "--as-of", "2024-01-03"], in: dir.path)
    #expect(r.code == 1, "\(r.stderr)")
    #expect(
      RunEndToEndTests.statuses(r.stderr) == [
        "ingest": "ran-partially", "clean": "ran", "aggregate": "ran", "report": "ran",
      ], "\(r.stderr)")
    // Which input and why, on one line. Pipeline paths resolve from the file's real folder
    // (the stage cache must not depend on how a path is written), so the input is named by
    // its absolute path: unambiguous in a cron log.
    let path = URL(fileURLWithPath: dir.file(broken)).resolvingSymlinksInPath().path
    let line = r.stderr.split(separator: "\n").first { $0.hasPrefix("input failed: ") } ?? ""
    #expect(line.hasPrefix("input failed: \(path)"), "\(r.stderr)")
    #expect(line.count > "input failed: ".count + path.count + 20)
    let quality = try Self.quality(dir.file("out/report.html"))
    #expect(quality.contains("1 of 3 inputs contributed nothing:"))
    #expect(quality.contains(broken + ": failed: "))
    // The broken input keeps the ingest stage from being recorded as done: the next run
    // tries it again, and still exits 1.
    let again = try Healthpipe.run(["run", "p.pipeline", "--as-of", "2024-01-03"], in: dir.path)
    #expect(again.code == 1)
    #expect(RunEndToEndTests.statuses(again.stderr)["ingest"] == "ran-partially")
  }

  @Test("an input whose every record is rejected: exit 1, one line, named in the report")
  func everyRecordRejected() throws {
    let dir = TemporaryDirectory("unusable-rejected")
    try FileManager.default.copyItem(
      at: Self.fixtures.appendingPathComponent("good.csv"),
      to: URL(fileURLWithPath: dir.file("good.csv")))
    // Ingest rejects all three: "abc" and "zz" are not numbers, "soon" is not a date.
    try
      "date,metric,value,unit,source\n2024-01-01,steps,abc,count,x\n2024-01-02,steps,zz,count,x\nsoon,steps,5,count,x\n"
      .write(toFile: dir.file("bad.csv"), atomically: true, encoding: .utf8)
    // Clean rejects both: a unit no conversion knows.
    try
      "date,metric,value,unit,source\n2024-01-01,bodyMass,11,stone,x\n2024-01-02,bodyMass,11,stone,x\n"
      .write(toFile: dir.file("stone.csv"), atomically: true, encoding: .utf8)
    let ingest = try Healthpipe.run(
      ["ingest", "good.csv", "bad.csv", "stone.csv", "--out", "samples.hpt"], in: dir.path)
    #expect(ingest.code == 1)
    let lines = ingest.stderr.split(separator: "\n").filter { $0.contains("bad.csv") }
    #expect(
      lines == [
        "healthpipe: error: bad.csv: 0 of 3 records kept; most common reject reason: "
          + "bad-number (2), first: line 2: value 'abc' is not a number"
      ], "\(ingest.stderr)")
    #expect(ingest.stderr.contains("ingest: 3 inputs (1 with nothing kept)"))

    let clean = try Healthpipe.run(["clean", "samples.hpt", "--out", "clean.hpt"], in: dir.path)
    #expect(clean.code == 1)
    #expect(
      clean.stderr.contains(
        "healthpipe: error: stone.csv: 0 of 2 samples kept by clean; most common reject "
          + "reason: unknown-unit (2)"), "\(clean.stderr)")
    #expect(
      try Healthpipe.run(
        [
          "aggregate", "clean.hpt", "--out", "agg", "--as-of", "2024-01-03", "--rejects",
          "rejects-ingest.hpt", "--rejects", "rejects-clean.hpt",
        ], in: dir.path
      ).code == 0)
    #expect(try Healthpipe.run(["report", "agg", "--out", "r.html"], in: dir.path).code == 0)
    let quality = try Self.quality(dir.file("r.html"))
    #expect(quality.contains("2 of 3 inputs contributed nothing:"))
    #expect(
      quality.contains(
        "<li>bad.csv: 0 of 3 records kept; most common reject reason: bad-number (2)"))
    #expect(quality.contains("<li>stone.csv: 0 of 2 samples kept by clean;"))
  }

  @Test("the iOS 8 fixture goes through the whole chain like a current export")
  func legacyExport() throws {
    let dir = TemporaryDirectory("legacy")
    let fixture = Healthpipe.repositoryRoot.appendingPathComponent(
      "Tests/Fixtures/legacy-ios8-export.xml"
    ).path
    let ingest = try Healthpipe.run(["ingest", fixture, "--out", dir.file("s.hpt")])
    // LegacyExportTests counts by hand: 9 records read, 8 kept, 1 malformed.
    #expect(ingest.code == 0, "\(ingest.stderr)")
    #expect(ingest.stderr.contains("ingest: 1 input, 9 records read, 8 kept, 1 rejected"))
    let inspect = try Healthpipe.run(["inspect", dir.file("s.hpt")])
    #expect(inspect.stdout.contains("(apple-xml, "))
    #expect(
      try Healthpipe.run(["clean", dir.file("s.hpt"), "--out", dir.file("c.hpt")]).code == 0)
    // The night of 7-8 Nov (+0100): asleep 23:15-06:15 = 420 min on the sleep day 8 Nov.
    let agg = try Healthpipe.run([
      "aggregate", dir.file("c.hpt"), "--out", dir.file("agg"), "--as-of", "2015-11-08",
    ])
    #expect(agg.code == 0, "\(agg.stderr)")
    let daily = try String(contentsOfFile: dir.file("agg/daily.csv"), encoding: .utf8)
      .split(whereSeparator: \.isNewline)
    let header = daily[0].split(separator: ",").map(String.init)
    let row = try #require(daily.first { $0.hasPrefix("2015-11-08,") })
    let cells = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let asleep = try #require(header.firstIndex(of: "sleep_asleep [min]"))
    #expect(Double(cells[asleep]) == 420)
  }
}
