import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Report

/// The HTML page parsed by Python's html.parser and xml.etree.
struct ParsedHTML {
  let json: [String: Any]
  var errors: [String] { json["errors"] as? [String] ?? ["no errors field"] }
  var ids: [String] { json["ids"] as? [String] ?? [] }
  var labelledby: [String] { json["labelledby"] as? [String] ?? [] }
  var tags: [String: Int] { json["tags"] as? [String: Int] ?? [:] }
  var refs: [String] { json["refs"] as? [String] ?? [] }
  var text: String { json["text"] as? String ?? "" }
  var xmlOK: Bool { json["xml_ok"] as? Bool ?? false }
  var hasHTTP: Bool { json["has_http"] as? Bool ?? true }
  /// Table rows: each cell's text and `<time datetime>`.
  func table(_ id: String) -> [[(text: String, datetime: String?)]] {
    let rows = (json["tables"] as? [String: Any])?[id] as? [[[String: Any]]] ?? []
    return rows.map { $0.map { ($0["text"] as? String ?? "", $0["datetime"] as? String) } }
  }
  /// The inline SVG whose aria-labelledby starts with `id`, as a chart.
  func svg(_ id: String, year: Int = 2025) -> SVGChart? {
    let svgs = json["svgs"] as? [[String: Any]] ?? []
    guard
      let s = svgs.first(where: {
        (($0["attrib"] as? [String: String])?["aria-labelledby"] ?? "").hasPrefix(id + "-")
      })
    else { return nil }
    let root: [String: Any] = ["tag": "svg", "attrib": s["attrib"] ?? [:], "text": ""]
    return SVGChart([root] + (s["elements"] as? [[String: Any]] ?? []).dropFirst(), year: year)
  }
  var svgCount: Int { (json["svgs"] as? [Any])?.count ?? 0 }

  init(_ html: String) throws {
    let dir = TemporaryDirectory()
    let path = try Fixtures.write(html, "report.html", in: dir)
    json = try Python.json(PythonProbe.htmlReport, [path]) as? [String: Any] ?? [:]
  }
}

@Suite("HTML report, parsed with html.parser and xml.etree", .enabled(if: Python.available))
struct HTMLReportTests {
  let fixture = ReportFixture()

  func render(_ f: ReportFixture, window: Int = 30) throws -> (String, ReportModel) {
    let model = try ReportModelBuilder.build(Fixtures.inputs(f), asOf: nil, window: window)
    return (HTMLReport.render(model), model)
  }

  @Test("self-contained: balanced tags, well-formed, no script, no URL, ids unique and resolved")
  func selfContained() throws {
    let (html, _) = try render(fixture)
    let page = try ParsedHTML(html)
    #expect(page.errors.isEmpty, "\(page.errors)")
    #expect(page.xmlOK, "\(page.json["xml_error"] ?? "")")
    #expect(page.tags["script"] == nil)
    #expect(page.tags["link"] == nil)
    #expect(page.tags["iframe"] == nil)
    #expect(!page.hasHTTP)
    #expect(page.refs.isEmpty, "references: \(page.refs)")
    #expect(Set(page.ids).count == page.ids.count, "duplicate ids")
    let known = Set(page.ids)
    #expect(!page.labelledby.isEmpty)
    for list in page.labelledby {
      for id in list.split(separator: " ") {
        #expect(known.contains(String(id)), "aria-labelledby \(id) resolves to nothing")
      }
    }
    // 8 key-metric charts + sleep stages + 3 sparklines + 2 streak strips.
    #expect(page.svgCount == 14)
  }

  @Test("header, hero and weekly goal say what the tables say")
  func headerAndHero() throws {
    let (html, _) = try render(fixture)
    let page = try ParsedHTML(html)
    // Sleep is missing when i % 7 == 3; the last 7 days are i = 143...149 and 143 % 7 == 3.
    #expect(page.text.contains("Data through Sun 6 Jul · 6 of 7 nights"))
    #expect(page.text.contains("74 good"))
    #expect(page.text.contains("Condition 68 good"))
    #expect(page.text.contains("Sleep 81 excellent"))
    #expect(page.text.contains("Body needs 2 weigh-ins a week"))
    #expect(page.text.contains("3 of 5 active days this week"))
    // The coaching line keeps its markup characters as text.
    #expect(page.text.contains("Keep your bedtime steady <tonight> & aim for 7½ h."))
    #expect(page.tags["tonight"] == nil)
    #expect(page.text.contains("Withings <Body+>"))
    #expect(page.text.contains("Records read 184,467"))
    #expect(page.text.contains("Every record is accounted for"))
  }

  @Test("the HRV table lists each day's value and range, and the drawn band agrees with it")
  func tableMatchesChartAndData() throws {
    let (html, _) = try render(fixture)
    let page = try ParsedHTML(html)
    let rows = page.table("table-hrvLnSDNN").filter { $0.first?.datetime != nil }
    #expect(rows.count == 30)
    for row in rows {
      let day = try #require(LocalDay(iso: row[0].datetime!))
      let want = fixture.value(.hrvLnSDNN, on: day).map { String(Int(exp($0).rounded())) } ?? "—"
      #expect(row[1].text == want, "\(day)")
      let b = try #require(fixture.baselineRow(.hrvLnSDNN, on: day))
      // Date, value, 7-day average, usual low, usual high.
      #expect(row[2].text == (b.avg7.map { String(Int(exp($0).rounded())) } ?? "—"))
      #expect(row[3].text == String(Int(exp(b.rangeLow!).rounded())))
      #expect(row[4].text == String(Int(exp(b.rangeHigh!).rounded())))
    }
    // The band drawn in the inline SVG: its top at each day centre, read back, rounds to the
    // table's "Normal high" (allowing the table's rounding to whole ms).
    let chart = try #require(page.svg("chart-hrvLnSDNN"))
    let highs = Dictionary(
      uniqueKeysWithValues: rows.map { (LocalDay(iso: $0[0].datetime!)!, Double($0[4].text)!) })
    let band = try #require(chart.all("band").first)
    let top = band.points.prefix(band.points.count / 2).dropFirst().dropLast()
    #expect(top.count == 30)
    for (x, y) in top {
      let day = chart.dayAt(x: x)
      let high = try #require(highs[day])
      #expect(abs(chart.valueAt(y: y) - high) <= 0.5 + chart.valuePerUnit * 0.02, "\(day)")
    }
  }

  @Test("pinned cards come in pinned order with freshness and the three comparisons")
  func cards() throws {
    let (_, model) = try render(fixture)
    #expect(
      model.cards.map(\.presentation.metric) == [.hrvLnSDNN, .restingHeartRate, .sleepAsleep])
    // Resting HR is missing when i % 13 == 6: i = 149 (as-of) → 149 % 13 = 6, so the card
    // shows yesterday's value.
    let rhr = model.cards[1]
    #expect(rhr.freshness == "Yesterday")
    #expect(rhr.valueDay == ReportFixture.asOf.adding(days: -1))
    #expect(rhr.value == fixture.value(.restingHeartRate, on: ReportFixture.asOf.adding(days: -1)))
    // The reading is Saturday's, so its day-before comparison is with Friday, and says so.
    #expect(rhr.deltas.map(\.label) == ["vs Fri 4 Jul", "vs 14-day average", "vs 60-day average"])
    #expect(rhr.sparklineCaption == "7 days to Sat 5 Jul")
    #expect(rhr.series.days.last == ReportFixture.asOf.adding(days: -1))
    let row = try #require(
      fixture.baselineRow(.restingHeartRate, on: ReportFixture.asOf.adding(days: -1)))
    let d60 = try #require(row.delta60)
    let pct = Int((100 * d60 / row.base60Mean!).rounded())
    let sign = d60 >= 0 ? "+" : ""
    #expect(
      rhr.deltas[2].text == "\(sign)\(Int(d60.rounded())) bpm (\(pct >= 0 ? "+" : "")\(pct) %)")
  }

  @Test("too little data is shown as calibrating or not available, never as a number")
  func calibratingAndMissing() throws {
    var f = ReportFixture(days: 12)
    f.scores = []
    f.streaks = []
    f.weekly = []
    f.facts = AggregateFacts(asOf: f.asOf)
    let (html, model) = try render(f, window: 7)
    let page = try ParsedHTML(html)
    #expect(page.errors.isEmpty)
    // No base60 anywhere (needs 21 days): no band and no baseline rule in any chart.
    let svgs = page.json["svgs"] as? [[String: Any]] ?? []
    for s in svgs {
      for e in s["elements"] as? [[String: Any]] ?? [] {
        let cls = (e["attrib"] as? [String: String])?["class"] ?? ""
        #expect(cls != "band" && cls != "baseline")
      }
    }
    // A baseline still building up says "not yet" on the card, and one note gives the
    // dates: with a value every day from now on, the 60-day baseline needs 21 days with data
    // in the 60 before a day. HRV, the last of the pinned metrics to get there, has 8 days
    // so far (none when i % 11 == 4 or 9–11 days before the as-of date: i = 0, 1, 2, 4), so
    // it needs 13 more days after Sun 6 Jul and is valid the day after the 13th: Sun 20 Jul.
    // (Sleep, missing on i = 3 and 10, has 10 nights and gets there on Fri 18 Jul.)
    let hrv = model.cards[0]
    #expect(hrv.deltas[2].text == nil)
    #expect(hrv.deltas[2].note == "not yet")
    #expect(page.text.contains("Getting to know you: 12 days of data so far."))
    #expect(page.text.contains("Your usual ranges from Sun 20 Jul"))
    #expect(!page.text.contains("calibrating"))
    #expect(page.text.contains("Records read not available"))
    // Without weekly rows the goal progress comes from the daily goalMet rows of the ISO
    // week: Monday is i = 5; a day is active when i·7 mod 5 < 3 → i = 5, 6, 8, 10, 11 → 5 days,
    // against the default target of 5 (no weekly target for the active goal in the facts).
    #expect(model.hero.weeklyGoal == "5/5 active days")
    #expect(model.hero.wellness == nil)
    #expect(model.hero.wellnessNote == "not available")
    #expect(page.text.contains("No goal streaks: not available."))
    #expect(page.text.contains("Sources in priority order not available"))
  }

  @Test("the same inputs give byte-identical pages")
  func deterministic() throws {
    let (a, _) = try render(fixture, window: 90)
    let (b, _) = try render(ReportFixture(), window: 90)
    #expect(a == b)
  }
}
