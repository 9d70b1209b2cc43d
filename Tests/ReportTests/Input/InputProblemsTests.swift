import Foundation
import HealthCore
import Testing

@testable import Report

/// The data-quality section names the inputs that contributed nothing (`quality.inputs`,
/// `quality.inputProblems`, docs/report-inputs.md) in every format, and says nothing about
/// them when there are none.
@Suite("Report: inputs that contributed nothing")
struct InputProblemsTests {
  static let problems = [
    "in/a&b export.zip: failed: not a complete zip file (byte 20000)",
    "in/ring.csv: 0 of 3 records kept; most common reject reason: bad-number (2), first: "
      + "line 2: value 'abc' is not a number",
  ]

  /// The fixture with `inputs` and `problems` as its data-quality facts.
  func fixture(_ extra: (inputs: Int64?, problems: [String])) -> ReportFixture {
    var f = ReportFixture()
    f.facts.quality.inputs = extra.inputs
    f.facts.quality.inputProblems = extra.problems
    return f
  }

  func model(_ extra: (inputs: Int64?, problems: [String])) throws -> ReportModel {
    try ReportModelBuilder.build(Fixtures.inputs(fixture(extra)), asOf: nil, window: 7)
  }

  /// The weekly e-mail's digest of the same fixture.
  func digest(_ extra: (inputs: Int64?, problems: [String])) throws -> WeeklyDigest {
    try WeeklyDigestBuilder.build(
      Fixtures.inputs(fixture(extra)), asOf: ReportFixture.asOf, attachmentWindow: 30)
  }

  @Test("facts: the lines and the lead-in, with and without the input count")
  func facts() {
    let m = ReportMeta(
      AggregateFacts(quality: DataQualityFacts(inputs: 3, inputProblems: Self.problems)))
    #expect(m.inputs == 3)
    #expect(m.inputProblems.count == 2)
    #expect(m.inputProblems[0] == "in/a&b export.zip: failed: not a complete zip file (byte 20000)")
    #expect(m.inputProblemsHeading == "2 of 3 inputs contributed nothing:")
    let one = ReportMeta(
      AggregateFacts(quality: DataQualityFacts(inputProblems: ["x.csv: no records found in it"])))
    #expect(one.inputProblemsHeading == "An input contributed nothing:")
    #expect(
      ReportMeta(AggregateFacts(quality: DataQualityFacts(inputs: 2))).inputProblemsHeading == nil)
  }

  @Test("HTML, Markdown and both parts of the e-mail list each input with why")
  func everyFormat() throws {
    let m = try model((3, Self.problems))
    let html = HTMLReport.render(m)
    #expect(html.contains(">2 of 3 inputs contributed nothing:</h3>"))
    #expect(
      html.contains("<li>in/a&amp;b export.zip: failed: not a complete zip file (byte 20000)</li>"))
    #expect(html.contains("value &#39;abc&#39; is not a number</li>"))
    let md = MarkdownReport.render(m, markdownPath: "r.md").markdown
    // Markdown escapes `&` as an entity, as everywhere in the report.
    #expect(md.contains("2 of 3 inputs contributed nothing:\n\n- in/a&amp;b export.zip: failed:"))
    // The e-mail says it under its header, where a weekly reader looks first.
    let d = try digest((3, Self.problems))
    let text = PlainTextReport.render(d)
    #expect(text.contains("\n2 of 3 inputs contributed nothing:\n  - in/a&b export.zip: failed:"))
    #expect(text.contains("\n  - in/ring.csv: 0 of 3 records kept;"))
    #expect(text.components(separatedBy: "\n").allSatisfy { $0.count <= PlainTextReport.lineLimit })
    let mail = DigestHTML.render(d, images: [])
    #expect(mail.contains(">2 of 3 inputs contributed nothing:</p>"))
    #expect(
      mail.contains(">in/a&amp;b export.zip: failed: not a complete zip file (byte 20000)</p>"))
    #expect(
      mail.range(of: "contributed nothing")!.lowerBound < mail.range(of: "Scores")!.lowerBound)
  }

  @Test("no problems: no heading in any format")
  func none() throws {
    let m = try model((3, []))
    #expect(!HTMLReport.render(m).contains("contributed nothing"))
    #expect(
      !MarkdownReport.render(m, markdownPath: "r.md").markdown.contains("contributed nothing"))
    let d = try digest((3, []))
    #expect(!PlainTextReport.render(d).contains("contributed nothing"))
    #expect(!DigestHTML.render(d, images: []).contains("contributed nothing"))
  }
}
