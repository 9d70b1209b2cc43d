import HealthModel
import Testing

@testable import Aggregate

/// `hrvLnRMSSD` follows the same window rules as `hrvLnSDNN` (docs/aggregate.md, "Windows
/// and baselines" and "Minimum meaningful change"): a cv7 while its data is current, none
/// after its last data day, and half the reference SD as its meaningful change.
@Suite("ln(RMSSD) windows")
struct LnRMSSDWindowTests {
  let d = S.day("2024-03-31")

  @Test("cv7 of ln(RMSSD) on its last data day; none on the days after it")
  func cv7UntilTheLastDataDay() {
    // ln(RMSSD) every day from d−40 to d−3: 4.0 on even k, 3.8 on odd k. The row of d−3
    // has [d−9, d−3] = three 4.0 and four 3.8: mean 27.2 / 7 = 3.885714..., sample SD
    // 0.106904..., cv7 = 2.751218... (Python's statistics.stdev / mean × 100).
    var s = DaySeries(unit: "ln(ms)")
    for k in 3...40 { s.set(k % 2 == 0 ? 4.0 : 3.8, on: d.adding(days: -k)) }
    let rows = BaselineCalculator.rows(
      metric: .hrvLnRMSSD, series: s, days: d.adding(days: -10)...d)
    let last = rows.first { $0.day == d.adding(days: -3) }!
    #expect(close(last.cv7, 2.751218666745548, 1e-12))
    for r in rows where r.day > d.adding(days: -3) {
      #expect(r.cv7 == nil, "\(r.day)")
      #expect(r.avg7 == nil, "\(r.day)")
    }
  }

  @Test("its meaningful change is half the reference SD, as for ln(SDNN)")
  func margin() {
    #expect(MinimumChange.rule(for: .hrvLnRMSSD) == .halfReferenceSD)
    #expect(MinimumChange.margin(for: .hrvLnRMSSD, referenceSD: 0.2) == 0.1)
    #expect(MinimumChange.margin(for: .hrvLnRMSSD) == nil)
    #expect(MinimumChange.compare(3.85, with: 3.8, metric: .hrvLnRMSSD, referenceSD: 0.2) == .same)
  }
}
