import HealthCore
import HealthModel

/// Writes a `ReportModel` as one self-contained HTML page: inline CSS and SVG, no script,
/// no external references, light and dark, print-friendly, laid out for a phone first
/// (docs/report.md). Every text is escaped.
public enum HTMLReport {
  /// How charts are embedded.
  public enum ChartEmbedding: Sendable {
    /// Inline SVG (the web report).
    case inlineSVG
    /// `<img src="cid:…">` images for e-mail; the map gives each chart id its content id.
    /// Sparklines and strips are left out (the numbers are in the text).
    case contentIDs([String: String])
  }

  /// The HTML page.
  public static func render(_ model: ReportModel, charts: ChartEmbedding = .inlineSVG) -> String {
    var w = HTMLWriter(charts: charts)
    w.page(model)
    return w.out
  }

  /// The key-metric charts with data and the sleep-stage chart, in document order, with
  /// their ids: the charts the weekly e-mail draws as PNG.
  public static func mainCharts(_ model: ReportModel) -> [ChartScene] {
    var scenes = model.series.filter(\.hasData).map {
      DotLineChart.scene($0, id: ReportCharts.id(for: $0))
    }
    scenes.append(
      SleepStageChart.scene(model.nights, id: ReportCharts.sleepStagesID, grouping: model.grouping))
    return scenes
  }
}

/// Builds the HTML text. The sections live in `HTMLWriter+*.swift`.
struct HTMLWriter {
  var out = ""
  let charts: HTMLReport.ChartEmbedding
  /// Whether HRV (SDNN) has been explained yet: once, where it first appears.
  var explainedHRV = false

  init(charts: HTMLReport.ChartEmbedding) {
    self.charts = charts
    out.reserveCapacity(1 << 18)
  }

  mutating func raw(_ s: String) { out += s }
  mutating func text(_ s: String) { out += Markup.escape(s) }
  /// `<tag attrs>escaped text</tag>`.
  mutating func el(_ tag: String, _ content: String, _ attrs: String = "") {
    out +=
      "<" + tag + (attrs.isEmpty ? "" : " " + attrs) + ">" + Markup.escape(content) + "</" + tag
      + ">"
  }

  /// Whether charts are inline SVG (the web page) rather than e-mail images.
  var isWeb: Bool {
    if case .inlineSVG = charts { return true }
    return false
  }

  mutating func chart(_ scene: ChartScene, small: Bool = false) {
    switch charts {
    case .inlineSVG:
      out += SVGWriter.svg(scene, standalone: false)
    case .contentIDs(let ids):
      guard !small, let cid = ids[scene.id] else { return }
      out +=
        "<img src=\"cid:\(Markup.escape(cid))\" alt=\"\(Markup.escape(scene.title + ". " + scene.description))\""
      out += " width=\"\(Int(scene.width))\" style=\"max-width:100%;height:auto\"/>"
    }
  }

  /// A chart in a figure with its heading, summary line, plain-words caption under it, and
  /// optionally a data table.
  mutating func figure(
    id: String, title: String, summary: String, scene: ChartScene?, caption: String,
    table: (inout HTMLWriter) -> Void = { _ in }
  ) {
    raw("<figure class=\"chart\" id=\"\(Markup.escape(id))\">\n")
    el("h3", title)
    if !summary.isEmpty { el("p", summary, "class=\"summary\"") }
    if let scene {
      chart(scene)
      raw("\n")
      if !caption.isEmpty { el("figcaption", caption) }
    } else {
      el("p", caption, "class=\"empty\"")
    }
    table(&self)
    raw("</figure>\n")
  }

  mutating func page(_ m: ReportModel) {
    raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
    raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
    raw("<meta name=\"color-scheme\" content=\"light dark\"/>\n")
    el("title", "Health report · \(LocalDayText.full(m.asOf))")
    raw("\n<style>\n" + HTMLStyle.css + ChartStyle.css + Self.habitsCSS)
    raw("</style>\n</head>\n<body>\n")
    raw("<header class=\"top\">")
    el("h1", "Health report")
    el("p", m.headline, "class=\"headline\"")
    el("p", Self.span(m), "class=\"sub\"")
    if let notice = m.staleNotice { el("p", notice, "class=\"notice\" role=\"status\"") }
    if let c = m.calibration {
      el("p", c.sentence(year: m.reportYear), "class=\"notice calibration\" id=\"calibration\"")
    }
    raw("</header>\n<main>\n")
    hero(m)
    habits(m)
    cards(m)
    thisWeek(m)
    longRun(m)
    trends(m)
    sleep(m)
    measurements(m)
    workouts(m)
    streaks(m)
    quality(m)
    raw("</main>\n<footer>")
    el(
      "p",
      "Made by \(ToolInfo.name) \(ToolInfo.version) from the aggregate tables. Scores and baselines describe your own history; they are not medical advice."
    )
    raw("</footer>\n</body>\n</html>\n")
  }

  /// `Last 30 days: Sat 17 Oct – Sun 15 Nov`, or `Days since Wed 11 Nov` for a short
  /// history (dates with their year when not the report's).
  static func span(_ m: ReportModel) -> String {
    let first = m.days.first ?? m.asOf
    if m.shortHistory, let firstDay = m.firstDay {
      return "Your data starts on \(LocalDayText.short(firstDay, year: m.reportYear)): "
        + "the charts show the \(m.windowPhrase) ("
        + LocalDayText.span(first, m.asOf, year: m.reportYear) + ")"
    }
    return Words.upperFirst(m.windowPhrase) + ": "
      + LocalDayText.span(first, m.asOf, year: m.reportYear)
  }

  /// `184,467 records read, 1,201 rejected`: the folded data-quality section's line.
  static func qualitySummary(_ q: ReportMeta) -> String {
    guard let read = q.recordsRead else { return "Records and rejects" }
    var text = "\(Numbers.grouped(Double(read), 0)) records read"
    if let r = q.rejected { text += ", \(Numbers.grouped(Double(r), 0)) rejected" }
    return text
  }

  /// The sentence that explains HRV (SDNN), written once where HRV first appears.
  mutating func explainHRV(_ metric: MetricID) {
    guard metric == .hrvLnSDNN || metric == .hrvSDNN, !explainedHRV else { return }
    explainedHRV = true
    el("p", Words.hrvExplanation, "class=\"muted explain\"")
  }

  /// A table cell: text, or a muted dash for nothing. `label` names the column when a
  /// narrow screen shows the row as a list.
  mutating func cell(_ text: String?, label: String = "") {
    let attr = label.isEmpty ? "" : " data-label=\"\(Markup.escape(label))\""
    if let text {
      el("td", text, String(attr.dropFirst()))
    } else {
      raw("<td class=\"na\"\(attr)>—</td>")
    }
  }

  /// A `<thead>` row of column headers.
  mutating func header(_ columns: [String]) {
    raw("<thead><tr>")
    for h in columns { el("th", h, "scope=\"col\"") }
    raw("</tr></thead><tbody>")
  }

  func milestoneDays(_ s: StreakRow) -> [LocalDay?] {
    [s.milestone3, s.milestone7, s.milestone14, s.milestone30, s.milestone60, s.milestone90]
  }

  func plural(_ unit: String, _ n: Int64) -> String { n == 1 ? unit : unit + "s" }

  mutating func quality(_ m: ReportModel) {
    let q = m.meta
    raw("<section aria-labelledby=\"quality-title\">\n")
    el("h2", "Data quality", "id=\"quality-title\"")
    // A long view folds the counts away (they are the same in every view).
    let fold = m.grouping != .day
    if fold {
      raw("<details class=\"numbers\"><summary>")
      text(Self.qualitySummary(q))
      raw("</summary>")
    }
    raw("<div class=\"split\"><div><dl class=\"facts\">")
    func count(_ v: Int64?) -> String {
      v.map { Numbers.grouped(Double($0), 0) } ?? "not available"
    }
    el("dt", "Records read")
    el("dd", count(q.recordsRead))
    el("dt", "Records kept")
    el("dd", count(q.recordsKept))
    el("dt", "Rejected")
    el("dd", count(q.rejected))
    el("dt", "Duplicates removed")
    el("dd", count(q.duplicates))
    el("dt", "Overlaps removed")
    el("dd", count(q.overlapped))
    raw("</dl>")
    if let read = q.recordsRead, let kept = q.recordsKept, let rej = q.rejected,
      let dup = q.duplicates, let ov = q.overlapped
    {
      let ok = read == kept + rej + dup + ov
      el(
        "p",
        ok
          ? "Every record is accounted for: read = kept + rejected + duplicates + overlaps."
          : "The counts do not add up: read ≠ kept + rejected + duplicates + overlaps.",
        "class=\"muted\"")
    }
    raw("</div><div><table id=\"table-rejects\">")
    el("caption", "Rejected by reason")
    raw(
      "<thead><tr><th scope=\"col\">Reason</th><th scope=\"col\">Records</th></tr></thead><tbody>")
    if q.rejectedByReason.isEmpty {
      raw(
        "<tr><td colspan=\"2\" class=\"na\">\(q.rejected == 0 ? "None" : "not available")</td></tr>"
      )
    }
    for r in q.rejectedByReason {
      raw("<tr>")
      el("td", Words.upperFirst(QualityWords.reason(r.code)))
      el("td", Numbers.grouped(Double(r.count), 0))
      raw("</tr>")
    }
    raw("</tbody></table></div></div>\n")
    if fold { raw("</details>\n") }
    if let heading = q.inputProblemsHeading {
      el("h3", heading, "style=\"margin-top:16px\"")
      raw("<ul id=\"input-problems\">")
      for p in q.inputProblems { el("li", p) }
      raw("</ul>\n")
    }
    if q.sources.isEmpty {
      el("h3", "Sources in priority order", "style=\"margin-top:16px\"")
      el(
        "p",
        q.priority.isEmpty ? "not available" : "Priority: " + q.priority.joined(separator: " › "),
        "class=\"muted\"")
    } else {
      // The list folds away: it can be long, and it is reference, not news.
      let sources = QualityWords.sources(q.sources)
      raw("<details class=\"numbers\" style=\"margin-top:16px\"><summary>")
      text("Sources in priority order (\(sources.count))")
      raw("</summary><ol>")
      for s in sources { el("li", s) }
      raw("</ol></details>")
    }
    raw("</section>\n")
  }
}
