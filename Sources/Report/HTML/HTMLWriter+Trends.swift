/// The key metrics' charts, each with a summary line, a caption in plain words and the
/// numbers in a table under it.
extension HTMLWriter {
  mutating func trends(_ m: ReportModel) {
    raw("<section aria-labelledby=\"trends-title\">\n")
    el("h2", "Trends, \(m.windowPhrase)", "id=\"trends-title\"")
    // A long view says once what its points are; a daily view says it under each chart.
    let daily = m.grouping == .day
    if !daily {
      el("p", DotLineChart.pointsCaption(m.grouping, joinsReadings: false), "class=\"muted\"")
    }
    raw("<div class=\"charts\">\n")
    for s in m.series {
      let p = s.presentation
      let slug = Markup.slug(p.metric.rawValue)
      guard s.hasData else {
        figure(
          id: "metric-\(slug)", title: p.name, summary: "", scene: nil,
          caption: DotLineChart.emptyText(s))
        continue
      }
      figure(
        id: "metric-\(slug)", title: p.name, summary: Self.summary(s),
        scene: DotLineChart.scene(s, id: ReportCharts.id(for: s)),
        caption: DotLineChart.caption(s, sayWhatPointsAre: daily)
      ) { w in
        w.explainHRV(p.metric)
        w.seriesTable(s, id: "table-\(slug)")
      }
    }
    raw("</div>\n</section>\n")
  }

  /// `7-day average 46 ms · 21 of 30 days with data`; `7-day average 46 ms to Mon 1 Jan`
  /// when the last value is older than the as-of date; `Latest reading 82.6 kg on Tue 10
  /// Nov` for a metric measured every few days; `Latest month (Nov) 46 ms` for long views.
  static func summary(_ s: MetricSeries) -> String {
    let p = s.presentation
    let year = s.reportYear
    var parts: [String] = []
    if s.grouping == .day, s.joinsReadings, let k = s.latestIndex, let v = s.values[k] {
      parts.append(
        "latest reading \(p.formatWithUnit(v)) on \(LocalDayText.short(s.days[k], year: year))")
    } else if s.grouping == .day, let avg = s.latestAverage, let day = s.latestAverageDay {
      var text = "7-day average \(p.formatWithUnit(avg))"
      if day != s.days.last { text += " to \(LocalDayText.short(day, year: year))" }
      parts.append(text)
    } else if let k = s.latestIndex, let v = s.values[k], s.grouping != .day {
      let label =
        s.grouping == .week
        ? "week of \(LocalDayText.short(s.days[k], year: year))"
        : LocalDayText.monthYear(s.days[k])
      // A long view's line names the latest point only; the days with data are in its table.
      return "\(label): \(p.formatWithUnit(v))"
    }
    let unit = s.presentation.metric == .sleepAsleep ? "night" : "day"
    parts.append("\(s.daysWithValue) of \(Words.count(s.windowDays, unit)) with data")
    return Words.upperFirst(parts.joined(separator: " · "))
  }

  /// The numbers under a chart, newest first: per day (value, 7-day average, usual range),
  /// or per week or month (mean, usual range).
  mutating func seriesTable(_ s: MetricSeries, id: String) {
    guard isWeb else { return }
    let p = s.presentation
    let unit = p.style == .hoursMinutes ? "" : (p.unit.isEmpty ? "" : " (\(p.unit))")
    raw("<details class=\"numbers\"><summary>Numbers</summary>")
    raw("<div class=\"table-scroll\"><table id=\"\(id)\">")
    let first: String
    switch s.grouping {
    case .day: first = "Date"
    case .week: first = "Week of"
    case .month: first = "Month"
    }
    el("caption", "\(p.name)\(unit), newest first")
    let valueHeader = s.grouping == .day ? "Value" : "Mean"
    var columns = [first, valueHeader]
    // Columns only for what the series has (a deviation or a sparse metric has no range).
    let showAverage = s.average.contains { $0 != nil }
    let showRange = s.hasRange
    let showSpread = s.spreadLow.contains { $0 != nil }
    if showSpread { columns.append("Middle half") }
    if showAverage { columns.append("7-day avg") }
    if showRange { columns += ["Usual low", "Usual high"] }
    header(columns)
    for i in stride(from: s.days.count - 1, through: 0, by: -1) {
      let day = s.days[i]
      let label =
        s.grouping == .month
        ? LocalDayText.monthYear(day) : LocalDayText.short(day, year: s.reportYear)
      raw("<tr><td><time datetime=\"\(day)\">\(Markup.escape(label))</time></td>")
      cell(s.values[i].map(p.format))
      if showSpread {
        cell(
          s.spreadLow[i].flatMap { lo in s.spreadHigh[i].map { "\(p.format(lo))–\(p.format($0))" } }
        )
      }
      if showAverage { cell(s.average[i].map(p.format)) }
      if showRange {
        cell(s.rangeLow[i].map(p.format))
        cell(s.rangeHigh[i].map(p.format))
      }
      raw("</tr>")
    }
    raw("</tbody></table></div></details>\n")
  }
}
