import HealthModel
import Testing

@testable import Report

/// The first-week note's "condition score from …" follows the HRV measure the score uses
/// (docs/aggregate.md, "Condition score: SDNN or RMSSD"): a person with RMSSD readings
/// (Health Connect, Oura, WHOOP) and no SDNN waits for the RMSSD baseline, not for an SDNN
/// one that never comes.
@Suite struct CalibrationRMSSDTests {
  // Five days with data, Thu 31 Dec 2026 … Mon 4 Jan 2027, as of 4 Jan.
  let asOf = LocalDay(year: 2027, month: 1, day: 4)!
  var five: Set<Int32> { Set((0..<5).map { asOf.adding(days: -$0).dayNumber }) }

  func conditionDay(_ daily: [MetricID: Set<Int32>]) -> LocalDay? {
    CalibrationBuilder.build(
      asOf: asOf, firstDay: asOf.adding(days: -4), metrics: PinnedMetrics.defaults,
      daily: daily, baselines: [:], trendsPending: false
    )?.items.first { $0.what == "the condition score" }?.day
  }

  @Test("RMSSD only: the condition score arrives with RMSSD's 14-day baseline, Thu 7 Jan")
  func rmssdOnly() {
    // base14 needs 7 days in [d−14, d−1]: 5 + (d − 1 − 4 Jan) ≥ 7 → d = 7 Jan. Counting
    // SDNN (no days) it would be 0 + (d − 1 − 4 Jan) ≥ 7 → 12 Jan.
    let daily: [MetricID: Set<Int32>] = [
      .hrvLnRMSSD: five, .restingHeartRate: five, .sleepAsleep: five,
    ]
    #expect(conditionDay(daily) == LocalDay(year: 2027, month: 1, day: 7))
  }

  @Test("SDNN and RMSSD: SDNN's days decide, as the score uses SDNN")
  func sdnnWins() {
    // SDNN on the last 2 days only: 2 + (d − 1 − 4 Jan) ≥ 7 → 10 Jan.
    let two = Set((0..<2).map { asOf.adding(days: -$0).dayNumber })
    let daily: [MetricID: Set<Int32>] = [.hrvLnSDNN: two, .hrvLnRMSSD: five]
    #expect(conditionDay(daily) == LocalDay(year: 2027, month: 1, day: 10))
  }
}
