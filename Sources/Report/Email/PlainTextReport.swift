import HealthCore

/// The text/plain part of the weekly e-mail: the same facts as the HTML, as plain lines.
public enum PlainTextReport {
  /// The text (LF line ends; the MIME writer turns them into CRLF).
  public static func render(_ m: ReportModel) -> String {
    var out = ""
    func line(_ s: String = "") { out += s + "\n" }
    line("Health summary, ISO week \(m.isoWeek)")
    line(m.headline)
    line()
    let h = m.hero
    line("Wellness: " + (h.wellness.map { "\($0) (\(h.status))" } ?? h.wellnessNote))
    line(
      "  "
        + h.parts.map { p in
          "\(p.name) " + (p.score.map { "\($0) \(ScoreStatus.word(for: $0))" } ?? p.note)
        }.joined(separator: " · "))
    if !h.coaching.isEmpty { line("  \(h.coaching)") }
    line("Weekly goal: " + (h.weeklyGoal ?? "not available"))
    line()
    line("Pinned")
    for c in m.cards {
      let p = c.presentation
      var s =
        "  \(p.name): " + (c.value.map(p.formatWithUnit) ?? "no data")
        + " (\(c.freshness)\(c.stale ? ", stale" : ""))"
      s += " — " + c.deltas.map { "\($0.label) \($0.text ?? $0.note)" }.joined(separator: ", ")
      line(s)
    }
    if !m.week.isEmpty {
      line()
      line("This week vs last week")
      for w in m.week {
        let p = w.presentation
        var s = "  \(p.name): " + (w.value.map(p.formatWithUnit) ?? "no data")
        if let prev = w.previous {
          s +=
            " (last week \(p.formatWithUnit(prev))"
            + (w.value.map { ", " + p.formatDifference($0 - prev) } ?? "") + ")"
        }
        if !w.position.isEmpty { s += ", \(w.position) normal range" }
        s +=
          " · \(w.daysWithData) of \(w.daysInWeek) \(p.metric == .sleepAsleep ? "nights" : "days")"
        line(s)
      }
    }
    line()
    if let t = m.workouts.weeks.first(where: { $0.label == m.workouts.currentWeek }) {
      line(
        "Workouts this week: \(Numbers.fixed(t.count ?? 0, 0)) workouts, \(Numbers.grouped(t.minutes ?? 0, 0)) min, "
          + "\(t.energy.map { Numbers.grouped($0, 0) + " kcal" } ?? "energy not available"), "
          + "\(t.distance.map { Numbers.fixed($0, 1) + " km" } ?? "distance not available")")
      for a in m.workouts.byType {
        line(
          "  \(a.label): \(Numbers.fixed(a.count ?? 0, 0)) × \(Numbers.grouped(a.minutes ?? 0, 0)) min"
        )
      }
    } else {
      line("Workouts this week: none recorded")
    }
    line()
    line("Streaks")
    if m.streaks.isEmpty { line("  not available") }
    for s in m.streaks {
      let unit = s.cadence == "weekly" ? "weeks" : "days"
      var t = "  \(s.goal): \(s.current) \(unit) (longest \(s.longest))"
      if let next = s.nextMilestone { t += ", \(Numbers.fixed(s.progress, 0))% to \(next) \(unit)" }
      t += s.freezeAvailable ? ", freeze available" : ""
      line(t)
    }
    line()
    let q = m.meta
    func count(_ v: Int64?) -> String {
      v.map { Numbers.grouped(Double($0), 0) } ?? "not available"
    }
    line(
      "Data quality: \(count(q.recordsRead)) records read, \(count(q.rejected)) rejected, "
        + "\(count(q.duplicates)) duplicates and \(count(q.overlapped)) overlaps removed")
    if let heading = q.inputProblemsHeading {
      line(heading)
      for p in q.inputProblems { line("  " + p) }
    }
    if !q.sources.isEmpty { line("Sources by priority: " + q.sources.joined(separator: " > ")) }
    line()
    line("Charts are in the HTML part of this message.")
    line("-- ")
    line("\(ToolInfo.name) \(ToolInfo.version). Not medical advice.")
    return out
  }
}
