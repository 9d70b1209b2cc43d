import Foundation
import HealthCore
import HealthModel
import Testing

@testable import Aggregate

/// Which HRV measure the condition score uses (docs/aggregate.md, "Condition score"): ln(SDNN)
/// when the person has SDNN, ln(RMSSD) against an RMSSD baseline when they have RMSSD and
/// no SDNN; the two are never mixed.
@Suite("Condition score: SDNN or RMSSD")
struct ConditionMeasureTests {
  let d = S.day("2024-03-31")

  func row(_ metric: MetricID, _ x: Double?, base60: (Double, Double)?, days: Int64) -> BaselineRow
  {
    var r = BaselineRow(day: d, metric: metric, unit: "ln(ms)")
    r.value = x
    r.base60Mean = base60?.0
    r.base60SD = base60?.1
    r.base60Days = days
    return r
  }

  /// A row with no HRV today and none in the 60 days before (what aggregate writes for a
  /// person without that measure).
  func empty(_ metric: MetricID) -> BaselineRow { row(metric, nil, base60: nil, days: 0) }

  @Test("RMSSD and no SDNN: ln(RMSSD) against its own base60")
  func rmssdOnly() {
    // RMSSD readings: today 42 ms, baseline mean ln 3.6 with SD 0.2. x = ln 42 = 3.7377;
    // z = (3.7377 − 3.6) / 0.2 = 0.6884; raw = 70 + 15 × 0.6884 = 80.33 → 80.
    let rmssd = row(.hrvLnRMSSD, log(42), base60: (3.6, 0.2), days: 40)
    let c = ConditionScore.compute(sdnn: empty(.hrvLnSDNN), rmssd: rmssd, restingHR: nil)
    #expect(c.measure == "RMSSD")
    #expect(abs(c.z! - (log(42) - 3.6) / 0.2) < 1e-12)
    #expect(c.score == 80)
    #expect(c.reference == "base60")
  }

  @Test("with SDNN in the last 60 days, SDNN is used even on a day with only RMSSD")
  func sdnnWins() {
    // SDNN: no reading today, 30 days in the window → "no HRV reading today", never a mix
    // of today's RMSSD against an SDNN baseline.
    let sdnn = row(.hrvLnSDNN, nil, base60: (4.0, 0.25), days: 30)
    let rmssd = row(.hrvLnRMSSD, log(42), base60: (3.6, 0.2), days: 40)
    let c = ConditionScore.compute(sdnn: sdnn, rmssd: rmssd, restingHR: nil)
    #expect(c.measure == "SDNN")
    #expect(c.score == nil && c.note == "no HRV reading today")
  }

  @Test("RMSSD calibrating: the count is of RMSSD days")
  func rmssdCalibrating() {
    let rmssd = row(.hrvLnRMSSD, log(40), base60: nil, days: 5)
    let c = ConditionScore.compute(sdnn: empty(.hrvLnSDNN), rmssd: rmssd, restingHR: nil)
    #expect(c.measure == "RMSSD" && c.note == "calibrating 5/7")
  }

  @Test("no HRV at all: no measure, as before")
  func none() {
    let c = ConditionScore.compute(
      sdnn: empty(.hrvLnSDNN), rmssd: nil, restingHR: nil)
    #expect(c.measure == "" && c.score == nil && c.note == "calibrating 0/7")
  }
}
