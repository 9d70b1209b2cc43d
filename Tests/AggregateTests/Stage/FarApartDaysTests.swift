import HealthCore
import HealthModel
import Testing

@testable import Aggregate

/// Regression (found by the hardening corpus, docs/reliability.md): one stray sample dated
/// 0001-01-01 made aggregate compute baselines and scores for every one of the 740,000 days up to
/// the as-of date (6 GB and minutes before it was stopped), and an as-of date of 9999-12-31 made
/// every score row walk back day by day to the data (quadratic). The rows now cover the
/// latest stretch of data without a gap over `AnalysisRange.maxGapDays`; nothing read is
/// dropped from the daily values.
@Suite("Regression: days far apart")
struct FarApartDaysTests {
  /// Steps on 2024-05-01 ... 2024-05-10 (10 days), 1000 each.
  static var mayData: [Sample] {
    (1...10).map {
      S.sample(.steps, "2024-05-\($0 < 10 ? "0" : "")\($0) 12:00:00 +0000", value: 1000)
    }
  }

  @Test("a stray sample in year 1 keeps its daily value but adds no window rows")
  func strayAncientSample() {
    let stray = S.sample(.steps, "0001-01-01 12:00:00 +0000", value: 5)
    let result = AggregateComputation.compute(
      samples: Self.mayData + [stray], asOf: S.day("2024-05-31"))
    // The stretch is 2024-05-01 ... 2024-05-31: 31 days; baselines hold one row per key
    // metric and day, scores one per day.
    let keyMetrics = MetricCatalog.keyMetrics.count
    #expect(result.scores.count == 31)
    #expect(result.baselines.count == 31 * keyMetrics)
    #expect(result.scores.first?.day == S.day("2024-05-01"))
    // Nothing dropped: the year-1 value is still a daily row.
    #expect(S.value(result.daily, .steps, "0001-01-01")?.value == 5)
    #expect(S.days(result.daily, .steps).count == 11)
  }

  @Test("an as-of date long after the data gives the last 367 days, not millions")
  func asOfFarAfterData() {
    let result = AggregateComputation.compute(samples: Self.mayData, asOf: S.day("9999-12-31"))
    // The data ended more than 366 days before as-of: the range is as-of − 366 ... as-of.
    #expect(result.scores.count == 367)
    #expect(result.scores.first?.day == S.day("9999-12-31").adding(days: -366))
    #expect(result.scores.last?.day == S.day("9999-12-31"))
    #expect(S.days(result.daily, .steps).count == 10)
  }

  @Test("a gap of exactly 366 days is bridged, 367 days is not")
  func gapBoundary() {
    let asOf = S.day("2024-05-10")
    func values(_ days: [LocalDay]) -> [DailyValue] {
      days.map { DailyValue(day: $0, metric: .steps, value: 1, count: 1, unit: "count") }
    }
    let bridged = AnalysisRange.days(values: values([asOf.adding(days: -366), asOf]), asOf: asOf)
    #expect(bridged == asOf.adding(days: -366)...asOf)
    let split = AnalysisRange.days(
      values: values([asOf.adding(days: -400), asOf.adding(days: -33), asOf]), asOf: asOf)
    #expect(split == asOf.adding(days: -33)...asOf)
    #expect(AnalysisRange.days(values: [], asOf: asOf) == nil)
  }

  @Test("lastDay finds a day decades back without walking every day")
  func lastDayFarBack() {
    var series = DaySeries(unit: "count")
    series.set(1, on: S.day("0001-01-01"))
    series.set(2, on: S.day("2024-01-01"))
    #expect(
      series.lastDay(onOrBefore: S.day("2023-12-31"), notBefore: S.day("0001-01-01"))
        == S.day("0001-01-01"))
    #expect(
      series.lastDay(onOrBefore: S.day("2023-12-31"), notBefore: S.day("0001-01-02")) == nil)
    #expect(
      series.lastDay(onOrBefore: S.day("9999-12-31"), notBefore: S.day("0001-01-01"))
        == S.day("2024-01-01"))
  }

  @Test("an amount over 9000 years (a table that skipped clean) is counted as ignored, not split")
  func hugeIntervalIgnored() {
    let (start, offset) = S.at("1000-01-01 08:00:00 +0000")
    let (end, _) = S.at("9999-01-01 09:00:00 +0000")
    var long = S.sample(.steps, "1000-01-01 08:00:00 +0000", value: 100)
    long.start = start
    long.end = end
    long.utcOffset = offset
    let result = AggregateComputation.compute(
      samples: Self.mayData + [long], asOf: S.day("2024-05-31"))
    #expect(result.counts[.steps]?.ignored == 1)
    // read = used + afterAsOf + ignored: the ten May samples were used.
    #expect(result.counts[.steps]?.read == 11)
    #expect(result.counts[.steps]?.used == 10)
    #expect(S.days(result.daily, .steps).count == 10)
    #expect(result.notes.contains { $0.hasPrefix("1 samples were ignored") })
  }
}
