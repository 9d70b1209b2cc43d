import HealthCore
import Testing

@testable import Aggregate

@Suite("Condition score")
struct ConditionScoreTests {
  let d = S.day("2024-03-31")

  func hrv(
    _ x: Double?, base60: (Double, Double)? = nil, base14: (Double, Double)? = nil, days: Int64 = 30
  )
    -> BaselineRow
  {
    var r = BaselineRow(day: d, metric: .hrvLnSDNN, unit: "ln(ms)")
    r.value = x
    r.base60Mean = base60?.0
    r.base60SD = base60?.1
    r.base14Mean = base14?.0
    r.base14SD = base14?.1
    r.base60Days = days
    return r
  }

  func rhr(_ today: Double?, mean: Double? = 50) -> BaselineRow {
    var r = BaselineRow(day: d, metric: .restingHeartRate, unit: "count/min")
    r.value = today
    r.base60Mean = mean
    r.base60SD = mean.map { _ in 2 }
    return r
  }

  @Test("z against base60 and raw = 70 + 15 z")
  func basic() {
    // μ 4.0, σ 0.25, x 4.25: z = 1, raw 85.
    let c = ConditionScore.compute(hrv: hrv(4.25, base60: (4.0, 0.25)), restingHR: nil)
    #expect(c.z == 1)
    #expect(c.score == 85)
    #expect(c.reference == "base60")
    #expect(c.penalty == 0)
  }

  @Test("σ below 0.05 is floored")
  func sigmaFloor() {
    // SD 0.02 -> σ 0.05; x − μ = 0.05 -> z = 1 -> 85. Without the floor z = 2.5 -> 100.
    let c = ConditionScore.compute(hrv: hrv(4.05, base60: (4.0, 0.02)), restingHR: nil)
    #expect(close(c.z, 1))
    #expect(c.score == 85)
  }

  @Test("resting-HR Δ of 2, 3 and 10 bpm with normal HRV")
  func restingHRPenalty() {
    // z = 0, raw 70. Δ 2 -> 0; Δ 3 -> 3·(3−2) = 3; Δ 10 -> min(15, 24) = 15.
    let normal = hrv(4.0, base60: (4.0, 0.25))
    #expect(ConditionScore.compute(hrv: normal, restingHR: rhr(52)).score == 70)
    #expect(ConditionScore.compute(hrv: normal, restingHR: rhr(53)).penalty == 3)
    #expect(ConditionScore.compute(hrv: normal, restingHR: rhr(53)).score == 67)
    #expect(ConditionScore.compute(hrv: normal, restingHR: rhr(60)).penalty == 15)
    #expect(ConditionScore.compute(hrv: normal, restingHR: rhr(60)).score == 55)
  }

  @Test("resting-HR Δ of 2, 3 and 10 bpm with low HRV (z < −0.5): ×1.5, at most 20")
  func restingHRPenaltyLowHRV() {
    // μ 4.0, σ 0.25, x 3.75: z = −1, raw 55.
    let low = hrv(3.75, base60: (4.0, 0.25))
    #expect(ConditionScore.compute(hrv: low, restingHR: rhr(52)).score == 55)  // Δ 2: 0
    // Δ 3: 3 × 1.5 = 4.5; 55 − 4.5 = 50.5 rounds half up to 51.
    #expect(ConditionScore.compute(hrv: low, restingHR: rhr(53)).penalty == 4.5)
    #expect(ConditionScore.compute(hrv: low, restingHR: rhr(53)).score == 51)
    // Δ 10: 15 × 1.5 = 22.5, capped at 20; 55 − 20 = 35.
    #expect(ConditionScore.compute(hrv: low, restingHR: rhr(60)).penalty == 20)
    #expect(ConditionScore.compute(hrv: low, restingHR: rhr(60)).score == 35)
    // z exactly −0.5 is not "below −0.5".
    #expect(ConditionScore.restingHRPenalty(delta: 3, lowHRV: false) == 3)
    let edge = hrv(3.875, base60: (4.0, 0.25))
    #expect(ConditionScore.compute(hrv: edge, restingHR: rhr(53)).penalty == 3)
  }

  @Test("binary rounding of an exact half still rounds up")
  func halfUpThroughBinary() {
    // (3.9 − 4.0) / 0.1 is −1.0000000000000009 in binary: raw 54.99999999999999;
    // minus 4.5 is 50.49999999999999 but 50.5 on paper -> 51.
    let c = ConditionScore.compute(hrv: hrv(3.9, base60: (4.0, 0.1)), restingHR: rhr(53))
    #expect(c.score == 51)
  }

  @Test("no resting HR today or no valid RHR reference: no penalty")
  func noPenalty() {
    let low = hrv(3.75, base60: (4.0, 0.25))
    #expect(ConditionScore.compute(hrv: low, restingHR: rhr(nil)).penalty == 0)
    #expect(ConditionScore.compute(hrv: low, restingHR: rhr(70, mean: nil)).penalty == 0)
  }

  @Test("base14 is the fallback reference; without either the score is calibrating")
  func references() {
    let c = ConditionScore.compute(hrv: hrv(4.25, base14: (4.0, 0.25), days: 10), restingHR: nil)
    #expect(c.reference == "base14")
    #expect(c.score == 85)
    let five = ConditionScore.compute(hrv: hrv(4.0, days: 5), restingHR: nil)
    #expect(five.score == nil)
    #expect(five.note == "calibrating 5/7")
    let ten = ConditionScore.compute(hrv: hrv(4.0, days: 10), restingHR: nil)
    #expect(ten.note == "calibrating 10/21")
    let none = ConditionScore.compute(hrv: hrv(nil, base60: (4.0, 0.25)), restingHR: nil)
    #expect(none.score == nil)
    #expect(none.note == "no HRV reading today")
  }

  @Test("the score is clamped to 0...100")
  func clamped() {
    #expect(ConditionScore.compute(hrv: hrv(5.0, base60: (4.0, 0.25)), restingHR: nil).score == 100)
    #expect(ConditionScore.compute(hrv: hrv(3.0, base60: (4.0, 0.25)), restingHR: nil).score == 10)
    #expect(ConditionScore.compute(hrv: hrv(2.0, base60: (4.0, 0.25)), restingHR: nil).score == 0)
  }
}
