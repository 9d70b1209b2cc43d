import Foundation
import HealthCore
import TestSupport
import Testing

@testable import Report

@Suite(
  "Sleep stage bars and streak strips, read back through xml.etree",
  .enabled(if: PythonProbe.available))
struct SleepAndStripTests {
  @Test("stacked bars: each stage's rectangle spans its minutes, in-bed is an outline")
  func stackedBars() throws {
    let first = LocalDay(year: 2025, month: 7, day: 1)!
    var staged = SleepNight(day: first)
    staged.asleep = 390
    staged.deep = 60
    staged.core = 240
    staged.rem = 90
    staged.awake = 30
    staged.inBed = 450
    var unstaged = SleepNight(day: first.adding(days: 2))
    unstaged.asleep = 420
    let nights =
      [staged, SleepNight(day: first.adding(days: 1)), unstaged]
      + (3..<7).map { SleepNight(day: first.adding(days: $0)) }
    let dir = TemporaryDirectory()
    let chart = try Fixtures.parseSVG(SleepStageChart.scene(nights, id: "chart-sleep"), in: dir)
    func bars(_ cls: String) -> [(day: LocalDay, from: Double, to: Double)] {
      chart.all(cls).filter { $0.tag == "rect" && $0.number("y") > 30 }.map { r in
        let x = r.number("x") + r.number("width") / 2
        let bottom = chart.valueAt(y: r.number("y") + r.number("height"))
        let top = chart.valueAt(y: r.number("y"))
        return (chart.dayAt(x: x), bottom, top)
      }
    }
    let tol = chart.valuePerUnit * 0.02
    func check(_ cls: String, _ want: [(LocalDay, Double, Double)]) {
      let got = bars(cls)
      #expect(got.count == want.count, "\(cls): \(got)")
      for (g, w) in zip(got, want) {
        #expect(g.day == w.0)
        #expect(abs(g.from - w.1) <= tol && abs(g.to - w.2) <= tol, "\(cls): \(g) vs \(w)")
      }
    }
    // Hours, stacked from the bottom: deep 0-1, core 1-5, REM 5-6.5, awake 6.5-7; the
    // second night has only unstaged asleep time 0-7; in bed 0-7.5 on the first night.
    check("bar-deep", [(first, 0, 1)])
    check("bar-core", [(first, 1, 5)])
    check("bar-rem", [(first, 5, 6.5)])
    check("bar-awake", [(first, 6.5, 7)])
    check("bar-unstaged", [(first.adding(days: 2), 0, 7)])
    check("in-bed", [(first, 0, 7.5)])
  }

  @Test("a history strip draws one mark per day with a shape per state")
  func strip() throws {
    let dir = TemporaryDirectory()
    let chart = try Fixtures.parseSVG(
      HistoryStrip.scene(history: "110F.01", id: "strip-active", title: "active", unit: "day"),
      in: dir)
    #expect(chart.all("strip-goal").count == 3)
    #expect(chart.all("strip-missed").count == 2)
    #expect(chart.all("strip-frozen").map(\.tag) == ["polygon"])
    #expect(chart.all("strip-none").map(\.tag) == ["circle"])
    let desc = chart.elements.first { $0.tag == "desc" }?.text ?? ""
    #expect(
      desc == "7 days, oldest first: 3 met, 2 missed, 1 bridged by a rest day, 1 without data.")
  }
}
