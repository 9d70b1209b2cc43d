import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Report

@Suite("Dot-line chart SVG, read back through xml.etree", .enabled(if: Python.available))
struct DotLineChartTests {
  let fixture = ReportFixture()

  func hrvChart(window: Int, fixture f: ReportFixture) throws -> (
    SVGChart, MetricSeries, TemporaryDirectory
  ) {
    let model = try ReportModelBuilder.build(Fixtures.inputs(f), asOf: nil, window: window)
    let series = model.series.first { $0.presentation.metric == .hrvLnSDNN }!
    let dir = TemporaryDirectory()
    return (
      try Fixtures.parseSVG(DotLineChart.scene(series, id: "chart-hrv"), in: dir), series, dir
    )
  }

  @Test("every dot maps back to its day and value, and only days with data have dots")
  func dotsInvertToData() throws {
    let (chart, _, _) = try hrvChart(window: 30, fixture: fixture)
    let tolerance = chart.valuePerUnit * 0.02
    let dots = chart.all("dot")
    // Expected: the fixture's own HRV days in the 30 days to 6 Jul (exp of ln SDNN, in ms).
    var expected: [LocalDay: Double] = [:]
    for k in 0..<30 {
      let day = ReportFixture.asOf.adding(days: -k)
      if let v = fixture.value(.hrvLnSDNN, on: day) { expected[day] = exp(v) }
    }
    #expect(dots.count == expected.count)
    #expect(expected.count == 24)  // 30 days minus 3 (9-11 days back) minus 3 (i % 11 == 4)
    for dot in dots {
      let day = chart.dayAt(x: dot.number("cx"))
      let value = chart.valueAt(y: dot.number("cy"))
      let want = try #require(expected[day], "a dot on \(day), which has no data")
      #expect(abs(value - want) <= tolerance, "\(day): drawn \(value), data \(want)")
    }
  }

  @Test("the line is the 7-day average and breaks where the average has too few days")
  func lineIsTheAverage() throws {
    let (chart, _, _) = try hrvChart(window: 30, fixture: fixture)
    let tolerance = chart.valuePerUnit * 0.02
    let days = (0..<30).map { ReportFixture.asOf.adding(days: -29 + $0) }
    // The fixture's avg7 needs 4 days of 7 (ReportFixture.baseline): count its runs of two
    // or more days by hand from the rows.
    let present = days.map { fixture.baselineRow(.hrvLnSDNN, on: $0)?.avg7 != nil }
    var runs = 0
    var length = 0
    for p in present + [false] {
      if p {
        length += 1
      } else {
        if length >= 2 { runs += 1 }
        length = 0
      }
    }
    // HRV is missing 9-11 days before as-of and where i % 11 == 4 (13 days before): the
    // 7-day windows ending 7, 8 and 9 days before hold 3 days each, so the average breaks
    // there (two runs in 30 days).
    #expect(runs == 2)
    let lines = chart.all("line").filter { $0.tag == "polyline" }
    #expect(lines.count == runs)
    for line in lines {
      for (x, y) in line.points {
        let day = chart.dayAt(x: x)
        let avg = try #require(fixture.baselineRow(.hrvLnSDNN, on: day)?.avg7, "\(day)")
        // ln values average to the geometric mean in ms.
        #expect(abs(chart.valueAt(y: y) - exp(avg)) <= tolerance, "\(day)")
      }
      let lineDays = line.points.map { chart.dayAt(x: $0.0) }
      for (a, b) in zip(lineDays, lineDays.dropFirst()) {
        #expect(a.distance(to: b) == 1, "a segment jumps from \(a) to \(b)")
      }
    }
  }

  @Test("the band's vertices at day centres are the baseline table's normal range")
  func bandMatchesBaselines() throws {
    // 100 days of history and a 90-day window: the first ~20 days of the window have no
    // valid base60 yet (fewer than 21 days before them), so the band starts part-way.
    let f = ReportFixture(days: 100)
    let (chart, _, _) = try hrvChart(window: 90, fixture: f)
    let tolerance = chart.valuePerUnit * 0.02
    let bands = chart.all("band")
    #expect(!bands.isEmpty)
    var seen: Set<LocalDay> = []
    let firstTick = chart.all("tick-x").map { $0.number("x") }.min()!
    let firstTickDay = chart.parse(
      chart.all("tick-x").min { $0.number("x") < $1.number("x") }!.text)
    let lastTick = chart.all("tick-x").max { $0.number("x") < $1.number("x") }!
    let step =
      (lastTick.number("x") - firstTick)
      / Double(firstTickDay.distance(to: chart.parse(lastTick.text)))
    for band in bands {
      for (x, y) in band.points {
        let day = chart.dayAt(x: x)
        let centre = firstTick + Double(firstTickDay.distance(to: day)) * step
        guard abs(x - centre) < 0.05 else { continue }  // the half-day end extensions
        let row = try #require(f.baselineRow(.hrvLnSDNN, on: day))
        let low = try #require(row.rangeLow, "band drawn on \(day), which has no range")
        let high = try #require(row.rangeHigh)
        let v = chart.valueAt(y: y)
        #expect(abs(v - exp(low)) <= tolerance || abs(v - exp(high)) <= tolerance, "\(day): \(v)")
        seen.insert(day)
      }
    }
    // Every day of the window with a range has its vertices; none without.
    let withRange = (0..<90).map { f.asOf.adding(days: -$0) }.filter {
      f.baselineRow(.hrvLnSDNN, on: $0)?.rangeLow != nil
    }
    #expect(seen == Set(withRange))
    #expect(withRange.count < 90)
  }

  @Test("the dashed 60-day average follows the band's middle; the latest point is marked")
  func baselineAndLatest() throws {
    let (chart, _, _) = try hrvChart(window: 30, fixture: fixture)
    let tolerance = chart.valuePerUnit * 0.02
    let rules = chart.all("baseline")
    #expect(!rules.isEmpty)
    for rule in rules {
      #expect(rule.tag == "polyline")
      for (x, y) in rule.points {
        let day = chart.dayAt(x: x)
        let base = try #require(fixture.baselineRow(.hrvLnSDNN, on: day)?.base60Mean)
        #expect(abs(chart.valueAt(y: y) - exp(base)) <= tolerance, "\(day)")
      }
    }
    let latest = try #require(chart.all("latest").first)
    #expect(chart.dayAt(x: latest.number("cx")) == ReportFixture.asOf)
    let v = exp(try #require(fixture.value(.hrvLnSDNN, on: ReportFixture.asOf)))
    #expect(chart.all("latest-label").first?.text == "\(Int(v.rounded())) ms")
  }

  @Test("role=img with a title and description that aria-labelledby resolves to")
  func accessible() throws {
    let (chart, _, _) = try hrvChart(window: 7, fixture: fixture)
    let root = try #require(chart.elements.first)
    #expect(root.tag == "svg")
    #expect(root.attrib["role"] == "img")
    let ids = (root.attrib["aria-labelledby"] ?? "").split(separator: " ").map(String.init)
    #expect(ids.count == 2)
    for id in ids {
      let target = try #require(
        chart.elements.first { $0.attrib["id"] == id }, "no element with id \(id)")
      #expect(["title", "desc"].contains(target.tag))
      #expect(!target.text.isEmpty)
    }
    // 7-day window: "30 Jun" needs about 48 units plus 10 between labels, a day is about
    // 48 units wide, so every other day is labelled, counted back from the as-of date:
    // 6, 4, 2 Jul and 30 Jun.
    let labels = chart.all("tick-x").map(\.text)
    #expect(Set(labels) == ["6 Jul", "4 Jul", "2 Jul", "30 Jun"])
  }

  @Test("a hand-made 7-day series without baselines: 4 dots, no average, no band, no rule")
  func handMadeSeven() throws {
    let asOf = LocalDay(year: 2025, month: 3, day: 9)!
    let steps: [Double?] = [8000, nil, 9000, 10000, nil, nil, 12000]
    var daily: [DailyValue] = []
    for (i, v) in steps.enumerated() {
      if let v {
        daily.append(
          DailyValue(
            day: asOf.adding(days: i - 6), metric: .steps, value: v, count: 1, unit: "count"))
      }
    }
    let model = try ReportModelBuilder.build(
      ReportInputs(daily: daily, facts: AggregateFacts(asOf: LocalDay(iso: "2025-03-09"))),
      asOf: nil, window: 7)
    let series = model.series.first { $0.presentation.metric == .steps }!
    let dir = TemporaryDirectory()
    let chart = try Fixtures.parseSVG(DotLineChart.scene(series, id: "chart-steps"), in: dir)
    let drawn = chart.all("dot").map {
      (chart.dayAt(x: $0.number("cx")), chart.valueAt(y: $0.number("cy")))
    }
    #expect(drawn.map(\.0) == [3, 5, 6, 9].map { LocalDay(year: 2025, month: 3, day: $0)! })
    for ((_, v), want) in zip(drawn, [8000.0, 9000, 10000, 12000]) { #expect(abs(v - want) < 1) }
    // No baselines table: no 7-day average to draw, so no line (dots only).
    #expect(chart.all("line").isEmpty)
    #expect(chart.all("band").isEmpty)
    #expect(chart.all("baseline").isEmpty)
    #expect(chart.all("latest-label").first?.text == "12,000 steps")
  }
}

/// Band continuity and empty windows, checked on the scene's elements.
@Suite("Dot-line chart bands and empty windows")
struct DotLineBandTests {
  /// 30 days of resting heart rate with a normal range except on the days in `gap`.
  func series(gap: ClosedRange<Int>) throws -> MetricSeries {
    let asOf = LocalDay(year: 2025, month: 3, day: 30)!
    var daily: [DailyValue] = []
    var baselines: [BaselineRow] = []
    for i in 0..<30 {
      let day = asOf.adding(days: i - 29)
      daily.append(
        DailyValue(day: day, metric: .restingHeartRate, value: 58, count: 1, unit: "bpm"))
      var b = BaselineRow(day: day, metric: .restingHeartRate, unit: "bpm")
      b.value = 58
      if !gap.contains(i) {
        b.base60Mean = 57
        b.rangeLow = 56
        b.rangeHigh = 58
      }
      baselines.append(b)
    }
    let model = try ReportModelBuilder.build(
      ReportInputs(daily: daily, baselines: baselines, facts: AggregateFacts(asOf: asOf)),
      asOf: nil, window: 30)
    return model.series.first { $0.presentation.metric == .restingHeartRate }!
  }

  func bands(_ s: MetricSeries) -> Int {
    DotLineChart.scene(s, id: "b").elements.filter { $0.role == .band }.count
  }

  @Test("a range missing for up to 7 days is bridged; a longer gap stays a gap")
  func bridged() throws {
    // Days 10-16 (7 days) without a range: one band across them.
    #expect(bands(try series(gap: 10...16)) == 1)
    // Days 10-17 (8 days): two bands, and nothing drawn over the gap.
    #expect(bands(try series(gap: 10...17)) == 2)
    // The tables keep what the baselines say: no range on the bridged days.
    let s = try series(gap: 10...16)
    #expect(s.rangeLow[12] == nil)
  }

  @Test("a window without data is one line of text, not an empty frame")
  func empty() {
    let days = (0..<30).map { LocalDay(year: 2025, month: 3, day: 1)!.adding(days: $0) }
    let s = MetricSeries(presentation: .of(.spo2), days: days)
    let scene = DotLineChart.scene(s, id: "e")
    #expect(scene.elements.count == 1)
    #expect(scene.elements.first?.role == .emptyNote)
    #expect(DotLineChart.emptyText(s) == "No blood oxygen readings in the last 30 days.")
  }
}
