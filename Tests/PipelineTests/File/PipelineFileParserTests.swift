import Aggregate
import Foundation
import HealthModel
import TestSupport
import Testing

@testable import Pipeline

@Suite("Pipeline file parsing and validation")
struct PipelineFileParserTests {
  let dir = TemporaryDirectory("pipeline")

  func write(_ name: String, _ text: String) -> String {
    let path = dir.file(name)
    try! text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Loads a pipeline file and returns the error it must raise.
  func failure(_ text: String, extra: [String: String] = [:]) -> HealthError? {
    for (n, t) in extra { _ = write(n, t) }
    let path = write("p.pipeline", text)
    do {
      _ = try PipelineConfigLoader.load(path: path)
      return nil
    } catch let e as HealthError {
      return e
    } catch {
      return nil
    }
  }

  @Test("a full file parses with paths relative to the file's folder")
  func full() throws {
    _ = write("a.zip", "x")
    _ = write("b.csv", "x")
    _ = write("c.csv", "x")
    let path = write(
      "nightly.pipeline",
      """
      # nightly job
      [pipeline]
      name = nightly
      inputs = a.zip, *.csv   # every csv
      work = out/work
      as_of = 2025-07-06
      timezone = Europe/Berlin

      [clean]
      priority = manual, Apple Watch, iPhone, *

      [aggregate]
      goals = steps, walk
      pinned = hrv, sleep
      week_start = sunday

      [goal.walk]
      condition = distance >= 5
      weekly_target = 3

      [report]
      format = email
      window = 90
      to = me@example.com
      send = false

      [export]
      sqlite = out/health.sqlite
      """)
    let c = try PipelineConfigLoader.load(path: path)
    #expect(c.name == "nightly")
    #expect(
      c.inputs
        == [dir.file("a.zip"), dir.file("b.csv"), dir.file("c.csv")].map(PathUtilities.normalise))
    #expect(c.workFolder == PathUtilities.normalise(dir.file("out/work")))
    #expect(c.asOf == .date(LocalDay(year: 2025, month: 7, day: 6)!))
    #expect(c.timeZone == "Europe/Berlin")
    #expect(c.priority.entries == ["manual", "Apple Watch", "iPhone", "*"])
    // The goals are parsed at load: the built-in `steps`, then `walk` from its section.
    #expect(c.aggregate.goals.map(\.name) == ["steps", "walk"])
    let walk = c.aggregate.goals[1]
    #expect(walk.conditions.map(\.metric) == [.distance])
    #expect(walk.conditions.map(\.threshold) == [5])
    #expect(walk.weeklyTarget == 3)
    #expect(c.aggregate.pinned == ["hrv", "sleep"])
    #expect(c.aggregate.weekStart == .sunday)
    #expect(c.report.format == .email)
    #expect(c.report.window == .quarter)
    #expect(c.report.send == false)
    #expect(c.export.sqlite == PathUtilities.normalise(dir.file("out/health.sqlite")))
    // The export is a fifth stage reading the ten work tables (habits the tenth), writing
    // the database and Datasette's metadata beside it.
    let stages = PipelineStages.make(config: c, asOf: .day(LocalDay(iso: "2025-07-06")!))
    #expect(stages.map(\.name) == ["ingest", "clean", "aggregate", "report", "export"])
    let export = try #require(stages.last)
    #expect(export.inputs.count == 10)
    #expect(export.inputs.first == c.workFolder + "/samples.hpt")
    #expect(
      export.outputs == [
        PathUtilities.normalise(dir.file("out/health.sqlite")),
        PathUtilities.normalise(dir.file("out/health.metadata.json")),
      ])
  }

  @Test("each malformed case names file:line and exits 78")
  func malformed() {
    _ = write("in.zip", "x")
    let cases: [(String, Int, String)] = [
      ("[pipeline]\ninputs = in.zip\nbogus = 1\n", 3, "unknown key 'bogus'"),
      ("[pipeline]\ninputs = in.zip\ninputs = in.zip\n", 3, "duplicate key 'inputs'"),
      (
        "[pipeline]\ninputs = in.zip\n[report]\nwindow = 14\n", 4,
        "window must be 7, 30, 90, 6m or 1y"
      ),
      ("[pipeline]\ninputs = in.zip\n[report]\nformat = pdf\n", 4, "format must be html"),
      ("[pipeline]\ninputs = missing.zip\n", 2, "does not exist"),
      ("[pipeline]\ninputs = *.nothing\n", 2, "matches no file"),
      ("[pipeline]\ninputs = in.zip\nas_of = someday\n", 3, "as_of must be"),
      ("[pipeline]\ninputs = in.zip\ntimezone = Mars/Olympus\n", 3, "unknown time zone"),
      ("[pipeline]\ninputs = in.zip\n[weird]\n", 3, "unknown section [weird]"),
      ("[pipeline]\ninputs = in.zip\njust words\n", 3, "expected 'key = value'"),
      ("inputs = in.zip\n", 1, "before any [section]"),
      ("[pipeline\ninputs = in.zip\n", 1, "malformed section header"),
      ("[pipeline]\ninputs = in.zip\n[aggregate]\nweek_start = someday\n", 4, "week_start"),
      ("[pipeline]\ninputs = in.zip\n[report]\nsend = maybe\n", 4, "true or false"),
      ("[pipeline]\ninputs = in.zip\n[goal.walk]\nweekly_target = 3\n", 3, "has no 'condition'"),
      (
        "[pipeline]\ninputs = in.zip\n[goal.walk]\ncondition = distance lots\n", 4,
        "is not METRIC OP NUMBER"
      ),
      (
        "[pipeline]\ninputs = in.zip\n[goal.walk]\ncondition = distance >= 5\nweekly_target = 9\n",
        5, "from 1 to 7"
      ),
      ("[pipeline]\ninputs = in.zip\n[aggregate]\ngoals = steps, steps\n", 4, "listed twice"),
      ("[pipeline]\ninputs = in.zip\n[aggregate]\ngoals = swim\n", 4, "no [goal.swim]"),
      ("[pipeline]\ninputs = in.zip\n[export]\nsqlite =\n", 4, "sqlite is empty"),
      ("[pipeline]\ninputs = in.zip\n[export]\nduckdb = x.db\n", 4, "unknown key 'duckdb'"),
    ]
    for (text, line, message) in cases {
      guard let e = failure(text) else {
        Issue.record("accepted: \(text)")
        continue
      }
      #expect(e.code == .configError, "\(text)")
      #expect(e.location?.line == line, "\(text): \(e)")
      #expect(e.location?.file.hasSuffix("p.pipeline") == true, "\(text): \(e)")
      #expect(e.message.contains(message), "\(text): \(e.message)")
    }
  }

  @Test("a misspelt key gets a suggestion")
  func suggestion() {
    _ = write("in.zip", "x")
    let e = failure("[pipeline]\ninputs = in.zip\n[report]\nwindwo = 30\n")
    #expect(e?.message.contains("did you mean 'window'?") == true)
  }

  @Test("includes are followed; a cycle is an error at the include line")
  func includes() throws {
    _ = write("in.zip", "x")
    _ = write("goals.pipeline", "[aggregate]\nweekly_active_target = 4\n")
    let path = write("main.pipeline", "[pipeline]\ninputs = in.zip\ninclude = goals.pipeline\n")
    #expect(try PipelineConfigLoader.load(path: path).aggregate.weeklyActiveTarget == 4)

    _ = write("a.pipeline", "[pipeline]\ninclude = b.pipeline\n")
    _ = write("b.pipeline", "[pipeline]\ninputs = in.zip\ninclude = a.pipeline\n")
    do {
      _ = try PipelineConfigLoader.load(path: dir.file("a.pipeline"))
      Issue.record("include cycle accepted")
    } catch let e as HealthError {
      #expect(e.code == .configError)
      #expect(e.message.contains("include cycle"))
      #expect(e.location?.file.hasSuffix("b.pipeline") == true)
      #expect(e.location?.line == 3)
    }
  }

  @Test("a duplicate key across an included file is an error")
  func duplicateAcrossInclude() {
    _ = write("in.zip", "x")
    _ = write("shared.pipeline", "[report]\nwindow = 30\n")
    let e = failure(
      "[pipeline]\ninputs = in.zip\ninclude = shared.pipeline\n[report]\nwindow = 7\n")
    #expect(e?.message.contains("duplicate key 'window'") == true)
    #expect(e?.location?.line == 5)
  }

  @Test("as_of latest and the 6m / 1y windows are accepted; the template for your own data parses")
  func latestAndHorizons() throws {
    _ = write("in.zip", "x")
    let path = write(
      "demo.pipeline", "[pipeline]\ninputs = in.zip\nas_of = latest\n[report]\nwindow = 1y\n")
    let c = try PipelineConfigLoader.load(path: path)
    #expect(c.asOf == .latest)
    #expect(c.report.window == .year)
    let six = write("six.pipeline", "[pipeline]\ninputs = in.zip\n[report]\nwindow = 6m\n")
    #expect(try PipelineConfigLoader.load(path: six).report.window.days == 182)
    // The repository's template: its inputs name your own files, so they are not checked.
    let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Pipelines/my-health.pipeline").path
    let mine = try PipelineConfigLoader.load(path: template, checkInputs: false)
    #expect(mine.asOf == .yesterday)
    #expect(mine.report.window == .month)
  }
}

/// Round 3, finding 8 (docs/reliability.md): a pipeline file with CRLF line ends was one
/// line ("not a pipeline file (the line is not shown)"): `"\r\n"` is one Character in Swift,
/// so splitting on `"\n"` found none. With a UTF-8 byte order mark the message quoted an
/// invisible character.
@Suite("Regression: CRLF and a byte order mark in pipeline files")
struct PipelineLineEndTests {
  static let text = "[pipeline]\nname = night\ninputs = a.xml\n\n[report]\nwindow = 90\n"

  @Test("LF, CRLF, a BOM and both give the same entries at the same lines")
  func sameEntries() throws {
    let dir = TemporaryDirectory("pipeline-crlf")
    var documents: [PipelineDocument] = []
    for (name, bytes) in [
      ("lf", Array(Self.text.utf8)),
      ("crlf", Array(Self.text.replacingOccurrences(of: "\n", with: "\r\n").utf8)),
      ("bom", [0xEF, 0xBB, 0xBF] + Array(Self.text.utf8)),
      (
        "both",
        [0xEF, 0xBB, 0xBF] + Array(Self.text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
      ),
    ] {
      let path = try dir.write(name + ".pipeline", bytes)
      documents.append(try PipelineFileParser.parse(path: path))
    }
    for d in documents {
      #expect(
        d.entries.map { "\($0.section).\($0.key)=\($0.value)@\($0.location.line ?? 0)" }
          == ["pipeline.name=night@2", "pipeline.inputs=a.xml@3", "report.window=90@6"])
      #expect(d.sectionNames == ["pipeline", "report"])
    }
  }

  @Test("an error in a CRLF file names its own line")
  func errorLine() throws {
    let dir = TemporaryDirectory("pipeline-crlf-error")
    let path = try dir.write(
      "p.pipeline", "[pipeline]\r\ninputs = a.xml\r\n[report]\r\nwindw = 90\r\n")
    let error = try #require(throws: HealthError.self) {
      _ = try PipelineConfigLoader.load(path: path, checkInputs: false)
    }
    #expect(error.location?.line == 4)
    #expect(error.message.contains("unknown key 'windw' in [report]"))
  }
}
