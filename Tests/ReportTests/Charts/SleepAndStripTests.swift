import Foundation
import HealthModel
import TestSupport
import Testing

@testable import Report

@Suite(
  "Sleep stage bars and streak strips, read back through xml.etree",
  .enabled(if: Python.available))
struct SleepAndStripTests {
  @Test("stacked bars: each stage's rectangle spans its minutes, in-bed is an outline")
  func stackedBars() throws {
    let first = LocalDay(year: 2025, month: 7, day: 1)!
    var staged = ReportSleepNight(day: first)
    staged.asleep = 390
    staged.deep = 60
    staged.core = 240
    staged.rem = 90
    staged.awake = 30
    staged.inBed = 450
    var unstaged = ReportSleepNight(day: first.adding(days: 2))
    unstaged.asleep = 420
    let nights =
      [staged, ReportSleepNight(day: first.adding(days: 1)), unstaged]
      + (3..<7).map { ReportSleepNight(day: first.adding(days: $0)) }
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

  @Test("a goal calendar draws one mark per day with a shape per state, and says each day")
  func calendar() throws {
    let dir = TemporaryDirectory()
    // Mon 13 Nov 2023 to Sun 19 Nov: met, met, missed, kept by a rest day, no data, missed,
    // met. Fri 17 Nov had other data (steps), so it was "not measured", not "nothing
    // recorded".
    let start = LocalDay(year: 2023, month: 11, day: 13)!
    let scene = HistoryStrip.calendar(
      history: "110F.01", start: start, weekStart: .monday, id: "strip-active",
      title: "active", year: 2023, recorded: [start.adding(days: 4).dayNumber])
    let chart = try Fixtures.parseSVG(scene, in: dir)
    #expect(chart.all("strip-goal").count == 3)
    #expect(chart.all("strip-missed").count == 2)
    #expect(chart.all("strip-frozen").map { $0.tag } == ["polygon"])
    #expect(chart.all("strip-none").map { $0.tag } == ["circle"])
    let desc = chart.elements.first { $0.tag == "desc" }?.text ?? ""
    #expect(
      desc
        == "7 days, oldest first: 3 met, 2 missed, 1 kept by a rest day, 1 without data. From Mon 13 Nov to Sun 19 Nov."
    )
    let titles = scene.elements.map(\.title).filter { !$0.isEmpty }
    #expect(
      titles == [
        "Mon 13 Nov: goal met", "Tue 14 Nov: goal met", "Wed 15 Nov: missed",
        "Thu 16 Nov: kept by a rest day", "Fri 17 Nov: not measured", "Sat 18 Nov: missed",
        "Sun 19 Nov: goal met",
      ])
    // The month is named above its first column.
    #expect(chart.all("tick-x").map { $0.text } == ["Nov"])
  }

  @Test("a calendar shows the last 13 weeks, and a day in another year carries its year")
  func calendarWindow() throws {
    // 100 days to Tue 2 Jan 2024: 13 weeks back to the Monday 84 days before the week of
    // 2 Jan, Mon 9 Oct 2023 → 86 cells.
    let end = LocalDay(year: 2024, month: 1, day: 2)!
    let scene = HistoryStrip.calendar(
      history: String(repeating: "1", count: 100), start: end.adding(days: -99),
      weekStart: .monday, id: "strip-x", title: "x", year: 2024)
    let titles = scene.elements.map(\.title).filter { !$0.isEmpty }
    #expect(titles.count == 86)
    #expect(titles.first == "Mon 9 Oct 2023: goal met")
    #expect(titles.last == "Tue 2 Jan: goal met")
  }

  @Test("a weekly strip names each week")
  func weeklyStrip() throws {
    let lastWeek = LocalDay(year: 2023, month: 11, day: 13)!
    let scene = HistoryStrip.scene(
      history: "0110", lastWeek: lastWeek, id: "strip-w", title: "w", year: 2023)
    #expect(
      scene.elements.map(\.title) == [
        "Week of Mon 23 Oct: not met", "Week of Mon 30 Oct: met", "Week of Mon 6 Nov: met",
        "Week of Mon 13 Nov: not met",
      ])
  }
}
