import HealthCore

/// The key metrics' charts, each with a summary line, a caption in plain words and the
/// numbers in a table under it.
extension HTMLWriter {
  mutating func trends(_ m: ReportModel) {
    raw("<section aria-labelledby=\"trends-title\">\n")
    el("h2", "Trends, \(m.windowPhrase)", "id=\"trends-title\"")
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
        caption: DotLineChart.caption(s)
      ) { w in w.seriesTable(s, id: "table-\(slug)") }
    }
    raw("</div>\n</section>\n")
  }

  /// `7-day average 46 ms · 21 of 30 days with data`.
  static func summary(_ s: MetricSeries) -> String {
    let p = s.presentation
    var parts: [String] = []
    if s.grouping == .day, let avg = s.latestAverage {
      parts.append("7-day average \(p.formatWithUnit(avg))")
    } else if let k = s.latestIndex, let v = s.values[k], s.grouping != .day {
      parts.append("latest \(s.grouping == .week ? "week" : "month") \(p.formatWithUnit(v))")
    }
    parts.append("\(s.daysWithValue) of \(Words.count(s.windowDays, "day")) with data")
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
    if showAverage { columns.append("7-day avg") }
    if showRange { columns += ["Usual low", "Usual high"] }
    header(columns)
    for i in stride(from: s.days.count - 1, through: 0, by: -1) {
      let day = s.days[i]
      let label = s.grouping == .month ? LocalDayText.monthYear(day) : day.shortLabel
      raw("<tr><td><time datetime=\"\(day)\">\(Markup.escape(label))</time></td>")
      cell(s.values[i].map(p.format))
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
