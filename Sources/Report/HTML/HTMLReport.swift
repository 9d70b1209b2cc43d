import HealthCore

/// Writes a `ReportModel` as one self-contained HTML page: inline CSS and SVG, no script,
/// no external references, light and dark, print-friendly. Every text is escaped.
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

  /// The chart scenes a report shows, in document order, with their ids (for e-mail PNGs
  /// and Markdown SVG files). Sparklines and history strips are not included.
  public static func mainCharts(_ model: ReportModel) -> [ChartScene] {
    var scenes = model.series.filter(\.hasData).map {
      DotLineChart.scene($0, id: "chart-" + Markup.slug($0.presentation.metric.rawValue))
    }
    scenes.append(SleepStageChart.scene(model.nights, id: "chart-sleep-stages"))
    return scenes
  }
}

/// Builds the HTML text.
struct HTMLWriter {
  var out = ""
  let charts: HTMLReport.ChartEmbedding

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

  mutating func page(_ m: ReportModel) {
    raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
    raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
    raw("<meta name=\"color-scheme\" content=\"light dark\"/>\n")
    el("title", "Health report · \(LocalDayText.full(m.asOf))")
    raw("\n<style>\n" + HTMLStyle.css + ChartStyle.css + "</style>\n</head>\n<body>\n")
    raw("<header class=\"top\">")
    el("h1", "Health report")
    el("p", m.headline, "class=\"headline\"")
    let first = m.days.first ?? m.asOf
    el(
      "p",
      "Last \(m.window) days: \(LocalDayText.full(first)) – \(LocalDayText.full(m.asOf)) · ISO week \(m.isoWeek)",
      "class=\"sub\"")
    raw("</header>\n<main>\n")
    hero(m)
    cards(m)
    thisWeek(m)
    trends(m)
    sleep(m)
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

  mutating func hero(_ m: ReportModel) {
    let h = m.hero
    raw("<section class=\"hero\" aria-labelledby=\"hero-title\">\n")
    if let w = h.wellness {
      raw("<div class=\"dial\" role=\"img\" aria-labelledby=\"hero-title hero-score\">")
      el("span", String(w), "class=\"score\" id=\"hero-score\"")
      el("span", h.status, "class=\"status\"")
    } else {
      raw("<div class=\"dial none\" role=\"img\" aria-labelledby=\"hero-title hero-score\">")
      el("span", "—", "class=\"score\" aria-hidden=\"true\"")
      el("span", h.wellnessNote, "class=\"status\" id=\"hero-score\"")
    }
    raw("</div>\n<div>")
    el("h2", "Wellness today", "id=\"hero-title\" style=\"border:0;margin:0 0 8px;padding:0\"")
    raw("<ul class=\"parts\">")
    for p in h.parts {
      raw("<li>")
      el("span", p.name, "class=\"name\"")
      if let s = p.score {
        el("span", String(s), "class=\"value\"")
        el("span", " " + ScoreStatus.word(for: s), "class=\"note\"")
      } else {
        el("span", p.note, "class=\"note\"")
      }
      raw("</li>")
    }
    raw("</ul>\n")
    el(
      "p", h.coaching.isEmpty ? "No coaching line for this day." : h.coaching, "class=\"coaching\"")
    if let g = h.weeklyGoal, let p = h.weeklyGoalProgress {
      let pct = p.target > 0 ? min(100, 100 * p.done / p.target) : 0
      raw("<p class=\"goal\">")
      el("strong", g)
      raw(" <span class=\"bar\" aria-hidden=\"true\"><span style=\"width:\(pct)%\"></span></span>")
      el("span", "this week", "class=\"muted\"")
      raw("</p>")
    } else {
      el("p", "Weekly goal progress: not available", "class=\"goal muted\"")
    }
    raw("</div>\n</section>\n")
  }

  mutating func cards(_ m: ReportModel) {
    raw("<section aria-labelledby=\"pinned-title\">\n")
    el("h2", "Pinned", "id=\"pinned-title\"")
    raw("<div class=\"cards\">\n")
    for c in m.cards {
      let p = c.presentation
      raw("<article class=\"card\">")
      el("h3", p.name)
      if let v = c.value {
        raw("<p class=\"value\">")
        text(p.style == .hoursMinutes ? p.format(v) : p.format(v))
        if p.style != .hoursMinutes && !p.unit.isEmpty { el("span", p.unit, "class=\"unit\"") }
        raw("</p>")
      } else {
        el("p", "No data", "class=\"value\"")
      }
      let freshText = c.stale ? "\(c.freshness) · stale" : c.freshness
      el("span", freshText, "class=\"fresh\(c.stale ? " stale" : "")\"")
      raw("<dl class=\"deltas\">")
      for d in c.deltas {
        el("dt", d.label)
        if let t = d.text { el("dd", t) } else { el("dd", d.note, "class=\"muted\"") }
      }
      raw("</dl>")
      chart(Sparkline.scene(c.series, id: "spark-" + Markup.slug(p.metric.rawValue)), small: true)
      raw("</article>\n")
    }
    raw("</div>\n</section>\n")
  }

  mutating func thisWeek(_ m: ReportModel) {
    guard !m.week.isEmpty else { return }
    raw("<section aria-labelledby=\"week-title\">\n")
    el("h2", "Week \(m.isoWeek) vs the week before", "id=\"week-title\"")
    raw("<table id=\"table-week\"><thead><tr>")
    for h in ["Metric", "This week", "Last week", "Change", "Normal range", "Days with data"] {
      el("th", h, "scope=\"col\"")
    }
    raw("</tr></thead><tbody>")
    for w in m.week {
      let p = w.presentation
      raw("<tr>")
      el("td", p.name)
      cell(w.value.map(p.formatWithUnit))
      cell(w.previous.map(p.formatWithUnit))
      if let v = w.value, let prev = w.previous {
        el("td", p.formatDifference(v - prev))
      } else {
        cell(nil)
      }
      cell(w.position.isEmpty ? nil : w.position)
      el("td", "\(w.daysWithData) of \(w.daysInWeek)")
      raw("</tr>")
    }
    raw("</tbody></table>\n</section>\n")
  }

  mutating func trends(_ m: ReportModel) {
    raw("<section aria-labelledby=\"trends-title\">\n")
    el("h2", "Trends, last \(m.window) days", "id=\"trends-title\"")
    for s in m.series {
      let p = s.presentation
      let slug = Markup.slug(p.metric.rawValue)
      raw("<figure class=\"chart\" id=\"metric-\(slug)\">\n<figcaption>")
      el("h3", p.name)
      var line = "\(s.daysWithData) of \(s.days.count) days with data"
      if let b = s.baseline {
        line += " · 60-day baseline \(p.formatWithUnit(b))"
      } else {
        line += " · baseline \(s.baselineNote)"
      }
      el("p", line)
      raw("</figcaption>\n")
      guard s.hasData else {
        el("p", "No \(p.name.lowercased()) data in these \(s.days.count) days.", "class=\"muted\"")
        raw("</figure>\n")
        continue
      }
      chart(DotLineChart.scene(s, id: "chart-" + slug))
      raw("\n<div class=\"table-scroll\"><table id=\"table-\(slug)\">")
      el("caption", "\(p.name) by day, newest first")
      raw("<thead><tr><th scope=\"col\">Date</th>")
      el("th", p.unit.isEmpty ? p.name : "\(p.name) (\(p.unit))", "scope=\"col\"")
      raw("<th scope=\"col\">Normal low</th><th scope=\"col\">Normal high</th></tr></thead><tbody>")
      for i in stride(from: s.days.count - 1, through: 0, by: -1) {
        raw(
          "<tr><td><time datetime=\"\(s.days[i])\">\(Markup.escape(s.days[i].shortLabel))</time></td>"
        )
        cell(s.values[i].map(p.format))
        cell(s.rangeLow[i].map(p.format))
        cell(s.rangeHigh[i].map(p.format))
        raw("</tr>")
      }
      raw("</tbody></table></div>\n</figure>\n")
    }
    raw("</section>\n")
  }

  mutating func cell(_ text: String?) {
    if let text { el("td", text) } else { raw("<td class=\"na\">—</td>") }
  }

  mutating func sleep(_ m: ReportModel) {
    raw("<section aria-labelledby=\"sleep-title\">\n")
    el("h2", "Sleep stages", "id=\"sleep-title\"")
    raw("<figure class=\"chart\" id=\"sleep-stages\">")
    chart(SleepStageChart.scene(m.nights, id: "chart-sleep-stages"))
    raw("\n<div class=\"table-scroll\"><table id=\"table-sleep-stages\">")
    el("caption", "Sleep by night, newest first (hours:minutes)")
    raw("<thead><tr>")
    for h in ["Night", "Asleep", "Deep", "Core", "REM", "No stage", "Awake", "In bed"] {
      el("th", h, "scope=\"col\"")
    }
    raw("</tr></thead><tbody>")
    for n in m.nights.reversed() {
      raw("<tr><td><time datetime=\"\(n.day)\">\(Markup.escape(n.day.shortLabel))</time>")
      if let nap = n.napNote { raw(" <span class=\"muted\">+ \(Markup.escape(nap))</span>") }
      raw("</td>")
      for v in [n.asleep, n.deep, n.core, n.rem, n.unstaged, n.awake, n.inBed] {
        cell(v.map { Numbers.duration(minutes: $0) })
      }
      raw("</tr>")
    }
    raw("</tbody></table></div>\n</figure>\n</section>\n")
  }

  mutating func workouts(_ m: ReportModel) {
    let w = m.workouts
    raw("<section aria-labelledby=\"workouts-title\">\n")
    el("h2", "Workouts", "id=\"workouts-title\"")
    guard !w.weeks.isEmpty else {
      el("p", "No workouts recorded in these \(m.window) days.", "class=\"muted\"")
      raw("</section>\n")
      return
    }
    raw("<div class=\"wide\"><table id=\"table-workout-weeks\">")
    el("caption", "Per ISO week, newest first")
    workoutHeader("Week")
    for t in w.weeks { workoutRow(t) }
    raw("</tbody></table></div>\n<div class=\"wide\"><table id=\"table-workout-types\">")
    el("caption", "By activity type, week \(w.currentWeek)")
    workoutHeader("Activity")
    if w.byType.isEmpty {
      raw("<tr><td colspan=\"5\" class=\"na\">No workouts this week yet</td></tr>")
    }
    for t in w.byType { workoutRow(t) }
    raw("</tbody></table></div>\n</section>\n")
  }

  mutating func workoutHeader(_ first: String) {
    raw("<thead><tr>")
    for h in [first, "Workouts", "Minutes", "Energy (kcal)", "Distance (km)"] {
      el("th", h, "scope=\"col\"")
    }
    raw("</tr></thead><tbody>")
  }

  mutating func workoutRow(_ t: WorkoutSummary.Totals) {
    raw("<tr>")
    el("td", t.label)
    cell(t.count.map { Numbers.fixed($0, 0) })
    cell(t.minutes.map { Numbers.grouped($0, 0) })
    cell(t.energy.map { Numbers.grouped($0, 0) })
    cell(t.distance.map { Numbers.fixed($0, 1) })
    raw("</tr>")
  }

  mutating func streaks(_ m: ReportModel) {
    raw("<section aria-labelledby=\"streaks-title\">\n")
    el("h2", "Goals and streaks", "id=\"streaks-title\"")
    if m.streaks.isEmpty { el("p", "No goal streaks: not available.", "class=\"muted\"") }
    for s in m.streaks {
      let unit = s.cadence == "weekly" ? "week" : "day"
      raw("<article class=\"streak\">")
      el("h3", s.goalDescription.isEmpty ? s.goal : "\(s.goal) — \(s.goalDescription)")
      var line = "Current streak \(s.current) \(plural(unit, s.current)) · longest \(s.longest)"
      if s.cadence == "weekly" { line += " · target \(s.target) days a week" }
      line += s.freezeAvailable ? " · freeze available" : " · no freeze held"
      el("p", line)
      var facts: [String] = []
      if let last = s.lastGoalDay { facts.append("last goal day \(last.shortLabel)") }
      let frozen = s.freezesUsed.split(separator: ",").compactMap {
        LocalDay(iso: $0.trimmingCharacters(in: .whitespaces))
      }
      if !frozen.isEmpty {
        facts.append("freezes used: " + frozen.map(\.shortLabel).joined(separator: ", "))
      }
      if !facts.isEmpty { el("p", facts.joined(separator: " · "), "class=\"muted\"") }
      raw("<ul class=\"badges\" aria-label=\"Milestones\">")
      for (len, day) in zip(StreakRow.milestones, milestoneDays(s)) {
        if let day {
          el(
            "li", "\(len) \(plural(unit, len)) · \(LocalDayText.dayMonth(day))", "class=\"reached\""
          )
        } else {
          el("li", "\(len) \(plural(unit, len))")
        }
      }
      raw("</ul>")
      if let next = s.nextMilestone {
        let pct = Int(max(0, min(100, s.progress)).rounded())
        raw("<p class=\"goal\">")
        raw("<span class=\"bar\" aria-hidden=\"true\"><span style=\"width:\(pct)%\"></span></span>")
        el("span", "\(Numbers.fixed(s.progress, 0))% of the way to \(next) \(plural(unit, next))")
        raw("</p>")
      }
      if !s.history.isEmpty, case .inlineSVG = charts {
        let title = "\(s.goal) history, last \(s.history.count) \(unit)s"
        chart(
          HistoryStrip.scene(
            history: s.history, id: "strip-" + Markup.slug(s.goal), title: title, unit: unit),
          small: true)
        raw(
          "<p class=\"legend\"><span>■ met</span><span>□ missed</span><span>◆ freeze</span><span>· no data</span></p>"
        )
      }
      raw("</article>\n")
    }
    raw("</section>\n")
  }

  func milestoneDays(_ s: StreakRow) -> [LocalDay?] {
    [s.milestone3, s.milestone7, s.milestone14, s.milestone30, s.milestone60, s.milestone90]
  }

  func plural(_ unit: String, _ n: Int64) -> String { n == 1 ? unit : unit + "s" }

  mutating func quality(_ m: ReportModel) {
    let q = m.meta
    raw("<section aria-labelledby=\"quality-title\">\n")
    el("h2", "Data quality", "id=\"quality-title\"")
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
      el("td", r.code)
      el("td", Numbers.grouped(Double(r.count), 0))
      raw("</tr>")
    }
    raw("</tbody></table></div></div>\n")
    if let heading = q.inputProblemsHeading {
      el("h3", heading, "style=\"margin-top:16px\"")
      raw("<ul id=\"input-problems\">")
      for p in q.inputProblems { el("li", p) }
      raw("</ul>\n")
    }
    el("h3", "Sources in priority order", "style=\"margin-top:16px\"")
    if q.sources.isEmpty {
      el(
        "p",
        q.priority.isEmpty ? "not available" : "Priority: " + q.priority.joined(separator: " › "),
        "class=\"muted\"")
    } else {
      raw("<ol>")
      for s in q.sources { el("li", s) }
      raw("</ol>")
    }
    raw("</section>\n")
  }
}
