/// Bars up or down from zero: a night's wrist temperature against the usual (the mean of
/// the 60 nights before it). Up (warmer) and down (cooler) differ by position and colour.
public enum DeviationChart {
  /// Height in user units.
  public static let height = 200.0

  /// The scene for a series of deviations (displayed units).
  public static func scene(_ s: MetricSeries, id: String) -> ChartScene {
    let p = s.presentation
    let count = s.days.count
    let title = "\(p.name) against your usual, \(DotLineChart.phrase(s))"
    let values = s.values.compactMap { $0 }
    let ticks = NiceTicks(
      minimum: values.min() ?? 0, maximum: values.max() ?? 0, target: 4,
      minimumSpan: p.minimumSpan, includeZero: true)
    let frame = ChartFrame(
      count: count, height: s.grouping == .day ? height : 160, ticks: ticks,
      tickText: { Numbers.signed($0, ticks.decimals) }, unit: p.unit,
      xLabels: ChartFrame.labels(s.days, s.grouping), strides: ChartFrame.strides(s.grouping))
    var scene = frame.scene(id: id, title: title, description: describe(s))
    let zero = frame.y.map(0)
    scene.add(.line(ChartPoint(frame.plot.minX, zero), ChartPoint(frame.plot.maxX, zero)), .zero)
    let barWidth = max(1.5, frame.slot * 0.62)
    for (i, v) in s.values.enumerated() {
      guard let v, v != 0 else { continue }
      let top = min(zero, frame.y.map(v))
      scene.add(
        .rect(
          x: frame.x(i) - barWidth / 2, y: top, width: barWidth, height: abs(frame.y.map(v) - zero)),
        v > 0 ? .barAbove : .barBelow)
    }
    return scene
  }

  /// The caption in plain words.
  public static func caption(_ s: MetricSeries) -> String {
    var text =
      s.grouping == .day
      ? "Each bar is a night's wrist temperature against your usual, the mean of the 60 nights before it: up is warmer, down is cooler."
      : "Each bar is a \(s.grouping == .week ? "week" : "month")'s mean wrist temperature against your usual (the 60 nights before each night): up warmer, down cooler."
    if let k = s.latestIndex, let v = s.values[k] {
      text +=
        " Latest: \(Numbers.signed(v, 2)) °C \(ReportCharts.when(s.days[k], s.grouping, year: s.reportYear))."
    }
    if s.grouping == .day {
      text += " Changes of a few tenths of a degree from night to night are common."
    }
    return text
  }

  static func describe(_ s: MetricSeries) -> String {
    var text =
      "Wrist temperature deviation from the mean of the 60 nights before each night, \(s.daysWithData) of \(s.days.count) points with data."
    if let k = s.latestIndex, let v = s.values[k] {
      text +=
        " Latest \(Numbers.signed(v, 2)) °C \(ReportCharts.when(s.days[k], s.grouping, year: s.reportYear))."
    }
    return text
  }
}
