/// Workouts and goal streaks.
extension HTMLWriter {
  mutating func workouts(_ m: ReportModel) {
    let w = m.workouts
    let bars = m.workoutBars
    raw("<section aria-labelledby=\"workouts-title\">\n")
    el("h2", "Workouts", "id=\"workouts-title\"")
    guard bars.hasData || !w.weeks.isEmpty else {
      el("p", "No workouts recorded in the \(m.windowPhrase).", "class=\"empty\"")
      raw("</section>\n")
      return
    }
    raw("<div class=\"charts\">\n")
    if bars.hasData {
      let total = bars.counts.reduce(0, +)
      figure(
        id: "workout-bars", title: "Workout time per \(bars.unit)",
        summary:
          "\(Words.count(total, "workout")), \(Numbers.duration(minutes: bars.minutes.reduce(0, +))) in all",
        scene: WorkoutChart.scene(bars, id: ReportCharts.workoutsID),
        caption: WorkoutChart.caption(bars))
    }
    raw("<div>")
    if !w.weeks.isEmpty {
      // Long lists fold away (docs/report.md, "Long views"): a 12-month view lists months.
      let fold = w.weeks.count > 6
      if fold {
        raw("<details class=\"numbers\"><summary>")
        text(w.byMonth ? "Workouts by month" : "Workouts by week (\(w.weeks.count) weeks)")
        raw("</summary>")
      }
      raw("<table id=\"table-workout-weeks\" class=\"compact\">")
      el(
        "caption",
        w.byMonth ? "Per calendar month, newest first" : "Per week (Monday to Sunday), newest first"
      )
      workoutHeader(w.byMonth ? "Month" : "Week")
      for t in w.weeks { workoutRow(t) }
      raw("</tbody></table>\n")
      if fold { raw("</details>\n") }
    }
    // This week by activity: folded in a long view, which is about months.
    let long = m.grouping != .day
    if long { raw("<details class=\"numbers\"><summary>This week by activity</summary>") }
    raw("<table id=\"table-workout-types\" class=\"compact\">")
    el("caption", "By activity, this week (\(w.currentWeek))")
    workoutHeader("Activity")
    if w.byType.isEmpty {
      raw("<tr><td colspan=\"5\" class=\"na\">No workouts this week yet</td></tr>")
    }
    for t in w.byType { workoutRow(t) }
    raw("</tbody></table>")
    if long { raw("</details>") }
    raw("</div>\n</div>\n</section>\n")
  }

  static let workoutColumns = ["Workouts", "Time", "Energy", "Distance"]

  mutating func workoutHeader(_ first: String) {
    header([first] + Self.workoutColumns)
  }

  mutating func workoutRow(_ t: WorkoutSummary.Totals) {
    raw("<tr>")
    el("td", t.label)
    let c = Self.workoutColumns
    cell(t.count.map { Numbers.fixed($0, 0) }, label: c[0])
    cell(t.minutes.map { Numbers.duration(minutes: $0) }, label: c[1])
    cell(t.energy.map { Numbers.grouped($0, 0) + " kcal" }, label: c[2])
    cell(t.distance.map { Numbers.fixed($0, 1) + " km" }, label: c[3])
    raw("</tr>")
  }

  mutating func streaks(_ m: ReportModel) {
    raw("<section aria-labelledby=\"streaks-title\">\n")
    el("h2", "Goals and streaks", "id=\"streaks-title\"")
    if m.streaks.isEmpty { el("p", "No goal streaks: not available.", "class=\"muted\"") }
    // A long view is about months: the streaks' numbers stay, the day-level detail (rest
    // days, calendars) folds away.
    let long = m.grouping != .day
    if !long, m.streaks.contains(where: { $0.cadence != "weekly" }) {
      el("p", StreakText.restDayExplanation, "class=\"muted\"")
    }
    // One legend for every calendar (each day's state is also its tooltip).
    if isWeb, !long, m.streaks.contains(where: { !$0.history.isEmpty }) {
      raw(
        "<p class=\"legend\"><span>■ goal day or week</span><span>□ missed</span>"
          + "<span>◆ kept by a rest day</span><span>· not measured or nothing recorded</span></p>")
    }
    let year = m.reportYear
    raw("<div class=\"streaks\">")
    for s in m.streaks {
      raw("<article class=\"streak\">")
      el("h3", StreakText.title(s))
      el("p", StreakText.goal(s), "class=\"muted\"")
      el("p", StreakText.facts(s, year: year, firstDay: m.firstDay), "class=\"streak-facts\"")
      if !long, let rest = StreakText.restDays(s, year: year) { el("p", rest) }
      if !long, let progress = StreakText.progress(s) {
        raw("<p class=\"goal\">")
        if s.current > 0, let next = s.nextMilestone, next > 0 {
          let pct = Int(min(100, 100 * Double(s.current) / Double(next)).rounded())
          raw(
            "<span class=\"bar\" aria-hidden=\"true\"><span style=\"width:\(pct)%\"></span></span> "
          )
        }
        el("span", progress)
        raw("</p>")
      }
      if let earned = StreakText.earned(s, year: year) { el("p", earned, "class=\"badges-line\"") }
      if isWeb,
        let scene = ReportCharts.history(
          s, weekStart: m.meta.weekStart, year: year, recorded: m.recordedDays)
      {
        // Folded in a long view, which is about months, not the last 13 weeks.
        let fold = long
        if fold { raw("<details class=\"numbers\"><summary>The last weeks, day by day</summary>") }
        chart(scene, small: true)
        if fold { raw("</details>") }
      }
      raw("</article>\n")
    }
    raw("</div>\n</section>\n")
  }
}
