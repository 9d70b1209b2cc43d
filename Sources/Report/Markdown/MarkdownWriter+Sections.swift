/// Sleep, body signals, workouts, streaks and data quality, in the HTML page's words.
extension MarkdownWriter {
  mutating func sleep(_ m: ReportModel) {
    para("## Sleep")
    para("**\(e(SleepWords.summary(m)))**")
    if m.nights.contains(where: \.hasData) {
      para(
        image(SleepStageChart.scene(m.nights, id: ReportCharts.sleepStagesID, grouping: m.grouping))
      )
    }
    para(e(SleepWords.caption(m)))
    if m.sleepTimes.hasData {
      para("**\(e(SleepTimesChart.summary(m.sleepTimes)))**")
      para(image(SleepTimesChart.scene(m.sleepTimes, id: ReportCharts.sleepTimesID)))
      para(e(SleepTimesChart.caption(m.sleepTimes)))
    }
    let by = m.grouping == .day ? "night" : (m.grouping == .week ? "week" : "month")
    para("<details><summary>Sleep by \(by)</summary>")
    line(
      "| \(m.grouping == .day ? "Night" : "From") | Bedtime | Wake | Asleep | Deep | Core | REM | No stage | Awake | In bed |"
    )
    line("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (i, n) in m.nights.enumerated().reversed() {
      let times = [m.sleepTimes.bedtime[i], m.sleepTimes.wake[i]].map {
        cell($0.map { LocalDayText.clock(minutesAfterSixPM: $0) })
      }
      let cells = [n.asleep, n.deep, n.core, n.rem, n.unstaged, n.awake, n.inBed].map {
        cell($0.map { Numbers.duration(minutes: $0) })
      }
      var night =
        m.grouping == .month
        ? LocalDayText.monthYear(n.day) : LocalDayText.short(n.day, year: year)
      if n.partial { night += " (\(ReportSleepNight.partialNote))" }
      if let nap = n.napNote { night += " (+ \(nap))" }
      line("| \(e(night)) | " + (times + cells).joined(separator: " | ") + " |")
    }
    line()
    para("</details>")
  }

  mutating func measurements(_ m: ReportModel) {
    para("## Fitness and body signals")
    let (vo2, wrist) = (MetricPresentation.of(.vo2Max), MetricPresentation.of(.wristTemperature))
    if let v = m.vo2Max {
      para("### \(vo2.name)")
      para("**\(e(HTMLWriter.summary(v)))**")
      para(image(DotLineChart.scene(v, id: ReportCharts.vo2MaxID)))
      para(e(ReportCharts.vo2MaxCaption(v.grouping)))
    } else {
      para("No \(vo2.name) estimates in the \(e(m.windowPhrase)).")
    }
    if let w = m.wristTemperature {
      para("### \(wrist.name)")
      para(image(DeviationChart.scene(w, id: ReportCharts.wristTemperatureID)))
      para(e(DeviationChart.caption(w)))
    } else {
      para(e(SleepWords.noWristTemperature(m)))
    }
    if let b = m.bloodPressure {
      para("### Blood pressure")
      para(image(PressureChart.scene(b, id: ReportCharts.bloodPressureID)))
      para(e(PressureChart.caption(b)))
    }
  }

  mutating func workouts(_ m: ReportModel) {
    para("## Workouts")
    if m.workoutBars.hasData {
      para(image(WorkoutChart.scene(m.workoutBars, id: ReportCharts.workoutsID)))
      para(e(WorkoutChart.caption(m.workoutBars)))
    }
    guard !m.workouts.weeks.isEmpty else {
      para("No workouts recorded in the \(e(m.windowPhrase)).")
      return
    }
    let w = m.workouts
    para(
      "<details><summary>\(w.byMonth ? "Workouts by month" : "Workouts by week (Monday to Sunday)")</summary>"
    )
    line("| \(w.byMonth ? "Month" : "Week") | Workouts | Time | Energy | Distance |")
    line("|---|---:|---:|---:|---:|")
    for t in w.weeks { line(MarkdownReport.workoutRow(t)) }
    line()
    para("</details>")
    para("By activity, this week (\(e(w.currentWeek))):")
    line("| Activity | Workouts | Time | Energy | Distance |")
    line("|---|---:|---:|---:|---:|")
    if w.byType.isEmpty { line("| No workouts this week yet | | | | |") }
    for t in w.byType { line(MarkdownReport.workoutRow(t)) }
    line()
  }

  mutating func streaks(_ m: ReportModel) {
    para("## Goals and streaks")
    if m.streaks.isEmpty { para("No goal streaks: not available.") }
    if m.streaks.contains(where: { $0.cadence != "weekly" }) {
      para(e(StreakText.restDayExplanation))
    }
    for s in m.streaks {
      para("### \(e(StreakText.title(s)))")
      para(e(StreakText.goal(s)))
      para(e(StreakText.facts(s, year: year, firstDay: m.firstDay)))
      if let rest = StreakText.restDays(s, year: year) { para(e(rest)) }
      if let progress = StreakText.progress(s) { para(e(progress)) }
      if let earned = StreakText.earned(s, year: year) { para(e(earned)) }
      if let scene = ReportCharts.history(
        s, weekStart: m.meta.weekStart, year: year, recorded: m.recordedDays)
      {
        para(image(scene))
        para(
          s.cadence == "weekly"
            ? "■ goal week · □ missed"
            : "■ goal day · □ missed · ◆ kept by a rest day · • not measured or nothing recorded")
      }
    }
  }

  mutating func quality(_ m: ReportModel) {
    para("## Data quality")
    let q = m.meta
    func count(_ v: Int64?) -> String {
      v.map { Numbers.grouped(Double($0), 0) } ?? "not available"
    }
    line("| Fact | Records |")
    line("|---|---:|")
    line("| Records read | \(count(q.recordsRead)) |")
    line("| Records kept | \(count(q.recordsKept)) |")
    line("| Rejected | \(count(q.rejected)) |")
    for r in q.rejectedByReason {
      line("| Rejected: \(e(QualityWords.reason(r.code))) | \(count(r.count)) |")
    }
    line("| Duplicates removed | \(count(q.duplicates)) |")
    line("| Overlaps removed | \(count(q.overlapped)) |")
    line()
    if let heading = q.inputProblemsHeading {
      para(heading)
      for p in q.inputProblems { line("- \(e(p))") }
      line()
    }
    para("Sources in priority order:")
    if q.sources.isEmpty {
      para(q.priority.isEmpty ? "not available" : e(q.priority.joined(separator: " › ")))
    } else {
      for (i, s) in QualityWords.sources(q.sources).enumerated() { line("\(i + 1). \(e(s))") }
      line()
    }
  }
}
