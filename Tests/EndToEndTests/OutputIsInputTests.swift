import Foundation
import TestSupport
import Testing

/// Hostile inputs (docs/reliability.md): `ingest in.xml --out ./in.xml`, `clean s.hpt --out s.hpt`,
/// `export s.hpt --out s.hpt` and a pipeline whose report `out` is one of its inputs destroyed the
/// input with exit 0. Every command now refuses with 64 (`run` with 73) naming both paths, and the
/// input keeps every byte.
@Suite("Outputs that are inputs, end to end")
struct OutputIsInputTests {
  /// A folder holding the corpus fixtures' good input, samples table, cleaned table and
  /// aggregate folder, plus a symbolic and a hard link to the XML and `sub/`.
  static func folder() throws -> TemporaryDirectory {
    let fixtures = try CorpusFixtures.shared.get()
    let dir = TemporaryDirectory("output-is-input")
    let fm = FileManager.default
    try fm.copyItem(atPath: fixtures.xml, toPath: dir.file("in.xml"))
    try fm.copyItem(atPath: fixtures.samples, toPath: dir.file("s.hpt"))
    try fm.copyItem(atPath: fixtures.cleaned, toPath: dir.file("c.hpt"))
    try fm.copyItem(atPath: fixtures.aggregate, toPath: dir.file("agg"))
    try fm.createDirectory(atPath: dir.file("sub"), withIntermediateDirectories: true)
    try fm.createSymbolicLink(atPath: dir.file("link.xml"), withDestinationPath: "in.xml")
    try fm.linkItem(atPath: dir.file("in.xml"), toPath: dir.file("hard.xml"))
    return dir
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    /// The input that must survive, relative to the folder.
    var input: String
    /// The two paths the message must name, as written on the command line.
    var output: String
    var named: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(
      arguments: ["ingest", "in.xml", "--out", "./in.xml"], input: "in.xml", output: "./in.xml",
      named: "in.xml"),
    Case(
      arguments: ["ingest", "in.xml", "--out", "sub/../in.xml"], input: "in.xml",
      output: "sub/../in.xml", named: "in.xml"),
    Case(
      arguments: ["ingest", "link.xml", "--out", "in.xml"], input: "in.xml", output: "in.xml",
      named: "link.xml"),
    Case(
      arguments: ["ingest", "in.xml", "--out", "hard.xml"], input: "in.xml", output: "hard.xml",
      named: "in.xml"),
    Case(
      arguments: ["ingest", "in.xml", "--out", "o.hpt", "--rejects", "./in.xml"], input: "in.xml",
      output: "./in.xml", named: "in.xml"),
    Case(
      arguments: ["clean", "s.hpt", "--out", "./s.hpt"], input: "s.hpt", output: "./s.hpt",
      named: "s.hpt"),
    Case(
      arguments: ["clean", "s.hpt", "--out", "c2.hpt", "--rejects", "s.hpt"], input: "s.hpt",
      output: "s.hpt", named: "s.hpt"),
    Case(
      arguments: ["export", "s.hpt", "--out", "sub/../s.hpt"], input: "s.hpt",
      output: "sub/../s.hpt", named: "s.hpt"),
    Case(
      arguments: ["aggregate", "agg/daily.hpt", "--out", "agg", "--as-of", "2024-01-07"],
      input: "agg/daily.hpt", output: "agg/daily.hpt", named: "agg/daily.hpt"),
    Case(
      arguments: [
        "aggregate", "c.hpt", "--out", ".", "--as-of", "2024-01-07", "--rejects", "weekly.csv",
      ], input: "c.hpt", output: "./weekly.csv", named: "weekly.csv"),
    Case(
      arguments: ["report", "agg", "--out", "agg/./scores.hpt"], input: "agg/scores.hpt",
      output: "agg/./scores.hpt", named: "agg/scores.hpt"),
  ]

  @Test("each command refuses with 64 naming both, the input unchanged", arguments: cases)
  func command(_ c: Case) throws {
    let dir = try Self.folder()
    // weekly.csv must exist to be an input; a copy of the aggregate's.
    try? FileManager.default.copyItem(
      atPath: dir.file("agg/weekly.csv"), toPath: dir.file("weekly.csv"))
    let before = try Data(contentsOf: URL(fileURLWithPath: dir.file(c.input)))
    let r = try Healthpipe.run(c.arguments, in: dir.path)
    #expect(r.code == 64, "\(r.stderr)")
    #expect(r.stderr.contains("the output \(c.output) is the input \(c.named)"), "\(r.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file(c.input))) == before)
  }

  @Test("run refuses with 73, also for --plan, when the report or a work file is an input")
  func run() throws {
    let dir = try Self.folder()
    let before = try Data(contentsOf: URL(fileURLWithPath: dir.file("in.xml")))
    for (label, extra) in [
      ("report out", "[report]\nout = ./in.xml\n"),
      ("report over the pipeline", "[report]\nout = p.pipeline\n"),
    ] {
      try "[pipeline]\ninputs = in.xml\nwork = work\nas_of = 2024-01-07\n\(extra)".write(
        toFile: dir.file("p.pipeline"), atomically: false, encoding: .utf8)
      for arguments in [["run", "p.pipeline"], ["run", "p.pipeline", "--plan"]] {
        let r = try Healthpipe.run(arguments, in: dir.path)
        #expect(r.code == 73, "\(label): \(r.stderr)")
        #expect(r.stderr.contains("is the input"), "\(label): \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("work")), "\(label): ran")
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("in.xml"))) == before)
    // A Markdown report writes `<stem>-<chart>.svg` beside it: such an input is refused too.
    try "<svg/>".write(toFile: dir.file("r-chart-steps.svg"), atomically: false, encoding: .utf8)
    try
      "[pipeline]\ninputs = in.xml, r-chart-steps.svg\nwork = work\n[report]\nformat = markdown\nout = r.md\n"
      .write(toFile: dir.file("p.pipeline"), atomically: false, encoding: .utf8)
    let markdown = try Healthpipe.run(["run", "p.pipeline", "--plan"], in: dir.path)
    #expect(markdown.code == 73, "\(markdown.stderr)")
    // Pipeline paths are absolute (resolved from the file's real folder).
    #expect(
      markdown.stderr.contains("/r-chart-steps.svg is the input"), "\(markdown.stderr)")
    // A work file that is an input: the samples table the run would write.
    try FileManager.default.createDirectory(
      atPath: dir.file("work"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: dir.file("s.hpt"), toPath: dir.file("work/samples.hpt"))
    let samples = try Data(contentsOf: URL(fileURLWithPath: dir.file("work/samples.hpt")))
    try "[pipeline]\ninputs = in.xml, work/samples.hpt\nwork = work\nas_of = 2024-01-07\n".write(
      toFile: dir.file("p.pipeline"), atomically: false, encoding: .utf8)
    let r = try Healthpipe.run(["run", "p.pipeline"], in: dir.path)
    #expect(r.code == 73, "\(r.stderr)")
    #expect(r.stderr.contains("work/samples.hpt is the input"), "\(r.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("work/samples.hpt"))) == samples)
  }
}
