import Foundation
import TestSupport
import Testing

@testable import Report

@Suite("Markdown report with sibling SVG files", .enabled(if: Python.available))
struct MarkdownReportTests {
  @Test("every image link is a relative .svg beside the .md that parses as standalone SVG")
  func siblingSVGs() throws {
    let dir = TemporaryDirectory()
    try ReportFixture().write(to: dir.path)
    let out = dir.file("weekly.md")
    _ = try ReportStage.run(
      ReportOptions(inputDirectory: dir.path, format: .markdown, output: out, window: .week),
      progress: .silent)
    let md = try String(contentsOfFile: out, encoding: .utf8)
    let links = md.components(separatedBy: "](").dropFirst().compactMap {
      $0.split(separator: ")").first.map(String.init)
    }
    .filter { $0.hasSuffix(".svg") }
    // 8 charts + sleep stages + 3 sparklines + 2 streak strips.
    #expect(links.count == 14)
    for link in links {
      #expect(!link.contains("/") && !link.contains(":"), "not a sibling: \(link)")
      #expect(link.hasPrefix("weekly-"))
      let elements =
        try Python.json(PythonProbe.svgElements, [dir.file(link)]) as? [[String: Any]] ?? []
      #expect(elements.first?["tag"] as? String == "svg")
      #expect(elements.contains { $0["tag"] as? String == "style" })
    }
    // Tables: every row of a table has as many cells as its header.
    var expected: Int?
    for line in md.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("|") else {
        expected = nil
        continue
      }
      let cells = line.replacingOccurrences(of: "\\|", with: "").split(
        separator: "|", omittingEmptySubsequences: false
      ).count
      if let e = expected { #expect(cells == e, "\(line)") } else { expected = cells }
    }
    #expect(md.contains("**Data through Sun 6 Jul · 6 of 7 nights**"))
    #expect(md.contains("Keep your bedtime steady \\<tonight\\> &amp; aim for 7½ h."))
    // The HRV table: 7 rows for a 7-day window, newest first, dated as on the page.
    #expect(md.contains("| Sun 6 Jul | 46 |"))
  }

  @Test("one distinct SVG file per chart: daily and weekly streaks of one goal do not collide")
  func uniqueNames() throws {
    var f = ReportFixture()
    // A collision of names: the `active` goal with both a daily and a weekly streak.
    var weekly = f.streaks[1]
    weekly.goal = "active"
    f.streaks = [f.streaks[0], weekly]
    let model = try ReportModelBuilder.build(Fixtures.inputs(f), asOf: nil, window: 30)
    let md = MarkdownReport.render(model, markdownPath: "out/nightly.md")
    let paths = md.svgFiles.map(\.path)
    // 8 key-metric charts, sleep stages, 3 sparklines, 2 streak histories.
    #expect(paths.count == 14)
    #expect(Set(paths).count == paths.count, "\(paths)")
    #expect(paths.contains("out/nightly-strip-active-daily.svg"))
    #expect(paths.contains("out/nightly-strip-active-weekly.svg"))
    // Every file is linked once from the Markdown.
    for p in paths {
      let name = String(p.dropFirst("out/".count))
      #expect(md.markdown.components(separatedBy: "](\(name))").count == 2, "\(name)")
    }
  }
}
