import HealthCore
import HealthModel

/// Builds the Markdown text and its SVG files, section by section, with the HTML page's
/// words (docs/report.md: one meaning per number, said the same way in every format).
struct MarkdownWriter {
  var out = ""
  var files: [(path: String, text: String)] = []
  let folder: String
  let stem: String
  let year: Int
  private var used: Set<String> = []
  /// Whether HRV (SDNN) has been explained yet: once, where it first appears.
  private var explainedHRV = false

  init(folder: String, stem: String, year: Int) {
    self.folder = folder
    self.stem = stem
    self.year = year
  }

  mutating func line(_ s: String = "") { out += s + "\n" }
  func e(_ s: String) -> String { Markup.escapeMarkdown(s) }
  func cell(_ s: String?) -> String { s.map(e) ?? "—" }

  /// Writes the chart as a sibling SVG file and returns the image link.
  mutating func image(_ scene: ChartScene) -> String {
    var file = "\(stem)-\(scene.id).svg"
    var n = 2
    while !used.insert(file).inserted {
      file = "\(stem)-\(scene.id)-\(n).svg"
      n += 1
    }
    files.append((folder + file, SVGWriter.svg(scene, standalone: true) + "\n"))
    return "![\(Markup.escapeMarkdown(scene.title))](\(file))"
  }

  /// A paragraph followed by a blank line.
  mutating func para(_ s: String) {
    line(s)
    line()
  }

  mutating func explainHRV(_ metric: MetricID) {
    guard metric == .hrvLnSDNN || metric == .hrvSDNN, !explainedHRV else { return }
    explainedHRV = true
    para("_\(e(Words.hrvExplanation))_")
  }

  mutating func header(_ m: ReportModel) {
    para("# Health report")
    line("**\(e(m.headline))**  ")
    para(e(HTMLWriter.span(m)))
    if let notice = m.staleNotice { para("> **\(e(notice))**") }
    if let c = m.calibration { para("> \(e(c.sentence(year: m.reportYear)))") }
  }

  mutating func hero(_ m: ReportModel) {
    para("## Wellness today")
    let h = m.hero
    line("| Wellness | " + h.parts.map { e($0.name) }.joined(separator: " | ") + " |")
    line("|---|" + String(repeating: "---|", count: h.parts.count))
    let wellness = h.wellness.map { "**\($0)** \(e(h.status))" } ?? "no score: \(e(h.wellnessNote))"
    para(
      "| \(wellness) | "
        + h.parts.map { p in p.score.map { "\($0) \(ScoreStatus.word(for: $0))" } ?? e(p.note) }
        .joined(separator: " | ") + " |")
    if !h.coaching.isEmpty { para("> \(e(h.coaching))") }
    para(
      "**Weekly goal:** "
        + (h.weeklyGoalProgress.map {
          "\($0.done) of \(Words.count($0.target, "active day")) this week"
        } ?? "not available"))
  }

  mutating func cards(_ m: ReportModel) {
    para("## Pinned")
    for c in m.cards {
      let p = c.presentation
      para("### \(e(p.name))")
      var facts =
        "**\(cell(c.value.map(p.formatWithUnit)))** · \(e(c.stale ? c.freshness + " (stale)" : c.freshness))"
      for d in c.deltas { facts += " · \(e(d.label)): \(e(d.text ?? d.note))" }
      para(facts)
      if c.series.hasData {
        para(
          image(Sparkline.scene(c.series, id: ReportCharts.sparklineID(p.metric))) + " "
            + e(Words.upperFirst(c.sparklineCaption)))
      }
    }
    if m.cards.contains(where: { $0.presentation.metric == .hrvLnSDNN }) { explainHRV(.hrvLnSDNN) }
  }

  mutating func thisWeek(_ m: ReportModel) {
    guard !m.week.isEmpty else { return }
    para("## This week (\(e(m.weekPhrase))) against the week before")
    if m.week.allSatisfy({ $0.value == nil && $0.previous == nil }) {
      para("No data this week or the week before.")
      return
    }
    line("| Metric | This week | Last week | Change | Usual range | Days with data |")
    line("|---|---:|---:|---:|---|---:|")
    for w in m.week {
      let p = w.presentation
      let unit = p.metric == .sleepAsleep ? "night" : "day"
      line(
        "| \(e(p.name)) | \(cell(w.value.map(p.formatWithUnit))) | \(cell(w.previous.map(p.formatWithUnit))) | \(cell(w.change)) | \(cell(w.position.isEmpty ? nil : HTMLWriter.positionWords(w.position))) | \(w.daysWithData) of \(Words.count(w.daysInWeek, unit)) |"
      )
    }
    line()
    if m.week.contains(where: { $0.presentation.metric == .hrvLnSDNN }) { explainHRV(.hrvLnSDNN) }
  }

  mutating func longRun(_ m: ReportModel) {
    let t = m.trends
    guard !(t.sentences.isEmpty && t.steady.isEmpty) else { return }
    para("## Over the last year")
    if t.sentences.isEmpty {
      para("No clear change: the last 12 weeks are like the 40 weeks before them.")
    } else {
      for s in t.sentences { line("- \(e(s.text))") }
      line()
    }
    if !t.steady.isEmpty {
      para(
        (t.sentences.isEmpty ? "Compared: " : "About the same as in the 40 weeks before: ")
          + e(Words.list(t.steady.map(Words.lowerFirst))) + ".")
    }
    if !t.tooLittle.isEmpty {
      para(
        "Too little history to compare yet: \(e(Words.list(t.tooLittle.map(Words.lowerFirst)))).")
    }
  }

  mutating func trends(_ m: ReportModel) {
    para("## Trends, \(e(m.windowPhrase))")
    for s in m.series {
      let p = s.presentation
      para("### \(e(p.name))")
      guard s.hasData else {
        para(e(DotLineChart.emptyText(s)))
        continue
      }
      para("**\(e(HTMLWriter.summary(s)))**")
      para(image(DotLineChart.scene(s, id: ReportCharts.id(for: s))))
      para(e(DotLineChart.caption(s)))
      explainHRV(p.metric)
      MarkdownReport.seriesTable(s, into: &out)
    }
  }
}
