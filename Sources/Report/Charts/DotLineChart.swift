import Foundation

/// The chart of one metric over the window (docs/report.md, "Charts"): each day as a light
/// dot, the 7-day average as the line (broken where it has too few days), the normal range
/// of that average as a band with the 60-day average dashed through its middle, and the
/// latest value marked and labelled where the label touches nothing. Long horizons draw
/// weekly or monthly means joined by the line; metrics measured every few days join their
/// readings.
public enum DotLineChart {
  /// Chart width in user units.
  public static let width = ChartFrame.width
  /// Chart height in user units (daily points).
  public static let height = 220.0

  /// The height for a grouping: a year's 12 monthly points or half a year's 26 weekly ones
  /// need less room than 90 daily dots, and the long views stay short on a phone.
  public static func height(_ grouping: ReportWindow.Grouping) -> Double {
    switch grouping {
    case .day: height
    case .week: 190
    case .month: 170
    }
  }
  /// The longest gap (days) the band is bridged across by straight lines, so a range that
  /// is missing on a day or two (a window just under its minimum count) does not break it.
  public static let bandBridgeDays = 7

  /// The scene for a series. `id` must be unique in the document.
  public static func scene(_ series: MetricSeries, id: String) -> ChartScene {
    let p = series.presentation
    let count = series.days.count
    let title = "\(p.name), \(phrase(series))"
    guard series.hasData else {
      var scene = ChartScene(
        width: width, height: 36, id: id, title: title, description: describe(series))
      scene.add(
        .text(ChartPoint(width / 2, 18), emptyText(series), anchor: .middle), .emptyNote)
      return scene
    }
    let band = bridgedBand(series)
    let line = series.lineValues

    var lo = Double.infinity
    var hi = -Double.infinity
    for v in series.values + line + band.low + band.high + band.middle + series.spreadLow
      + series.spreadHigh
    {
      if let v, v.isFinite {
        lo = min(lo, v)
        hi = max(hi, v)
      }
    }
    let ticks = NiceTicks(
      minimum: lo, maximum: hi, target: 4,
      integer: p.wholeNumbers || p.style == .hoursMinutes, minimumSpan: p.minimumSpan)
    let frame = ChartFrame(
      count: count, height: height(series.grouping), ticks: ticks,
      tickText: { tickText($0, ticks, p) },
      unit: p.unit, xLabels: ChartFrame.labels(series.days, series.grouping),
      strides: ChartFrame.strides(series.grouping))
    var scene = frame.scene(id: id, title: title, description: describe(series))
    let y = frame.y

    var placer = LabelPlacer(
      bounds: ChartBox(
        minX: frame.plot.minX, minY: frame.plot.minY, maxX: width, maxY: frame.plot.maxY))
    placer.boxes = frame.textBoxes
    drawBand(band, frame: frame, into: &scene, placer: &placer)
    let radius = series.grouping != .day ? 3.0 : (count <= 7 ? 4.0 : (count <= 31 ? 3.0 : 2.2))
    drawPoints(series, line: line, radius: radius, frame: frame, into: &scene, placer: &placer)

    // The latest value, marked and labelled where the label is free.
    if let k = series.latestIndex, let v = series.values[k] {
      let c = ChartPoint(frame.x(k), y.map(v))
      let r = radius + 2.5
      scene.add(.circle(center: c, radius: r), .latest)
      placer.avoid(circle: c, radius: r + 0.75)
      let label = p.formatWithUnit(v)
      let paint = ChartRole.latestLabel.light
      let (at, anchor) = placer.place(
        label, near: c, radius: r, fontSize: paint.fontSize, bold: paint.bold,
        fallback: (ChartPoint(frame.plot.maxX, ChartFrame.headerY), .end))
      scene.add(.text(at, label, anchor: anchor), .latestLabel)
    }
    return scene
  }

  /// The band and its middle: one polygon and one dashed line per run of points with a
  /// range, half a slot further at both ends so a single point still shows.
  static func drawBand(
    _ band: (low: [Double?], high: [Double?], middle: [Double?]), frame: ChartFrame,
    into scene: inout ChartScene, placer: inout LabelPlacer
  ) {
    let (y, step, count) = (frame.y, frame.slot, band.low.count)
    for run in MetricSeries.runs(count, { band.low[$0] != nil && band.high[$0] != nil }) {
      let first = run.lowerBound
      let last = run.upperBound - 1
      var top = run.map { ChartPoint(frame.x($0), y.map(band.high[$0]!)) }
      var bottom = run.map { ChartPoint(frame.x($0), y.map(band.low[$0]!)) }
      top.insert(ChartPoint(frame.x(first) - step / 2, top[0].y), at: 0)
      top.append(ChartPoint(frame.x(last) + step / 2, top[top.count - 1].y))
      bottom.insert(ChartPoint(frame.x(first) - step / 2, bottom[0].y), at: 0)
      bottom.append(ChartPoint(frame.x(last) + step / 2, bottom[bottom.count - 1].y))
      scene.add(.polygon(top + bottom.reversed()), .band)
    }
    for run in MetricSeries.runs(count, { band.middle[$0] != nil }) where run.count > 1 {
      let pts = run.map { ChartPoint(frame.x($0), y.map(band.middle[$0]!)) }
      scene.add(.polyline(pts), .baseline)
      placer.avoid(polyline: pts)
    }
  }

  /// The spread bars of weekly and monthly points, the dots, then the line over them.
  static func drawPoints(
    _ series: MetricSeries, line: [Double?], radius: Double, frame: ChartFrame,
    into scene: inout ChartScene, placer: inout LabelPlacer
  ) {
    let (y, count) = (frame.y, series.days.count)
    // The middle half of a week's or month's days, as a bar through its point.
    for k in 0..<count {
      guard let lo = series.spreadLow[k], let hi = series.spreadHigh[k] else { continue }
      let a = ChartPoint(frame.x(k), y.map(lo))
      let b = ChartPoint(frame.x(k), y.map(hi))
      scene.add(.line(a, b), .spread)
      placer.avoid(polyline: [a, b])
    }
    for k in 0..<count {
      if let v = series.values[k] {
        let c = ChartPoint(frame.x(k), y.map(v))
        scene.add(.circle(center: c, radius: radius), .dot)
        placer.avoid(circle: c, radius: radius)
      }
    }
    // The 7-day average breaks where it has too few days; joined readings (a metric
    // measured every few days) run across the days between them.
    let lineRuns =
      series.joinsReadings
      ? [Array((0..<count).filter { line[$0] != nil })]
      : MetricSeries.runs(count, { line[$0] != nil }).map(Array.init)
    let lonePoints = series.grouping == .day && !series.joinsReadings
    for run in lineRuns where run.count > 1 || (run.count == 1 && lonePoints) {
      var pts = run.map { ChartPoint(frame.x($0), y.map(line[$0]!)) }
      // A lone average (the fourth day of a new history) is a short dash, so the 7-day
      // average the summary states is drawn too.
      if pts.count == 1 {
        let half = min(frame.slot * 0.45, 8)
        pts = [ChartPoint(pts[0].x - half, pts[0].y), ChartPoint(pts[0].x + half, pts[0].y)]
      }
      scene.add(.polyline(pts), .line)
      placer.avoid(polyline: pts)
    }
  }

  /// `last 30 days`, `last 6 months (weekly means)`.
  static func phrase(_ s: MetricSeries) -> String {
    switch s.grouping {
    case .day: "last \(s.days.count) days"
    case .week: "last 6 months, weekly means"
    case .month: "last 12 months, monthly means"
    }
  }

  /// The one line shown instead of an empty chart.
  public static func emptyText(_ s: MetricSeries) -> String {
    let span: String
    switch s.grouping {
    case .day: span = "the last \(Words.count(s.days.count, "day"))"
    case .week: span = "the last 6 months"
    case .month: span = "the last 12 months"
    }
    return "No \(Words.lowerFirst(s.presentation.name)) readings in \(span)."
  }

  /// The band edges and middle with gaps of up to `bandBridgeDays` bridged by straight
  /// lines (daily points only).
  static func bridgedBand(_ s: MetricSeries) -> (low: [Double?], high: [Double?], middle: [Double?])
  {
    var low = s.rangeLow
    var high = s.rangeHigh
    var middle = s.middle
    guard s.grouping == .day else { return (low, high, middle) }
    let known = (0..<low.count).filter { low[$0] != nil && high[$0] != nil }
    for (a, b) in zip(known, known.dropFirst()) where b - a > 1 && b - a - 1 <= bandBridgeDays {
      for i in (a + 1)..<b {
        let t = Double(i - a) / Double(b - a)
        low[i] = low[a]! + (low[b]! - low[a]!) * t
        high[i] = high[a]! + (high[b]! - high[a]!) * t
        if let ma = middle[a], let mb = middle[b] { middle[i] = ma + (mb - ma) * t }
      }
    }
    return (low, high, middle)
  }

  static func tickText(_ value: Double, _ ticks: NiceTicks, _ p: MetricPresentation) -> String {
    p.style == .grouped
      ? Numbers.grouped(value, ticks.decimals) : Numbers.fixed(value, ticks.decimals)
  }

  /// The caption under the chart, in plain words: what the dots, the line and the band are,
  /// and where the latest average sits (beyond the metric's minimum change only).
  public static func caption(_ s: MetricSeries, sayWhatPointsAre: Bool = true) -> String {
    let p = s.presentation
    var text = sayWhatPointsAre ? pointsCaption(s.grouping, joinsReadings: s.joinsReadings) : ""
    if s.hasRange, let lo = s.rangeLow.last(where: { $0 != nil }) ?? nil,
      let hi = s.rangeHigh.last(where: { $0 != nil }) ?? nil
    {
      let what = s.joinsReadings ? "your usual range" : "your usual range for the 7-day average"
      text +=
        " The shaded band is \(what), from your last 60 days"
        + " (now \(p.format(lo))–\(p.formatWithUnit(hi))); the dashed line is your 60-day average."
      if let avg = s.latestAverage, !s.position.isEmpty, let day = s.latestAverageDay {
        let now = p.formatWithUnit(avg)
        let which =
          day == s.days.last
          ? "The 7-day average, \(now),"
          : "The last 7-day average (to \(LocalDayText.short(day, year: s.reportYear))), \(now),"
        switch s.position {
        case "within": text += " \(which) is inside it."
        default: text += " \(which) is \(s.position) it."
        }
      }
    } else if s.grouping == .day, s.baselineNote == "not yet" {
      text += " No usual range yet: it needs 21 days with data in the last 60."
    }
    return text.trimmingCharacters(in: .whitespaces)
  }

  /// What the dots and the line are, for a grouping (said once above the charts of a long
  /// view, under each chart of a daily one).
  public static func pointsCaption(_ grouping: ReportWindow.Grouping, joinsReadings: Bool) -> String
  {
    switch (grouping, joinsReadings) {
    case (.day, false): "Dots are single days; the line is the 7-day average."
    case (.day, true):
      "Dots are single readings; the line joins them (readings are too far apart for a 7-day average)."
    case (.week, _):
      "Each point is the mean of a week's daily values; the bar through it spans the middle half of its days."
    case (.month, _):
      "Each point is the mean of a month's daily values; the bar through it spans the middle half of its days."
    }
  }

  static func describe(_ s: MetricSeries) -> String {
    let p = s.presentation
    guard let k = s.latestIndex, let v = s.values[k] else { return emptyText(s) }
    let year = s.reportYear
    let first = LocalDayText.full(s.days[0])
    let last = LocalDayText.full(s.days[s.days.count - 1])
    var text = "\(p.name) from \(first) to \(last), "
    switch s.grouping {
    case .day:
      text += "\(s.daysWithData) of \(s.days.count) days with data. "
      text += "Latest: \(p.formatWithUnit(v)) on \(LocalDayText.short(s.days[k], year: year)). "
    case .week:
      text += "weekly means, \(s.daysWithData) of \(s.days.count) weeks with data. "
      text +=
        "Latest: \(p.formatWithUnit(v)) in the week of \(LocalDayText.short(s.days[k], year: year)). "
    case .month:
      text += "monthly means, \(s.daysWithData) of \(s.days.count) months with data. "
      text += "Latest: \(p.formatWithUnit(v)) in \(LocalDayText.monthYear(s.days[k])). "
    }
    if let avg = s.latestAverage { text += "7-day average \(p.formatWithUnit(avg)). " }
    if let b = s.baseline {
      text += "60-day average \(p.formatWithUnit(b))"
      if let lo = s.rangeLow.last(where: { $0 != nil }) ?? nil,
        let hi = s.rangeHigh.last(where: { $0 != nil }) ?? nil
      {
        text += "; usual range \(p.format(lo))–\(p.formatWithUnit(hi))"
      }
      text += ". "
    } else if s.baselineNote == "not yet" {
      text += "No usual range yet. "
    }
    if !p.note.isEmpty { text += p.note }
    return text.trimmingCharacters(in: .whitespaces)
  }
}
