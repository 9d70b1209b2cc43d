import Foundation

/// The dot-line chart of one metric over the window: a dot per day, a line broken at
/// missing days, the 60-day normal range as a band, the baseline as a dashed rule, the
/// latest value marked and labelled, and axes with dates and units.
public enum DotLineChart {
  /// Chart width in user units.
  public static let width = 640.0
  /// Chart height in user units.
  public static let height = 240.0
  static let left = 56.0
  static let right = 64.0
  static let top = 28.0
  static let bottom = 30.0

  /// The scene for a series. `id` must be unique in the document.
  public static func scene(_ series: MetricSeries, id: String) -> ChartScene {
    let p = series.presentation
    let count = series.days.count
    var scene = ChartScene(
      width: width, height: height, id: id,
      title: "\(p.name), last \(count) days",
      description: describe(series))
    let plotLeft = left
    let plotRight = width - right
    let plotTop = top
    let plotBottom = height - bottom
    let step = (plotRight - plotLeft) / Double(max(1, count))
    func x(_ i: Int) -> Double { plotLeft + (Double(i) + 0.5) * step }

    // Y domain from everything drawn.
    var lo = Double.infinity
    var hi = -Double.infinity
    for v in series.values + series.rangeLow + series.rangeHigh + [series.baseline] {
      if let v, v.isFinite {
        lo = min(lo, v)
        hi = max(hi, v)
      }
    }
    if !lo.isFinite {
      scene.add(
        .text(
          ChartPoint(width / 2, height / 2), "No data in these \(count) days",
          anchor: .middle), .emptyNote)
      return scene
    }
    let ticks = NiceTicks(minimum: lo, maximum: hi, target: 4)
    let y = LinearScale(domain: (ticks.lower, ticks.upper), range: (plotBottom, plotTop))

    // Grid and y labels.
    for t in ticks.values {
      let ty = y.map(t)
      scene.add(.line(ChartPoint(plotLeft, ty), ChartPoint(plotRight, ty)), .grid)
      scene.add(.text(ChartPoint(plotLeft - 6, ty), tickText(t, ticks, p), anchor: .end), .tickY)
    }
    scene.add(.text(ChartPoint(plotLeft - 6, 12), p.unit, anchor: .end), .unitLabel)

    // X labels: every day for 7 days, else every 7th/14th day counted back from the end.
    let every = count <= 7 ? 1 : (count <= 31 ? 7 : 14)
    var i = count - 1
    while i >= 0 {
      scene.add(.line(ChartPoint(x(i), plotBottom), ChartPoint(x(i), plotBottom + 4)), .axis)
      scene.add(
        .text(
          ChartPoint(x(i), plotBottom + 16), LocalDayText.dayMonth(series.days[i]),
          anchor: .middle), .tickX)
      i -= every
    }
    scene.add(.line(ChartPoint(plotLeft, plotBottom), ChartPoint(plotRight, plotBottom)), .axis)

    // Normal range band: one polygon per run of days that have a range.
    let bandRuns = MetricSeries.runs(count) {
      series.rangeLow[$0] != nil && series.rangeHigh[$0] != nil
    }
    for run in bandRuns {
      var top: [ChartPoint] = []
      var bottom: [ChartPoint] = []
      for k in run {
        top.append(ChartPoint(x(k), y.map(series.rangeHigh[k]!)))
        bottom.append(ChartPoint(x(k), y.map(series.rangeLow[k]!)))
      }
      // Extend half a day at both ends so a single day still shows.
      let first = run.lowerBound
      let last = run.upperBound - 1
      top.insert(ChartPoint(x(first) - step / 2, y.map(series.rangeHigh[first]!)), at: 0)
      top.append(ChartPoint(x(last) + step / 2, y.map(series.rangeHigh[last]!)))
      bottom.insert(ChartPoint(x(first) - step / 2, y.map(series.rangeLow[first]!)), at: 0)
      bottom.append(ChartPoint(x(last) + step / 2, y.map(series.rangeLow[last]!)))
      scene.add(.polygon(top + bottom.reversed()), .band)
    }

    // Baseline rule.
    if let b = series.baseline {
      let by = y.map(b)
      scene.add(.line(ChartPoint(plotLeft, by), ChartPoint(plotRight, by)), .baseline)
      scene.add(.text(ChartPoint(plotRight + 6, by - 7), "60-day", anchor: .start), .baselineLabel)
      scene.add(
        .text(ChartPoint(plotRight + 6, by + 7), p.format(b), anchor: .start), .baselineLabel)
    }

    // Line segments, broken at missing days.
    for run in MetricSeries.runs(count, { series.values[$0] != nil }) where run.count > 1 {
      scene.add(.polyline(run.map { ChartPoint(x($0), y.map(series.values[$0]!)) }), .line)
    }
    let radius = count <= 7 ? 4.0 : (count <= 31 ? 3.0 : 2.25)
    for k in 0..<count {
      if let v = series.values[k] {
        scene.add(.circle(center: ChartPoint(x(k), y.map(v)), radius: radius), .dot)
      }
    }

    // Latest value.
    if let k = series.latestIndex, let v = series.values[k] {
      let c = ChartPoint(x(k), y.map(v))
      scene.add(.circle(center: c, radius: radius + 2.5), .latest)
      let above = c.y - 14 >= plotTop
      let labelY = above ? c.y - 14 : c.y + 16
      let label = p.formatWithUnit(v)
      let anchor: TextAnchor =
        c.x > plotRight - 40 ? .end : (c.x < plotLeft + 40 ? .start : .middle)
      scene.add(.text(ChartPoint(c.x, labelY), label, anchor: anchor), .latestLabel)
    }
    return scene
  }

  static func tickText(_ value: Double, _ ticks: NiceTicks, _ p: MetricPresentation) -> String {
    p.style == .grouped
      ? Numbers.grouped(value, ticks.decimals) : Numbers.fixed(value, ticks.decimals)
  }

  static func describe(_ s: MetricSeries) -> String {
    let p = s.presentation
    guard let k = s.latestIndex, let v = s.values[k] else {
      return
        "No \(p.name.lowercased()) data in the \(s.days.count) days to \(s.days.last.map(LocalDayText.full) ?? "")."
    }
    var text =
      "Dot-line chart of daily \(p.name.lowercased()) from \(LocalDayText.full(s.days[0])) to \(LocalDayText.full(s.days[s.days.count - 1])), "
    text += "\(s.daysWithData) of \(s.days.count) days with data. "
    text += "Latest: \(p.formatWithUnit(v)) on \(LocalDayText.weekdayDayMonth(s.days[k])). "
    if let b = s.baseline {
      text += "60-day baseline \(p.formatWithUnit(b))"
      if let lo = s.rangeLow[k] ?? s.rangeLow.last(where: { $0 != nil }) ?? nil,
        let hi = s.rangeHigh[k] ?? s.rangeHigh.last(where: { $0 != nil }) ?? nil
      {
        text += ", normal range \(p.format(lo))–\(p.formatWithUnit(hi))"
      }
      text += ". "
    } else if !s.baselineNote.isEmpty {
      text += "Baseline: \(s.baselineNote). "
    }
    if !p.note.isEmpty { text += p.note }
    return text.trimmingCharacters(in: .whitespaces)
  }
}
