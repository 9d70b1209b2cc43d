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
  /// (`<folder>/<stem>-<chart id>.svg`). Chart ids are unique in a report
  /// (`ReportCharts`); a repeated one would still get its own file (`-2`, `-3`, ...), so a
  /// chart never overwrites another.
  public static func render(_ m: ReportModel, markdownPath: String) -> Output {
    let (folder, stem) = chartNaming(markdownPath: markdownPath)
    var files: [(path: String, text: String)] = []
    var used: Set<String> = []
    func image(_ scene: ChartScene) -> String {
      var file = "\(stem)-\(scene.id).svg"
      var n = 2
      while !used.insert(file).inserted {
        file = "\(stem)-\(scene.id)-\(n).svg"
        n += 1
      }
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
      "\(e(Words.upperFirst(m.windowPhrase))): \(e(LocalDayText.full(m.days.first ?? m.asOf))) – \(e(LocalDayText.full(m.asOf))) · ISO week \(m.isoWeek)"
    )
    line()
    if let notice = m.staleNotice {
      line("> **\(e(notice))**")
      line()
    }
    line("## Wellness today")
    line()
    let h = m.hero
    line("| Wellness | " + h.parts.map { e($0.name) }.joined(separator: " | ") + " |")
    line("|---|" + String(repeating: "---|", count: h.parts.count))
    let wellness = h.wellness.map { "**\($0)** \(e(h.status))" } ?? "no score: \(e(h.wellnessNote))"
    line(
      "| \(wellness) | "
        + h.parts.map { p in p.score.map { "\($0) \(ScoreStatus.word(for: $0))" } ?? e(p.note) }
        .joined(separator: " | ") + " |")
    line()
    if !h.coaching.isEmpty {
      line("> \(e(h.coaching))")
      line()
    }
    line(
      "**Weekly goal:** "
        + (h.weeklyGoalProgress.map {
          "\($0.done) of \(Words.count($0.target, "active day")) this week"
        }
          ?? "not available"))
    line()

    line("## Pinned")
    line()
    for c in m.cards {
      let p = c.presentation
      line("### \(e(p.name))")
      line()
      var facts =
        "**\(cell(c.value.map(p.formatWithUnit)))** · \(e(c.stale ? c.freshness + " (stale)" : c.freshness))"
      for d in c.deltas { facts += " · \(e(d.label)): \(e(d.text ?? d.note))" }
      line(facts)
      line()
      if c.series.hasData {
        line(
          image(Sparkline.scene(c.series, id: ReportCharts.sparklineID(p.metric))) + " "
            + e(Words.upperFirst(c.sparklineCaption)))
        line()
      }
    }

    if !m.week.isEmpty {
      line("## This week (\(m.isoWeek)) against the week before")
      line()
      line("| Metric | This week | Last week | Change | Usual range | Days with data |")
      line("|---|---:|---:|---:|---|---:|")
      for w in m.week {
        let p = w.presentation
        let change = w.value.flatMap { v in w.previous.map { p.formatDifference(v - $0) } }
        line(
          "| \(e(p.name)) | \(cell(w.value.map(p.formatWithUnit))) | \(cell(w.previous.map(p.formatWithUnit))) | \(cell(change)) | \(cell(w.position.isEmpty ? nil : HTMLWriter.positionWords(w.position))) | \(w.daysWithData) of \(w.daysInWeek) |"
        )
      }
      line()
    }

    let t = m.trends
    if !(t.sentences.isEmpty && t.steady.isEmpty && t.tooLittle.isEmpty) {
      line("## Over the last year")
      line()
      if t.sentences.isEmpty {
        line("No clear change: the last 12 weeks are like the 40 weeks before them.")
      }
      for s in t.sentences { line("- \(e(s.text))") }
      line()
      if !t.steady.isEmpty {
        line(
          "Steady (the last 12 weeks like the 40 weeks before): \(e(Words.list(t.steady.map(Words.lowerFirst))))."
        )
        line()
      }
      if !t.tooLittle.isEmpty {
        line(
          "Too little history to compare yet: \(e(Words.list(t.tooLittle.map(Words.lowerFirst)))).")
        line()
      }
    }

    line("## Trends, \(m.windowPhrase)")
    line()
    for s in m.series {
      let p = s.presentation
      line("### \(e(p.name))")
      line()
      guard s.hasData else {
        line(e(DotLineChart.emptyText(s)))
        line()
        continue
      }
      line("**\(e(HTMLWriter.summary(s)))**")
      line()
      line(image(DotLineChart.scene(s, id: ReportCharts.id(for: s))))
      line()
      line(e(DotLineChart.caption(s)))
      line()
      seriesTable(s, into: &out)
    }

    line("## Sleep")
    line()
    if m.nights.contains(where: \.hasData) {
      line(
        image(SleepStageChart.scene(m.nights, id: ReportCharts.sleepStagesID, grouping: m.grouping))
      )
      line()
    } else {
      line("No sleep recorded in the \(m.windowPhrase).")
      line()
    }
    if m.sleepTimes.hasData {
      line("**\(e(SleepTimesChart.summary(m.sleepTimes)))**")
      line()
      line(image(SleepTimesChart.scene(m.sleepTimes, id: ReportCharts.sleepTimesID)))
      line()
      line(e(SleepTimesChart.caption(m.sleepTimes)))
      line()
    }
    line("<details><summary>Sleep by \(m.grouping == .day ? "night" : "period")</summary>")
    line()
    line("| Night | Bedtime | Wake | Asleep | Deep | Core | REM | No stage | Awake | In bed |")
    line("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (i, n) in m.nights.enumerated().reversed() {
      let times = [m.sleepTimes.bedtime[i], m.sleepTimes.wake[i]].map {
        cell($0.map { LocalDayText.clock(minutesAfterSixPM: $0) })
      }
      let cells = [n.asleep, n.deep, n.core, n.rem, n.unstaged, n.awake, n.inBed].map {
        cell($0.map { Numbers.duration(minutes: $0) })
      }
      let night = n.napNote.map { "\(n.day) (+ \($0))" } ?? "\(n.day)"
      line("| \(night) | " + (times + cells).joined(separator: " | ") + " |")
    }
    line()
    line("</details>")
    line()

    line("## Fitness and body signals")
    line()
    /// A chart under its heading with its caption.
    func figure(_ title: String, _ scene: ChartScene, _ caption: String) {
      line("### \(e(title))")
      line()
      line(image(scene))
      line()
      line(e(caption))
      line()
    }
    if let v = m.vo2Max {
      figure(
        "VO₂ max", DotLineChart.scene(v, id: ReportCharts.vo2MaxID), ReportCharts.vo2MaxCaption)
    } else {
      line("No VO₂ max estimates in the \(m.windowPhrase).")
      line()
    }
    if let w = m.wristTemperature {
      figure(
        "Wrist temperature", DeviationChart.scene(w, id: ReportCharts.wristTemperatureID),
        DeviationChart.caption(w))
    }
    if let b = m.bloodPressure {
      figure(
        "Blood pressure", PressureChart.scene(b, id: ReportCharts.bloodPressureID),
        PressureChart.caption(b))
    }

    line("## Workouts")
    line()
    if m.workoutBars.hasData {
      line(image(WorkoutChart.scene(m.workoutBars, id: ReportCharts.workoutsID)))
      line()
      line(e(WorkoutChart.caption(m.workoutBars)))
      line()
    }
    if m.workouts.weeks.isEmpty {
      line("No workouts recorded in the \(m.windowPhrase).")
    } else {
      line("| Week | Workouts | Time | Energy | Distance |")
      line("|---|---:|---:|---:|---:|")
      for t in m.workouts.weeks { line(workoutRow(t)) }
      line()
      line("By activity, week \(m.workouts.currentWeek):")
      line()
      line("| Activity | Workouts | Time | Energy | Distance |")
      line("|---|---:|---:|---:|---:|")
      if m.workouts.byType.isEmpty { line("| No workouts this week yet | | | | |") }
      for t in m.workouts.byType { line(workoutRow(t)) }
    }
    line()

    line("## Goals and streaks")
    line()
    if m.streaks.isEmpty { line("No goal streaks: not available.") }
    if m.streaks.contains(where: { $0.cadence != "weekly" }) {
      line(e(StreakText.restDayExplanation))
      line()
    }
    for s in m.streaks {
      let u = StreakText.unit(s)
      line("### \(e(StreakText.title(s)))")
      line()
      line(e(StreakText.goal(s)))
      line()
      line(e(StreakText.facts(s)))
      line()
      if let rest = StreakText.restDays(s) {
        line(e(rest))
        line()
      }
      if let progress = StreakText.progress(s) {
        line(e(progress))
        line()
      }
      line("| Badge | Earned |")
      line("|---:|---|")
      for b in StreakText.badges(s) {
        line("| \(b.length)-\(u) | \(b.reached.map { $0.description } ?? "—") |")
      }
      line()
      if let scene = ReportCharts.history(s, weekStart: m.meta.weekStart) {
        line(image(scene))
        line()
        line(
          s.cadence == "weekly"
            ? "■ goal week · □ missed" : "■ goal day · □ missed · ◆ rest day · • no data")
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
    if let heading = q.inputProblemsHeading {
      line(heading)
      line()
      for p in q.inputProblems { line("- \(e(p))") }
      line()
    }
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
    func c(_ v: Double?, _ text: (Double) -> String) -> String { v.map(text) ?? "—" }
    return
      "| \(Markup.escapeMarkdown(t.label)) | \(c(t.count) { Numbers.fixed($0, 0) }) | \(c(t.minutes) { Numbers.duration(minutes: $0) }) | \(c(t.energy) { Numbers.grouped($0, 0) + " kcal" }) | \(c(t.distance) { Numbers.fixed($0, 1) + " km" }) |"
  }

  /// The numbers under a chart, newest first, folded away.
  static func seriesTable(_ s: MetricSeries, into out: inout String) {
    let p = s.presentation
    func c(_ v: Double?) -> String { v.map(p.format).map(Markup.escapeMarkdown) ?? "—" }
    let unit = p.style == .hoursMinutes || p.unit.isEmpty ? "" : " (\(p.unit))"
    out +=
      "<details><summary>\(Markup.escape(p.name)) by \(s.grouping == .day ? "day" : (s.grouping == .week ? "week" : "month"))</summary>\n\n"
    out +=
      "| Date | \(Markup.escapeMarkdown(p.name + unit)) | 7-day avg | Usual low | Usual high |\n"
    out += "|---|---:|---:|---:|---:|\n"
    for i in stride(from: s.days.count - 1, through: 0, by: -1) {
      out +=
        "| \(s.days[i]) | \(c(s.values[i])) | \(c(s.average[i])) | \(c(s.rangeLow[i])) | \(c(s.rangeHigh[i])) |\n"
    }
    out += "\n</details>\n\n"
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
