import HealthCore

/// The top of the page: wellness, pinned cards, the week against the week before, and the
/// last 12 weeks against the year.
extension HTMLWriter {
  mutating func hero(_ m: ReportModel) {
    let h = m.hero
    raw("<section class=\"hero\" aria-labelledby=\"hero-title\">\n")
    // The ring holds only a number and a one-word status, so nothing spills out of it;
    // why a score is missing is said in the text beside it.
    if let w = h.wellness {
      raw("<div class=\"dial\" role=\"img\" aria-labelledby=\"hero-title hero-score\">")
      el("span", String(w), "class=\"score\" id=\"hero-score\"")
      el("span", h.status, "class=\"status\"")
    } else {
      raw("<div class=\"dial none\" role=\"img\" aria-labelledby=\"hero-title hero-score\">")
      el("span", "—", "class=\"score\" aria-hidden=\"true\"")
      el("span", "no score", "class=\"status\" id=\"hero-score\"")
    }
    raw("</div>\n<div class=\"hero-text\">")
    el("h2", "Wellness today", "id=\"hero-title\"")
    if h.wellness == nil {
      el("p", "No wellness score today: \(h.wellnessNote).", "class=\"muted\"")
    }
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
    if let p = h.weeklyGoalProgress {
      let pct = p.target > 0 ? min(100, 100 * p.done / p.target) : 0
      raw("<p class=\"goal\">")
      el("strong", "\(p.done) of \(Words.count(p.target, "active day")) this week")
      raw(" <span class=\"bar\" aria-hidden=\"true\"><span style=\"width:\(pct)%\"></span></span>")
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
      // The value and its freshness on the left, the week's sparkline beside them.
      raw("<div class=\"card-top\"><div>")
      if let v = c.value {
        raw("<p class=\"value\">")
        text(p.format(v))
        if p.style != .hoursMinutes && !p.unit.isEmpty { el("span", p.unit, "class=\"unit\"") }
        raw("</p>")
      } else {
        el("p", "No data", "class=\"value\"")
      }
      let freshText = c.stale ? "\(c.freshness) · stale" : c.freshness
      el("span", freshText, "class=\"fresh\(c.stale ? " stale" : "")\"")
      raw("</div>")
      if c.series.hasData {
        raw("<div class=\"spark\">")
        chart(Sparkline.scene(c.series, id: ReportCharts.sparklineID(p.metric)), small: true)
        if isWeb { el("p", Words.upperFirst(c.sparklineCaption), "class=\"spark-caption\"") }
        raw("</div>")
      }
      raw("</div>")
      raw("<dl class=\"deltas\">")
      for d in c.deltas {
        el("dt", d.label)
        if let t = d.text { el("dd", t) } else { el("dd", d.note, "class=\"muted\"") }
      }
      raw("</dl>")
      raw("</article>\n")
    }
    raw("</div>\n")
    // Under the cards, not inside one: the cards keep one height side by side.
    if let hrv = m.cards.first(where: { $0.presentation.metric == .hrvLnSDNN }) {
      explainHRV(hrv.presentation.metric)
    }
    raw("</section>\n")
  }

  mutating func thisWeek(_ m: ReportModel) {
    guard !m.week.isEmpty else { return }
    raw("<section aria-labelledby=\"week-title\">\n")
    el("h2", "This week (\(m.weekPhrase)) against the week before", "id=\"week-title\"")
    // A week with nothing in either week says so in one line instead of a table of dashes.
    if m.week.allSatisfy({ $0.value == nil && $0.previous == nil }) {
      el("p", "No data this week or the week before.", "class=\"empty\"")
      raw("</section>\n")
      return
    }
    // A long view keeps the week's table folded: it is about the trends.
    let fold = m.grouping != .day
    if fold { raw("<details class=\"numbers\"><summary>The week's numbers</summary>") }
    raw("<table id=\"table-week\" class=\"compact\">")
    let columns = ["Metric", "This week", "Last week", "Change", "Usual range", "Days"]
    header(columns)
    for w in m.week {
      let p = w.presentation
      raw("<tr>")
      el("td", p.name)
      cell(w.value.map(p.formatWithUnit), label: columns[1])
      cell(w.previous.map(p.formatWithUnit), label: columns[2])
      cell(w.change, label: columns[3])
      cell(w.position.isEmpty ? nil : Self.positionWords(w.position), label: columns[4])
      let unit = p.metric == .sleepAsleep ? "night" : "day"
      cell("\(w.daysWithData) of \(Words.count(w.daysInWeek, unit))", label: columns[5])
      raw("</tr>")
    }
    raw("</tbody></table>\n")
    if fold { raw("</details>\n") }
    if m.week.contains(where: { $0.presentation.metric == .hrvLnSDNN }) { explainHRV(.hrvLnSDNN) }
    raw("</section>\n")
  }

  /// `within` → `inside`, for "where the 7-day average sits in the usual range".
  static func positionWords(_ position: String) -> String {
    position == "within" ? "inside" : position
  }

  /// The last 12 weeks against the year, in sentences. Left out while no metric has the
  /// history (the calibration note says when trends arrive).
  mutating func longRun(_ m: ReportModel) {
    let t = m.trends
    guard !(t.sentences.isEmpty && t.steady.isEmpty) else { return }
    raw("<section aria-labelledby=\"long-title\">\n")
    el("h2", "Over the last year", "id=\"long-title\"")
    if !t.sentences.isEmpty {
      raw("<ul class=\"trend-list\">")
      for s in t.sentences { el("li", s.text) }
      raw("</ul>")
    } else {
      el("p", "No clear change: the last 12 weeks are like the 40 weeks before them.")
    }
    if !t.steady.isEmpty, !t.sentences.isEmpty {
      el(
        "p",
        "About the same as in the 40 weeks before: \(Words.list(t.steady.map(Words.lowerFirst))).",
        "class=\"muted\"")
    } else if !t.steady.isEmpty {
      el("p", "Compared: \(Words.list(t.steady.map(Words.lowerFirst))).", "class=\"muted\"")
    }
    if !t.tooLittle.isEmpty {
      el(
        "p",
        "Too little history to compare yet (it needs 42 days with data in the last 12 weeks and 140 in the 40 weeks before): \(Words.list(t.tooLittle.map(Words.lowerFirst))).",
        "class=\"muted\"")
    }
    raw("</section>\n")
  }
}
