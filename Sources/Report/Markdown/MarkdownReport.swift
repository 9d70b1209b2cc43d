import HealthCore

/// Writes a `ReportModel` as GitHub-flavoured Markdown. GitHub strips inline SVG, so every
/// chart is a sibling `.svg` file (standalone, with its own light/dark style) linked by a
/// relative path, followed by the same data tables as the HTML report.
public enum MarkdownReport {
  /// A rendered Markdown report.
  public struct Output: Sendable {
    /// The Markdown text.
    public var markdown: String
    /// SVG files to write beside it.
    public var svgFiles: [(path: String, text: String)]
  }

  /// Renders the Markdown and its SVG files; `markdownPath` decides the SVG names
  /// (`<folder>/<stem>-<chart id>.svg`).
  public static func render(_ m: ReportModel, markdownPath: String) -> Output {
    let (folder, stem) = chartNaming(markdownPath: markdownPath)
    var files: [(path: String, text: String)] = []
    func image(_ scene: ChartScene) -> String {
      let file = "\(stem)-\(scene.id).svg"
      files.append((folder + file, SVGWriter.svg(scene, standalone: true) + "\n"))
      return "![\(Markup.escapeMarkdown(scene.title))](\(file))"
    }
    var out = ""
    func line(_ s: String = "") { out += s + "\n" }
    func e(_ s: String) -> String { Markup.escapeMarkdown(s) }
    func cell(_ s: String?) -> String { s.map(e) ?? "—" }

    line("# Health report")
    line()
    line("**\(e(m.headline))**  ")
    line(
      "Last \(m.window) days: \(e(LocalDayText.full(m.days.first ?? m.asOf))) – \(e(LocalDayText.full(m.asOf))) · ISO week \(m.isoWeek)"
    )
    line()
    line("## Wellness today")
    line()
    let h = m.hero
    line("| Wellness | " + h.parts.map { e($0.name) }.joined(separator: " | ") + " |")
    line("|---|" + String(repeating: "---|", count: h.parts.count))
    let wellness = h.wellness.map { "**\($0)** \(e(h.status))" } ?? e(h.wellnessNote)
    line(
      "| \(wellness) | "
        + h.parts.map { p in p.score.map { "\($0) \(ScoreStatus.word(for: $0))" } ?? e(p.note) }
        .joined(separator: " | ") + " |")
    line()
    if !h.coaching.isEmpty {
      line("> \(e(h.coaching))")
      line()
    }
    line("**Weekly goal:** " + (h.weeklyGoal.map(e) ?? "not available"))
    line()

    line("## Pinned")
    line()
    line("| Metric | Value | Freshness | vs yesterday | vs 14d | vs 60d | Last 7 days |")
    line("|---|---:|---|---:|---:|---:|---|")
    for c in m.cards {
      let p = c.presentation
      var row =
        "| \(e(p.name)) | \(cell(c.value.map(p.formatWithUnit))) | \(e(c.stale ? c.freshness + " (stale)" : c.freshness)) |"
      for d in c.deltas { row += " \(e(d.text ?? d.note)) |" }
      row +=
        " " + image(Sparkline.scene(c.series, id: "spark-" + Markup.slug(p.metric.rawValue))) + " |"
      line(row)
    }
    line()

    line("## Trends, last \(m.window) days")
    line()
    for s in m.series {
      let p = s.presentation
      line("### \(e(p.name))")
      line()
      var caption = "\(s.daysWithData) of \(s.days.count) days with data"
      caption +=
        s.baseline.map { " · 60-day baseline \(p.formatWithUnit($0))" }
        ?? " · baseline \(s.baselineNote)"
      line(e(caption))
      line()
      guard s.hasData else {
        line("No \(e(p.name.lowercased())) data in these \(s.days.count) days.")
        line()
        continue
      }
      let scene = DotLineChart.scene(s, id: "chart-" + Markup.slug(p.metric.rawValue))
      line(image(scene))
      line()
      line("<details><summary>\(Markup.escape(p.name)) by day</summary>")
      line()
      line(
        "| Date | \(e(p.unit.isEmpty ? p.name : "\(p.name) (\(p.unit))")) | Normal low | Normal high |"
      )
      line("|---|---:|---:|---:|")
      for i in stride(from: s.days.count - 1, through: 0, by: -1) {
        line(
          "| \(s.days[i]) | \(cell(s.values[i].map(p.format))) | \(cell(s.rangeLow[i].map(p.format))) | \(cell(s.rangeHigh[i].map(p.format))) |"
        )
      }
      line()
      line("</details>")
      line()
    }

    line("## Sleep stages")
    line()
    line(image(SleepStageChart.scene(m.nights, id: "chart-sleep-stages")))
    line()
    line("<details><summary>Sleep by night</summary>")
    line()
    line("| Night | Asleep | Deep | Core | REM | No stage | Awake | In bed |")
    line("|---|---:|---:|---:|---:|---:|---:|---:|")
    for n in m.nights.reversed() {
      let cells = [n.asleep, n.deep, n.core, n.rem, n.unstaged, n.awake, n.inBed].map {
        cell($0.map { Numbers.duration(minutes: $0) })
      }
      line("| \(n.day) | " + cells.joined(separator: " | ") + " |")
    }
    line()
    line("</details>")
    line()

    line("## Workouts")
    line()
    if m.workouts.weeks.isEmpty {
      line("No workouts recorded in these \(m.window) days.")
    } else {
      line("| Week | Workouts | Minutes | Energy (kcal) | Distance (km) |")
      line("|---|---:|---:|---:|---:|")
      for t in m.workouts.weeks { line(workoutRow(t)) }
      line()
      line("By activity type, week \(m.workouts.currentWeek):")
      line()
      line("| Activity | Workouts | Minutes | Energy (kcal) | Distance (km) |")
      line("|---|---:|---:|---:|---:|")
      if m.workouts.byType.isEmpty { line("| No workouts this week yet | | | | |") }
      for t in m.workouts.byType { line(workoutRow(t)) }
    }
    line()

    line("## Goals and streaks")
    line()
    if m.streaks.isEmpty { line("No goal streaks: not available.") }
    for s in m.streaks {
      let unit = s.cadence == "weekly" ? "week" : "day"
      line("### \(e(s.goalDescription.isEmpty ? s.goal : "\(s.goal) — \(s.goalDescription)"))")
      line()
      var facts =
        "Current streak **\(s.current)** \(unit)\(s.current == 1 ? "" : "s") · longest \(s.longest)"
      facts += s.freezeAvailable ? " · freeze available" : " · no freeze held"
      if let last = s.lastGoalDay { facts += " · last goal day \(last)" }
      line(facts)
      line()
      let reached = zip(
        StreakRow.milestones,
        [s.milestone3, s.milestone7, s.milestone14, s.milestone30, s.milestone60, s.milestone90])
      line("| Milestone | Reached |")
      line("|---:|---|")
      for (len, day) in reached {
        line("| \(len) \(unit)s | \(day.map { $0.description } ?? "—") |")
      }
      line()
      if let next = s.nextMilestone {
        line("\(Numbers.fixed(s.progress, 0))% of the way to \(next) \(unit)s.")
        line()
      }
      if !s.history.isEmpty {
        line(
          image(
            HistoryStrip.scene(
              history: s.history, id: "strip-" + Markup.slug(s.goal),
              title: "\(s.goal) history, last \(s.history.count) \(unit)s", unit: unit)))
        line()
        line("■ met · □ missed · ◆ freeze · • no data")
        line()
      }
    }

    line("## Data quality")
    line()
    let q = m.meta
    func count(_ v: Int64?) -> String {
      v.map { Numbers.grouped(Double($0), 0) } ?? "not available"
    }
    line("| Fact | Records |")
    line("|---|---:|")
    line("| Records read | \(count(q.recordsRead)) |")
    line("| Records kept | \(count(q.recordsKept)) |")
    line("| Rejected | \(count(q.rejected)) |")
    for r in q.rejectedByReason { line("| Rejected: \(e(r.code)) | \(count(r.count)) |") }
    line("| Duplicates removed | \(count(q.duplicates)) |")
    line("| Overlaps removed | \(count(q.overlapped)) |")
    line()
    line("Sources in priority order:")
    line()
    if q.sources.isEmpty {
      line(q.priority.isEmpty ? "not available" : e(q.priority.joined(separator: " › ")))
    } else {
      for (i, s) in q.sources.enumerated() { line("\(i + 1). \(e(s))") }
    }
    line()
    line("---")
    line(
      "Made by \(ToolInfo.name) \(ToolInfo.version). Scores and baselines describe your own history; they are not medical advice."
    )
    return Output(markdown: out, svgFiles: files)
  }

  static func workoutRow(_ t: WorkoutSummary.Totals) -> String {
    func c(_ v: Double?, _ d: Int) -> String { v.map { Numbers.grouped($0, d) } ?? "—" }
    return
      "| \(Markup.escapeMarkdown(t.label)) | \(c(t.count, 0)) | \(c(t.minutes, 0)) | \(c(t.energy, 0)) | \(c(t.distance, 1)) |"
  }

  /// The folder (with its slash, or empty) and the name stem of the chart files beside the
  /// Markdown at `markdownPath`: `<folder><stem>-<chart id>.svg`.
  static func chartNaming(markdownPath: String) -> (folder: String, stem: String) {
    let slash = markdownPath.lastIndex(of: "/")
    let folder = slash.map { String(markdownPath[...$0]) } ?? ""
    var name = slash.map { String(markdownPath[markdownPath.index(after: $0)...]) } ?? markdownPath
    if name.hasSuffix(".md") { name.removeLast(3) }
    return (folder, name.isEmpty ? "report" : name)
  }

  /// Whether `path` could be one of the chart files written beside the Markdown at
  /// `markdownPath` (same folder by identity, `<stem>-….svg`), for refusing a report that
  /// would write over an input.
  public static func mayBeChart(_ path: String, of markdownPath: String) -> Bool {
    let (folder, stem) = chartNaming(markdownPath: markdownPath)
    let slash = path.lastIndex(of: "/")
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard name.hasPrefix(stem + "-"), name.hasSuffix(".svg") else { return false }
    let pathFolder = slash.map { String(path[...$0]) } ?? ""
    guard let inputFolder = FileIdentity(path: pathFolder.isEmpty ? "." : pathFolder),
      let chartFolder = FileIdentity(path: folder.isEmpty ? "." : folder)
    else { return false }
    return inputFolder == chartFolder
  }
}
