/// Sleep (stages, bedtime and wake time) and the other measurements (VO₂ max, wrist
/// temperature, blood pressure).
extension HTMLWriter {
  mutating func sleep(_ m: ReportModel) {
    raw("<section aria-labelledby=\"sleep-title\">\n")
    el("h2", "Sleep", "id=\"sleep-title\"")
    raw("<div class=\"charts\">\n")
    let hasData = m.nights.contains(where: \.hasData)
    figure(
      id: "sleep-stages", title: "Sleep stages", summary: SleepWords.summary(m),
      scene: hasData
        ? SleepStageChart.scene(m.nights, id: ReportCharts.sleepStagesID, grouping: m.grouping)
        : nil,
      caption: SleepWords.caption(m)
    ) { w in w.sleepTable(m) }
    let t = m.sleepTimes
    figure(
      id: "sleep-times", title: "Bedtime and wake time",
      summary: SleepTimesChart.summary(t),
      scene: t.hasData ? SleepTimesChart.scene(t, id: ReportCharts.sleepTimesID) : nil,
      caption: t.hasData
        ? SleepTimesChart.caption(t) : "No bedtimes recorded in the \(m.windowPhrase).")
    raw("</div>\n</section>\n")
  }

  mutating func sleepTable(_ m: ReportModel) {
    guard isWeb else { return }
    let anyUnstaged = m.nights.contains { $0.unstaged != nil }
    raw("<details class=\"numbers\"><summary>Numbers</summary>")
    raw("<div class=\"table-scroll\"><table id=\"table-sleep-stages\" class=\"reflow\">")
    el(
      "caption",
      "Sleep by \(m.grouping == .day ? "night" : m.grouping == .week ? "week (mean night)" : "month (mean night)"), newest first"
    )
    var columns = [
      m.grouping == .day ? "Night" : "From", "Bedtime", "Wake", "Asleep", "Deep", "Core", "REM",
    ]
    if anyUnstaged { columns.append("No stage") }
    columns += ["Awake", "In bed"]
    header(columns)
    let t = m.sleepTimes
    for (i, n) in m.nights.enumerated().reversed() {
      let label =
        m.grouping == .month
        ? LocalDayText.monthYear(n.day) : LocalDayText.short(n.day, year: m.reportYear)
      raw("<tr><td><time datetime=\"\(n.day)\">\(Markup.escape(label))</time>")
      if n.partial {
        raw(" <span class=\"partial\">\(Markup.escape(ReportSleepNight.partialNote))</span>")
      }
      if let nap = n.napNote { raw(" <span class=\"muted\">+ \(Markup.escape(nap))</span>") }
      raw("</td>")
      cell(t.bedtime[i].map { LocalDayText.clock(minutesAfterSixPM: $0) }, label: "Bedtime")
      cell(t.wake[i].map { LocalDayText.clock(minutesAfterSixPM: $0) }, label: "Wake")
      var values = [n.asleep, n.deep, n.core, n.rem]
      if anyUnstaged { values.append(n.unstaged) }
      values += [n.awake, n.inBed]
      for (k, v) in values.enumerated() {
        cell(v.map { Numbers.duration(minutes: $0) }, label: columns[k + 3])
      }
      raw("</tr>")
    }
    raw("</tbody></table></div></details>\n")
  }

  /// VO₂ max, wrist temperature and blood pressure (only when there is some).
  mutating func measurements(_ m: ReportModel) {
    raw("<section aria-labelledby=\"measurements-title\">\n")
    el("h2", "Fitness and body signals", "id=\"measurements-title\"")
    let (vo2, wrist) = (MetricPresentation.of(.vo2Max), MetricPresentation.of(.wristTemperature))
    raw("<div class=\"charts\">\n")
    if let v = m.vo2Max {
      figure(
        id: "metric-vo2Max", title: vo2.name, summary: Self.summary(v),
        scene: DotLineChart.scene(v, id: ReportCharts.vo2MaxID),
        caption: ReportCharts.vo2MaxCaption(v.grouping)
      ) { w in w.seriesTable(v, id: "table-vo2Max") }
    } else {
      figure(
        id: "metric-vo2Max", title: vo2.name, summary: "", scene: nil,
        caption: "No \(vo2.name) estimates in the \(m.windowPhrase).")
    }
    if let t = m.wristTemperature {
      figure(
        id: "metric-wristTemperature", title: wrist.name, summary: Self.summary(t),
        scene: DeviationChart.scene(t, id: ReportCharts.wristTemperatureID),
        caption: DeviationChart.caption(t)
      ) { w in w.seriesTable(t, id: "table-wristTemperature") }
    } else {
      figure(
        id: "metric-wristTemperature", title: wrist.name, summary: "", scene: nil,
        caption: SleepWords.noWristTemperature(m))
    }
    if let b = m.bloodPressure {
      let last = b.systolic.indices.last { b.systolic[$0] != nil && b.diastolic[$0] != nil }
      figure(
        id: "metric-bloodPressure", title: "Blood pressure",
        summary: last.map {
          "Latest \(Numbers.fixed(b.systolic[$0]!, 0))/\(Numbers.fixed(b.diastolic[$0]!, 0)) mmHg "
            + ReportCharts.when(b.days[$0], b.grouping, year: m.reportYear)
        } ?? "",
        scene: PressureChart.scene(b, id: ReportCharts.bloodPressureID),
        caption: PressureChart.caption(b))
    }
    raw("</div>\n</section>\n")
  }
}
