import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Report

/// A night cut off by the export (docs/report.md, "Stale data"; docs/aggregate.md, "Partial
/// nights"): shown and marked partial, never averaged. The aggregate keeps its values under
/// the daily table's `partial` category, apart from the night series.
@Suite("Partial nights in the report")
struct PartialNightTests {
  /// The fixture whose last night (Sun 6 Jul) was cut by the export at 57 minutes asleep.
  static func fixture() -> ReportFixture {
    var f = ReportFixture()
    let day = ReportFixture.asOf
    let sleep: Set<MetricID> = [
      .sleepAsleep, .sleepInBed, .sleepCore, .sleepDeep, .sleepREM, .sleepAwake,
    ]
    f.daily.removeAll { $0.day == day && sleep.contains($0.metric) }
    f.baselines.removeAll { $0.day == day && $0.metric == .sleepAsleep }
    f.daily.append(
      DailyValue(
        day: day, metric: .sleepAsleep, category: AggregateFacts.partialNightCategory, value: 57,
        count: 1, unit: "min"))
    f.daily.append(
      DailyValue(
        day: day, metric: .sleepInBed, category: AggregateFacts.partialNightCategory, value: 61,
        count: 1, unit: "min"))
    return f
  }

  @Test("the night is shown and marked, as an outlined bar, and out of every average")
  func shown() throws {
    let f = Self.fixture()
    let model = try ReportModelBuilder.build(Fixtures.inputs(f), asOf: nil, window: 30)
    let last = try #require(model.nights.last)
    #expect(last.day == ReportFixture.asOf)
    #expect(last.partial && last.asleep == 57 && last.inBed == 61)
    #expect(model.partialNights == [ReportFixture.asOf])
    let html = HTMLReport.render(model)
    let page = RenderedText(html: html)
    // The sleep table's row, the summary and the caption say so.
    #expect(page.allText.contains { $0.hasPrefix("Sun 6 Jul partial: cut off by the export") })
    #expect(page.texts.contains { $0.hasSuffix(", 1 partial night") })
    #expect(page.texts.contains { $0.contains("An outlined grey bar is a partial night") })
    // Drawn as one outlined bar: 57 minutes, no stage bars for that night.
    let chart = try #require(page.charts["chart-sleep-stages"])
    #expect(chart.components(separatedBy: "class=\"bar-partial\"").count - 1 == 2)  // legend + bar
    // Never averaged: the sleep card shows Saturday's full night, and the 7-day average
    // is Saturday's, named with its day.
    let card = model.cards[2]
    #expect(card.valueDay == ReportFixture.asOf.adding(days: -1))
    #expect(card.value != 57.0 / 60)
    let sleep = try #require(model.series.first { $0.presentation.metric == .sleepAsleep })
    #expect(sleep.latestAverageDay == ReportFixture.asOf.adding(days: -1))
    #expect(sleep.values.last! == nil)
  }
}
