import Foundation
import HealthModel
import Testing

@testable import Report

/// The e-mail's two-week chart: y range, ticks, label placement (geometry of the scene) and
/// the pixels of the PNG.
@Suite("Weekly e-mail chart")
struct WeekChartTests {
  static let monday = LocalDay(year: 2026, month: 11, day: 2)!

  /// A chart of displayed values, last Monday first, as-of Sunday.
  static func chart(
    _ metric: MetricID, _ values: [Double?], last: Double?, this: Double?, asOfIndex: Int = 13
  ) -> WeeklyDigest.Chart {
    let p = MetricPresentation.of(metric)
    return WeeklyDigest.Chart(
      metric: WeeklyDigest.Metric(
        presentation: p, thisWeek: this, lastWeek: last, daysWithData: 7, daysInWeek: 7),
      days: (0..<14).map { monday.adding(days: $0) }, values: values, asOfIndex: asOfIndex)
  }

  /// SpO2 as the sample data has it: whole percents, mostly 96 (fractions 0.96, 0.97).
  static let spo2 = chart(
    .spo2, [96, 97, 96, nil, 97, 96, 96, 96, 96, nil, 96, 96, 96, 96],
    last: 96.33, this: 96)

  struct Box {
    var x0, y0, x1, y1: Double
    func intersects(_ o: Box) -> Bool { x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1 }
  }

  /// Every text's box in user units: the stroke font's width at the chart's 14 units, from
  /// the cap line (half the 9.8-unit cap height above the middle) to the descenders (3/10
  /// of the cap height below the baseline), plus half a pen all round.
  static func textBoxes(_ scene: ChartScene) -> [(String, Box)] {
    let cap = WeekChart.fontSize * StrokeFont.capShare
    let pen = WeekChart.fontSize * StrokeFont.pen.bold / 2
    return scene.elements.compactMap { e in
      guard case .text(let at, let s, let anchor) = e.shape else { return nil }
      let w = StrokeFont.width(s, size: WeekChart.fontSize)
      let left: Double
      switch anchor {
      case .start: left = at.x
      case .middle: left = at.x - w / 2
      case .end: left = at.x - w
      }
      return (
        s,
        Box(
          x0: left - pen, y0: at.y - cap / 2 - pen, x1: left + w + pen,
          y1: at.y + cap / 2 + 0.3 * cap + pen)
      )
    }
  }

  static func dots(_ scene: ChartScene) -> [(ChartPoint, Double)] {
    scene.elements.compactMap { e in
      if case .circle(let c, let r) = e.shape { return (c, r) }
      return nil
    }
  }

  static func texts(_ scene: ChartScene, _ role: ChartRole) -> [String] {
    scene.elements.compactMap { e in
      if case .text(_, let s, _) = e.shape, e.role == role { return s }
      return nil
    }
  }

  @Test("SpO2 (fractions shown as %): dots well above the axis, 1 point = a visible step")
  func spo2Range() {
    let scene = WeekChart.scene(Self.spo2, id: "week-spo2")
    // The range is at least 5 % of 96.5 (4.8 points) wide, padded by 15 % each side:
    // 93.4...99.6, widened to ticks every 2 points, 92...100.
    #expect(Self.texts(scene, .tickY) == ["92", "94", "96", "98", "100"])
    let dots = Self.dots(scene)
    #expect(dots.count == 12)
    for (c, r) in dots {
      #expect(c.y + r <= WeekChart.plotBottom - 10, "dot at \(c.y) touches the axis")
      #expect(c.y - r >= WeekChart.plotTop + 10)
    }
    // 96 % and 97 % are 1/8 of the 108-unit plot (8...116) apart: 13.5 units.
    let ys = Set(dots.map { ($0.0.y * 100).rounded() / 100 })
    let sorted = ys.sorted()
    #expect(sorted.count == 2)
    #expect(abs((sorted.last! - sorted.first!) - 13.5) < 0.01)
  }

  @Test("SpO2 PNG: drawn at 2×, transparent around the marks, dots well above the axis")
  func spo2Pixels() {
    let scene = WeekChart.scene(Self.spo2, id: "week-spo2")
    let r = SceneRasterizer.raster(scene, palette: { WeekChart.palette($0) }, background: nil)
    // 340 × 164 units at 2 pixels a unit.
    #expect(r.width == 680 && r.height == 328)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
      Array(r.pixels[(y * r.width + x) * 4..<(y * r.width + x) * 4 + 4])
    }
    func rows(_ rgb: (UInt8, UInt8, UInt8), atLeast n: Int) -> [Int] {
      (0..<r.height).filter { y in
        (0..<r.width).filter { x in pixel(x, y) == [rgb.0, rgb.1, rgb.2, 255] }.count >= n
      }
    }
    // Nothing is drawn in the top-right corner: fully transparent.
    #expect(pixel(r.width - 1, 0) == [0, 0, 0, 0])
    // The axis (#8C959F, 1.25 units around plotBottom = 116 units, pixel 232) fully covers
    // pixel rows 231 and 232; the blue (#3B82C4) dots end at least 10 units (20 px) above.
    let axis = rows((0x8C, 0x95, 0x9F), atLeast: 500)
    let blue = rows((0x3B, 0x82, 0xC4), atLeast: 1)
    #expect(axis.contains(231) && axis.contains(232), "\(axis)")
    #expect(!blue.isEmpty)
    // (The bold "this week" label under the axis is blue too: rows below the axis left out.)
    let dotRows = blue.filter { $0 < 231 }
    #expect((dotRows.max() ?? 999) <= 212, "lowest blue row \(dotRows.max() ?? -1)")
  }

  @Test("whole-number metrics get whole ticks; a flat week sits in the middle")
  func wholeTicks() {
    let flat = WeekChart.scene(
      Self.chart(.restingHeartRate, Array(repeating: 58, count: 14), last: 58, this: 58),
      id: "week-rhr")
    let ticks = Self.texts(flat, .tickY)
    #expect(ticks.allSatisfy { !$0.contains(".") }, "\(ticks)")
    // Span 4 bpm (4 whole steps beat 5 % of 58 = 2.9), padded to 55.4...60.6 → 54...62.
    #expect(ticks == ["54", "56", "58", "60", "62"])
    let middle = (WeekChart.plotTop + WeekChart.plotBottom) / 2
    #expect(Self.dots(flat).allSatisfy { abs($0.0.y - middle) < 0.01 })

    // HRV 37...62 ms: steps of 10, never 2.5.
    let hrv = WeekChart.scene(
      Self.chart(
        .hrvLnSDNN, [42, 55, 41, 62, 43, 51, nil, 48, 37, 45, 57, nil, 53, 46], last: 48,
        this: 47), id: "week-hrv")
    #expect(Self.texts(hrv, .tickY) == ["30", "40", "50", "60", "70"])
  }

  @Test("sleep ticks are whole hours, also in a tight range")
  func hourTicks() {
    // 0.7 h to 8.4 h (a short night), padded to 0...9.55 h: 1 h would need 10 intervals,
    // so 2 h; never 2.5 h (2h 30m).
    let wide = WeekChart.scene(
      Self.chart(
        .sleepAsleep, [7.6, 7.6, 6.9, 8.1, 7.6, 8.4, 0.7, 7.8, 7.7, 7.2, 7.3, 6.1, 6.5, 7.8],
        last: 6.65, this: 7.2), id: "week-sleep")
    let wideTicks = Self.texts(wide, .tickY)
    #expect(wideTicks == ["0h", "2h", "4h", "6h", "8h", "10h"], "\(wideTicks)")
    // 7.0 h to 7.6 h: at least 4 half hours wide (6.3...8.3 h), padded to 6.0...8.6 h:
    // half hours would need 6 intervals, so whole hours.
    let tight = WeekChart.scene(
      Self.chart(
        .sleepAsleep, [7.0, 7.1, 7.2, 7.3, 7.4, 7.5, 7.6, 7.0, 7.1, 7.2, 7.3, 7.4, 7.5, 7.6],
        last: 7.3, this: 7.3), id: "week-sleep")
    #expect(Self.texts(tight, .tickY) == ["6h", "7h", "8h", "9h"])
  }

  @Test("no label overlaps another label or a dot, and all stay inside the image")
  func labelsApart() {
    let charts = [
      Self.spo2,
      Self.chart(
        .steps,
        [
          8200, 12_500, 9100, 15_800, 11_000, 7000, 13_400, 9800, 10_100, 12_900, nil, nil,
          nil, nil,
        ], last: 11_000, this: 10_933, asOfIndex: 9),
      Self.chart(
        .bodyMass, Array(repeating: nil, count: 7) + [81.2] + Array(repeating: nil, count: 6),
        last: nil, this: 81.2),
    ]
    for c in charts {
      let scene = WeekChart.scene(c, id: "week-x")
      let boxes = Self.textBoxes(scene)
      for (i, a) in boxes.enumerated() {
        #expect(a.1.x0 >= 0 && a.1.x1 <= WeekChart.width, "\(a.0) leaves the image")
        #expect(a.1.y0 >= 0 && a.1.y1 <= WeekChart.height, "\(a.0) leaves the image")
        for b in boxes[(i + 1)...] {
          #expect(!a.1.intersects(b.1), "'\(a.0)' overlaps '\(b.0)'")
        }
        for (c, r) in Self.dots(scene) {
          let dot = Box(x0: c.x - r, y0: c.y - r, x1: c.x + r, y1: c.y + r)
          #expect(!a.1.intersects(dot), "'\(a.0)' overlaps a dot")
        }
      }
    }
  }

  @Test("week labels: averages with units, 'so far' mid-week, 'no data' for an empty week")
  func weekLabels() {
    let steps = WeekChart.scene(
      Self.chart(
        .steps,
        [
          8200, 12_500, 9100, 15_800, 11_000, 7000, 13_400, 9800, 10_100, 12_900, nil, nil,
          nil, nil,
        ], last: 11_000, this: 10_933, asOfIndex: 9), id: "week-steps")
    // With the unit, "last week avg 11,000 steps" (155.5 units in the 14-unit stroke font)
    // and "so far avg 10,933 steps" (136.2) are wider than a week's 7 slots less 8 units
    // (about 130 units beside the 5-digit tick labels), so the unit, named in the title,
    // is left out.
    #expect(Self.texts(steps, .baselineLabel) == ["last week avg 11,000"])
    #expect(Self.texts(steps, .latestLabel) == ["so far avg 10,933"])
    let weight = WeekChart.scene(
      Self.chart(
        .bodyMass, Array(repeating: nil, count: 7) + [81.2] + Array(repeating: nil, count: 6),
        last: nil, this: 81.2), id: "week-weight")
    #expect(Self.texts(weight, .baselineLabel) == ["last week no data"])
    #expect(Self.texts(weight, .latestLabel) == ["this week avg 81.2 kg"])
  }

  @Test("stroke font: every character the charts write has a glyph, W is not LJ")
  func strokeFont() {
    let written = "0123456789.,%-+/°()hms avg last this week so far no data MTWFS kcal bpm kg"
    for ch in written { #expect(StrokeFont.glyphs[ch] != nil, "no glyph for \(ch)") }
    // W is one stroke of five points, zig-zagging down and up: V V joined at the top middle.
    let w = StrokeFont.glyph("W").strokes
    #expect(w.count == 1 && w[0].count == 5)
    #expect(w[0].map(\.y) == [10, 0, 8.2, 0, 10])
    // Widths add the glyphs' advances less the last spacing: "11" at 10 units is
    // (6 + 1.6) × 2 − 1.6 = 13.6 font units; a 10-unit font has 7-unit capitals on a
    // 10-unit grid, so 13.6 × 0.7 = 9.52 units.
    #expect(abs(StrokeFont.width("11", size: 10) - 13.6 * 0.7) < 1e-9)
  }
}

extension WeekChartTests {
  @Test("one-decimal metrics tick in tenths when the range is tight")
  func tenths() {
    // Respiratory rate 14.5...14.9 /min: 5 % of 14.7 = 0.735 beats 4 tenths; padded to
    // 14.23...15.17, ticks of 0.2 (0.1 would need 10 intervals): 14.2 ... 15.2.
    let scene = WeekChart.scene(
      Self.chart(
        .respiratoryRate,
        [
          14.5, 14.9, 14.7, 14.6, 14.8, 14.7, 14.7, 14.6, 14.8, 14.7, 14.7, 14.9,
          14.5, 14.7,
        ], last: 14.7, this: 14.7), id: "week-resp")
    #expect(Self.texts(scene, .tickY) == ["14.2", "14.4", "14.6", "14.8", "15.0", "15.2"])
    #expect(DigestWords.pow10(-1) == 0.1)
    #expect(DigestWords.pow10(2) == 100)
  }
}
