import Foundation
import Testing

/// The README's main command on the committed SampleData gives a full report whatever the
/// date (docs/report.md, "The date it reports on"): the demo pipeline's `as_of = latest` is the
/// last day with data, here run with the clock years after the data ends (`HEALTHPIPE_NOW`, a
/// test-only override).
@Suite("First run on the sample data", .serialized)
struct FirstRunTests {
  static let future = ["HEALTHPIPE_NOW": "2031-06-01T12:00:00Z"]

  /// Each `<td data-label="LABEL">` cell's text in a table.
  static func column(_ html: String, table: String, label: String) -> [String] {
    guard let start = html.range(of: "<table id=\"\(table)\"") else { return [] }
    let rest = html[start.lowerBound...]
    let body = rest[..<(rest.range(of: "</table>")?.lowerBound ?? rest.endIndex)]
    var cells: [String] = []
    var search = body.startIndex
    let open = "data-label=\"\(label)\">"
    while let r = body.range(of: open, range: search..<body.endIndex) {
      let end = body.range(of: "</td>", range: r.upperBound..<body.endIndex)!
      cells.append(String(body[r.upperBound..<end.lowerBound]))
      search = end.upperBound
    }
    return cells
  }

  /// The inline SVG whose title id is `id-title`, or nil.
  static func svg(_ html: String, _ id: String) -> Substring? {
    guard let r = html.range(of: "aria-labelledby=\"\(id)-title \(id)-desc\"") else { return nil }
    let end = html.range(of: "</svg>", range: r.upperBound..<html.endIndex)!
    return html[r.lowerBound..<end.upperBound]
  }

  @Test("the main command in 2031 reports the data's last day in full")
  func fullReportYearsLater() throws {
    let dir = try RunEndToEndTests.checkout()
    let run = try Healthpipe.run(
      ["run", "Pipelines/nightly.pipeline"], in: dir.path, environment: Self.future)
    #expect(run.code == 0, "\(run.stderr)")
    // SampleData ends with the export at 2026-11-15 23:58 (SampleData/README.md).
    #expect(run.stderr.contains("as of 2026-11-15"), "\(run.stderr)")
    let html = try String(
      contentsOfFile: dir.file("Reports/latest/nightly.html"), encoding: .utf8)
    // Header: the last day, a full week of nights, and no stale-export notice.
    #expect(html.contains("Data through Sun 15 Nov · 7 of 7 nights"))
    #expect(!html.contains("class=\"notice\""))
    // Scores: a wellness number in the ring, not the dash of "no score".
    #expect(
      html.range(
        of: #"<span class="score" id="hero-score">\d+</span>"#, options: .regularExpression) != nil)
    // Pinned metrics with their sparklines drawn (dots, not an empty band).
    for metric in ["hrvLnSDNN", "restingHeartRate", "sleepAsleep"] {
      let spark = try #require(Self.svg(html, "spark-\(metric)"), "\(metric)")
      #expect(spark.contains("class=\"dot\""), "\(metric)")
      #expect(spark.contains("class=\"latest\""), "\(metric)")
    }
    // The week table is filled: every key metric has this week's value.
    let thisWeek = Self.column(html, table: "table-week", label: "This week")
    #expect(thisWeek.count == 8)
    #expect(!thisWeek.contains("—"), "\(thisWeek)")
    // Streaks and every chart.
    #expect(html.components(separatedBy: "Current streak: ").count - 1 == 4)
    for id in [
      "chart-hrvLnSDNN", "chart-restingHeartRate", "chart-sleepAsleep", "chart-steps",
      "chart-activeEnergy", "chart-bodyMass", "chart-respiratoryRate", "chart-spo2",
      "chart-sleep-stages", "chart-sleep-times", "chart-vo2Max", "chart-wristTemperature",
      "chart-bloodPressure", "chart-workouts",
    ] {
      let chart = try #require(Self.svg(html, id), "\(id) is missing")
      #expect(!chart.contains("empty-note"), "\(id) is empty")
    }
    #expect(html.contains("Over the last year"))
  }

  @Test("nightly use as of yesterday says plainly that the export is stale")
  func staleExport() throws {
    let dir = try RunEndToEndTests.checkout()
    let run = try Healthpipe.run(
      ["run", "Pipelines/nightly.pipeline", "--as-of", "yesterday"], in: dir.path,
      environment: Self.future)
    #expect(run.code == 0, "\(run.stderr)")
    #expect(run.stderr.contains("as of 2031-05-31"), "\(run.stderr)")
    let html = try String(
      contentsOfFile: dir.file("Reports/latest/nightly.html"), encoding: .utf8)
    // The data stops on Sun 15 Nov 2026, 1,658 days before Sat 31 May 2031 (a date of
    // another year than the report's carries its year).
    #expect(
      html.contains(
        "<p class=\"notice\" role=\"status\">No new data since Sun 15 Nov 2026 (1,658 days): export again or check the automation.</p>"
      ))
  }
}
