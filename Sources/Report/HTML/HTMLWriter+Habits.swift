extension HTMLWriter {
  /// The Habits section (docs/report.md, "Habits"): today's count, then a card per habit
  /// with its day, its goal, its streak and the last two weeks.
  mutating func habits(_ m: ReportModel) {
    guard let s = m.habits else { return }
    raw("<section aria-labelledby=\"habits-title\" class=\"habits\">\n")
    el("h2", "Habits", "id=\"habits-title\"")
    raw("<p class=\"habits-today\">")
    el("strong", HabitWords.today(s))
    el("span", " · " + LocalDayText.short(s.asOf, year: m.reportYear), "class=\"muted\"")
    raw("</p>\n")
    // A long view (weekly or monthly points) keeps the cards folded, as it does the week's
    // table: it is about the trends, and a phone page of a year stays short.
    let fold = m.grouping != .day
    if fold {
      raw("<details class=\"numbers\"><summary>Each habit's streak and last two weeks</summary>")
    }
    raw("<ul class=\"habit-list\">\n")
    for (i, h) in s.habits.enumerated() {
      let met = h.today?.met == true
      raw("<li class=\"habit\"><div class=\"habit-head\">")
      el("h3", h.definition.name)
      el("span", (met ? "✓ " : "") + HabitWords.day(h), "class=\"habit-day\(met ? " met" : "")\"")
      raw("</div>")
      el("p", HabitWords.goal(h.definition), "class=\"muted\"")
      let streak = HabitWords.streak(h)
      if !streak.isEmpty { el("p", streak, "class=\"habit-streak\"") }
      if let note = h.definition.note { el("p", note, "class=\"muted habit-note\"") }
      if isWeb, h.today != nil {
        chart(HabitStrip.scene(h, summary: s, id: "habit-\(i + 1)"), small: true)
      }
      raw("</li>\n")
    }
    raw("</ul>\n")
    if isWeb {
      raw(
        "<p class=\"legend\"><span>■ met</span><span>□ missed</span><span>◆ kept by a rest day"
          + "</span><span>– skipped</span><span>· nothing logged</span><span>underlined: "
          + "today</span></p>\n")
    }
    if fold { raw("</details>\n") }
    raw("</section>\n")
  }

  /// The section's CSS: cards in a grid like the streaks', the day's status at the right.
  static let habitsCSS =
    """
    .habit-list{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:12px}
    .habit{border:1px solid var(--border);border-radius:12px;padding:10px 14px;background:var(--card);min-width:0}
    .habit-head{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:2px 12px}
    .habit-head h3{margin:0}
    .habit-day{font-variant-numeric:tabular-nums;color:var(--muted)}
    .habit-day.met{color:var(--fg);font-weight:600}
    .habit-note{font-size:.85rem}
    .habit svg.hp-chart{max-width:100%;height:auto;display:block;margin:6px 0 0}
    .habits-today{font-size:1.05rem}

    """
}
