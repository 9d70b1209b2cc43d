import Foundation
import HealthModel

/// The weekly e-mail's chart of one metric: fourteen days, last week then this week. Each
/// day is a dot (last week hollow grey, this week filled blue, the as-of day orange) and
/// each week's mean is a line across its days (last week dashed grey, this week solid
/// blue), labelled under the week. Drawn to PNG by `SceneRasterizer` with `palette` at 2×,
/// on a transparent background, sized for phones: 340 units wide, shown at most 340 CSS px
/// wide, so on a 390 px phone (a 324 px column) its 14-unit text is at least 13.3 px; the
/// stroke font stays legible there (docs/report-inputs.md, "The weekly e-mail").
///
/// Every colour reads on white and on the dark backgrounds of mail apps in dark mode
/// (#121212–#202124): text at least 3.8:1 on both, marks at least 3:1 (`MailContrastTests`).
///
/// The y range comes from the values and means only, never stretched by a band or baseline,
/// spans at least 4 display steps or 5 % of the values, and is padded by 15 % on both
/// sides, so no value sits on the axis and day-to-day noise does not look like a cliff.
/// Ticks are steps of 1, 2 or 5, never finer than the metric's display step (whole bpm,
/// whole ms, whole hours for sleep), so no tick reads 52.5 bpm or 7h 12m.
enum WeekChart {
  /// Width in user units (the image's largest CSS width in the message).
  static let width = 340.0
  /// Height in user units.
  static let height = 164.0
  static let plotTop = 8.0
  static let plotRight = width - 8
  static let plotBottom = height - 48
  static let dayLabelY = plotBottom + 14
  static let weekLabelY = plotBottom + 34
  /// Padding added above and below the data, as a share of its span.
  static let padding = 0.15

  /// The scene for one chart; `id` names the image.
  static func scene(_ c: WeeklyDigest.Chart, id: String) -> ChartScene {
    let p = c.metric.presentation
    var scene = ChartScene(
      width: width, height: height, id: id, title: DigestWords.chartTitle(c),
      description: DigestWords.chartAlt(c))
    var present = c.values.compactMap { $0 }
    present += [c.metric.thisWeek, c.metric.lastWeek].compactMap { $0 }
    guard let lo = present.min(), let hi = present.max() else {
      scene.add(
        .text(ChartPoint(width / 2, height / 2), "No data in these two weeks", anchor: .middle),
        .emptyNote)
      return scene
    }
    let ticks = self.ticks(lo: lo, hi: hi, p)
    let labels = ticks.values.map { tickText($0, ticks, p) }
    let labelWidth = labels.map { textWidth($0) }.max() ?? 0
    let plotLeft = (8 + labelWidth + 8).rounded()
    let y = LinearScale(domain: (ticks.lower, ticks.upper), range: (plotBottom, plotTop))
    let slot = (plotRight - plotLeft) / 14
    func x(_ i: Int) -> Double { plotLeft + (Double(i) + 0.5) * slot }

    for (t, label) in zip(ticks.values, labels) {
      scene.add(.line(ChartPoint(plotLeft, y.map(t)), ChartPoint(plotRight, y.map(t))), .grid)
      scene.add(.text(ChartPoint(plotLeft - 8, y.map(t)), label, anchor: .end), .tickY)
    }
    // The weeks' divider, down through the day and week labels.
    let middle = plotLeft + 7 * slot
    scene.add(.line(ChartPoint(middle, plotTop), ChartPoint(middle, height - 4)), .grid)
    scene.add(.line(ChartPoint(plotLeft, plotBottom), ChartPoint(plotRight, plotBottom)), .axis)
    for (i, day) in c.days.enumerated() {
      let initial = String(LocalDay.weekdayNames[day.isoWeekday - 1].prefix(1))
      scene.add(.text(ChartPoint(x(i), dayLabelY), initial, anchor: .middle), .tickX)
    }

    // Week means: a line over the week's days so far.
    let weeks:
      [(range: Range<Int>, mean: Double?, line: ChartRole, label: ChartRole, name: String)] =
        [
          (0..<7, c.metric.lastWeek, .baseline, .baselineLabel, "last week"),
          (
            7..<(c.asOfIndex + 1), c.metric.thisWeek, .line, .latestLabel,
            c.asOfIndex < 13 ? "so far" : "this week"
          ),
        ]
    for w in weeks {
      if let mean = w.mean {
        let my = y.map(mean)
        scene.add(
          .polyline([
            ChartPoint(x(w.range.lowerBound) - slot / 2 + 6, my),
            ChartPoint(x(w.range.upperBound - 1) + slot / 2 - 6, my),
          ]), w.line)
      }
      let centre = x(w.range.lowerBound == 0 ? 3 : 10)
      let room = 7 * slot - 8
      var text = w.name + " " + (w.mean.map { "avg " + p.formatWithUnit($0) } ?? "no data")
      if textWidth(text) > room, let mean = w.mean { text = w.name + " avg " + p.format(mean) }
      if textWidth(text) > room, let mean = w.mean { text = "avg " + p.format(mean) }
      scene.add(.text(ChartPoint(centre, weekLabelY), text, anchor: .middle), w.label)
    }

    let radius = 4.0
    for (i, v) in c.values.enumerated() {
      guard let v else { continue }
      let centre = ChartPoint(x(i), y.map(v))
      if i == c.asOfIndex {
        scene.add(.circle(center: centre, radius: radius + 1.5), .latest)
      } else {
        scene.add(.circle(center: centre, radius: radius), i < 7 ? .stripMissed : .dot)
      }
    }
    return scene
  }

  /// Width of a label in user units, in the stroke font at the chart's text size.
  static func textWidth(_ text: String, bold: Bool = false) -> Double {
    StrokeFont.width(text, size: palette(.tickY).fontSize) + (bold ? 1 : 0)
  }

  /// Ticks for the values' range: at least 4 display steps (half hours for sleep) or 5 % of
  /// the middle value wide, padded, never below zero for values that are not (nor above
  /// 100 %); then the finest step of 1, 2 or 5 times a power of ten, no finer than the
  /// display step (whole bpm, whole ms, whole hours), that covers it in at most 5 intervals.
  static func ticks(lo: Double, hi: Double, _ p: MetricPresentation) -> Ticks {
    let hours = p.style == .hoursMinutes
    let unitStep = hours ? 0.5 : DigestWords.pow10(-p.decimals)
    let tickUnit = hours ? 1 : unitStep
    var low = lo
    var high = hi
    let minimumSpan = max(4 * unitStep, abs(lo + hi) / 2 * 0.05)
    if high - low < minimumSpan {
      let middle = (low + high) / 2
      low = middle - minimumSpan / 2
      high = middle + minimumSpan / 2
    }
    let pad = (high - low) * padding
    low -= pad
    high += pad
    if lo >= 0, low < 0 { low = 0 }
    if p.unit == "%", hi <= 100, high > 100 { high = 100 }
    var power = DigestWords.pow10(-p.decimals) / 10
    while true {
      for m in [1.0, 2, 5] {
        let step = m * power
        guard step >= tickUnit * (1 - 1e-9) else { continue }
        let first = (low / step + 1e-9).rounded(.down)
        let last = (high / step - 1e-9).rounded(.up)
        if last - first <= 5 {
          let decimals = max(0, -Int((log10(step) + 1e-9).rounded(.down)))
          return Ticks(lower: first * step, upper: last * step, step: step, decimals: decimals)
        }
      }
      power *= 10
    }
  }

  /// Axis ticks: `lower`, `lower + step`, … `upper`.
  struct Ticks {
    var lower: Double
    var upper: Double
    var step: Double
    /// Decimals that write every tick exactly.
    var decimals: Int
    var values: [Double] {
      (0...Int(((upper - lower) / step).rounded())).map { lower + Double($0) * step }
    }
  }

  /// A tick's text: `58`, `11,000`, `96`, `7h`.
  static func tickText(_ v: Double, _ t: Ticks, _ p: MetricPresentation) -> String {
    switch p.style {
    case .hoursMinutes: return "\(NumberFormatting.roundHalfUp(v))h"
    case .grouped: return Numbers.grouped(v, t.decimals)
    case .plain: return Numbers.fixed(v, t.decimals)
    }
  }

  /// The e-mail's own palette for the roles it uses, on a transparent background: greys
  /// for last week, Okabe–Ito-like blue and orange for this week and the as-of day, each
  /// chosen to read on white and on a dark mail background alike (the message's HTML is
  /// light, but mail apps in dark mode darken it around the image).
  static func palette(_ role: ChartRole) -> ChartRole.Paint {
    let text = RGB(0x7C7C7C)
    let grey = RGB(0x8C959F)
    let blue = RGB(0x3B82C4)
    switch role {
    case .grid: return ChartRole.Paint(stroke: grey, strokeWidth: 0.6)
    case .axis: return ChartRole.Paint(stroke: grey, strokeWidth: 1.25)
    case .tickX, .tickY, .emptyNote: return ChartRole.Paint(fill: text, fontSize: fontSize)
    case .dot: return ChartRole.Paint(fill: blue)
    case .latest: return ChartRole.Paint(fill: RGB(0xE69F00), stroke: text, strokeWidth: 1.5)
    case .line: return ChartRole.Paint(stroke: blue, strokeWidth: 2.5)
    case .stripMissed: return ChartRole.Paint(fill: nil, stroke: grey, strokeWidth: 1.75)
    case .baseline: return ChartRole.Paint(stroke: grey, strokeWidth: 2, dash: 6)
    case .latestLabel: return ChartRole.Paint(fill: blue, fontSize: fontSize, bold: true)
    case .baselineLabel: return ChartRole.Paint(fill: text, fontSize: fontSize)
    default: return role.light
    }
  }

  /// The text size in user units.
  static let fontSize = 14.0
}
