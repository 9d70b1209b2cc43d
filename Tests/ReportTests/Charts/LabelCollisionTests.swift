import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Report

/// Labels never overlap the line, the dots or each other (docs/report.md, "Charts"). Boxes
/// are estimated here independently of `TextMetrics`: 0.55 em per character (narrower than
/// any of the report's fonts, so an overlap found here is a real one) and 1 em tall.
@Suite("Chart labels do not collide")
struct LabelCollisionTests {
  struct Box {
    var minX, minY, maxX, maxY: Double
    func intersects(_ o: Box) -> Bool {
      minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY
    }
    /// Whether the segment a–b crosses the box (sampled every 0.25 units).
    func crosses(_ a: (Double, Double), _ b: (Double, Double)) -> Bool {
      let n = max(1, Int((hypot(b.0 - a.0, b.1 - a.1) / 0.25).rounded(.up)))
      for k in 0...n {
        let t = Double(k) / Double(n)
        let x = a.0 + (b.0 - a.0) * t
        let y = a.1 + (b.1 - a.1) * t
        if x > minX && x < maxX && y > minY && y < maxY { return true }
      }
      return false
    }
  }

  static func textBox(x: Double, y: Double, text: String, anchor: String, font: Double) -> Box {
    let w = Double(text.count) * 0.55 * font
    let left = anchor == "end" ? x - w : (anchor == "middle" ? x - w / 2 : x)
    return Box(minX: left, minY: y - font / 2, maxX: left + w, maxY: y + font / 2)
  }

  /// Every collision in a parsed chart, described.
  static func collisions(_ chart: SVGChart) -> [String] {
    var problems: [String] = []
    let texts = chart.elements.filter { $0.tag == "text" }.map { e in
      (
        e,
        textBox(
          x: e.number("x"), y: e.number("y"), text: e.text,
          anchor: e.attrib["text-anchor"] ?? "start", font: 13)
      )
    }
    for (i, a) in texts.enumerated() {
      for b in texts.dropFirst(i + 1) where a.1.intersects(b.1) {
        problems.append("'\(a.0.text)' overlaps '\(b.0.text)'")
      }
    }
    for (e, box) in texts where e.cls == "latest-label" {
      for c in chart.elements where c.tag == "circle" {
        let r = c.number("r")
        let dot = Box(
          minX: c.number("cx") - r, minY: c.number("cy") - r, maxX: c.number("cx") + r,
          maxY: c.number("cy") + r)
        if dot.intersects(box) { problems.append("'\(e.text)' covers a \(c.cls)") }
      }
      for l in chart.elements where l.tag == "polyline" {
        let pts = l.points
        for (a, b) in zip(pts, pts.dropFirst()) where box.crosses(a, b) {
          problems.append("'\(e.text)' crosses the \(l.cls)")
          break
        }
      }
    }
    return problems
  }

  @Test(
    "every key-metric chart of the fixture, at 7, 30 and 90 days",
    .enabled(if: Python.available), arguments: [7, 30, 90])
  func fixtureCharts(window: Int) throws {
    let model = try ReportModelBuilder.build(
      Fixtures.inputs(ReportFixture()), asOf: nil, window: window)
    let dir = TemporaryDirectory()
    for s in model.series where s.hasData {
      let chart = try Fixtures.parseSVG(
        DotLineChart.scene(s, id: "c-\(s.presentation.metric)"), in: dir)
      #expect(chart.all("latest-label").count == 1)
      let problems = Self.collisions(chart)
      #expect(problems.isEmpty, "\(s.presentation.name), \(window) days: \(problems)")
    }
  }

  @Test("a latest point hemmed in by the line and dots: the label goes where nothing is")
  func crowded() throws {
    // 30 days climbing to a peak on the last day, with the average just under it and the
    // band around it: every place right next to the marker has a dot or the line in it.
    let asOf = LocalDay(year: 2025, month: 3, day: 30)!
    var daily: [DailyValue] = []
    var baselines: [BaselineRow] = []
    for i in 0..<30 {
      let day = asOf.adding(days: i - 29)
      let v = 50 + Double(i)
      daily.append(DailyValue(day: day, metric: .restingHeartRate, value: v, count: 1, unit: "bpm"))
      var b = BaselineRow(day: day, metric: .restingHeartRate, unit: "bpm")
      b.value = v
      b.avg7 = v - 1.5
      b.base60Mean = 65
      b.rangeLow = 60
      b.rangeHigh = 70
      baselines.append(b)
    }
    let model = try ReportModelBuilder.build(
      ReportInputs(daily: daily, baselines: baselines, facts: AggregateFacts(asOf: asOf)),
      asOf: nil, window: 30)
    let s = model.series.first { $0.presentation.metric == .restingHeartRate }!
    let scene = DotLineChart.scene(s, id: "crowded")
    // Checked on the scene's own geometry here (no Python needed) with the same estimate.
    var texts: [(String, Box, ChartRole)] = []
    var circles: [Box] = []
    var segments: [((Double, Double), (Double, Double))] = []
    for e in scene.elements {
      switch e.shape {
      case .text(let p, let t, let anchor):
        texts.append(
          (t, Self.textBox(x: p.x, y: p.y, text: t, anchor: anchor.rawValue, font: 13), e.role))
      case .circle(let c, let r):
        circles.append(Box(minX: c.x - r, minY: c.y - r, maxX: c.x + r, maxY: c.y + r))
      case .polyline(let pts):
        for (a, b) in zip(pts, pts.dropFirst()) { segments.append(((a.x, a.y), (b.x, b.y))) }
      default: break
      }
    }
    let label = try #require(texts.first { $0.2 == .latestLabel })
    #expect(label.0 == "79 bpm")
    for c in circles { #expect(!c.intersects(label.1)) }
    for (a, b) in segments { #expect(!label.1.crosses(a, b)) }
    for t in texts where t.2 != .latestLabel { #expect(!t.1.intersects(label.1), "\(t.0)") }
  }
}
