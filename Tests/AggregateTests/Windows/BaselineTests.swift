import HealthCore
import HealthModel
import Testing

@testable import Aggregate

@Suite("Windows and baselines")
struct BaselineTests {
  let d = S.day("2024-03-31")

  /// value(d − k) = 100 · (22 − k) for k = 1 ... `days`, and 2000 on d itself.
  func steps(days: Int, today: Double? = 2000) -> DaySeries {
    var s = DaySeries(unit: "count")
    for k in 1...days { s.set(Double(100 * (22 - k)), on: d.adding(days: -k)) }
    if let today { s.set(today, on: d) }
    return s
  }

  func row(_ s: DaySeries, _ metric: MetricID = .steps) -> BaselineRow {
    BaselineCalculator.rows(metric: metric, series: s, days: d.adding(days: -70)...d).last!
  }

  @Test("base60 with exactly 21 days is valid; every number worked out by hand")
  func base60Valid() {
    let r = row(steps(days: 21))
    // base60 = 100..2100 in steps of 100: mean 1100; the sample variance of 1..n is
    // n(n+1)/12, so SD = 100·sqrt(21·22/12) = 100·sqrt(38.5).
    #expect(r.base60Days == 21)
    #expect(r.base60Mean == 1100)
    #expect(close(r.base60SD, 100 * 38.5.squareRoot()))
    // base14 = 800..2100: mean 1450, SD = 100·sqrt(14·15/12) = 100·sqrt(17.5).
    #expect(r.base14Days == 14)
    #expect(r.base14Mean == 1450)
    #expect(close(r.base14SD, 100 * 17.5.squareRoot()))
    // avg7 = (1600 + ... + 2100 + 2000) / 7 = 13100 / 7.
    #expect(r.avg7Days == 7)
    #expect(close(r.avg7, 13100.0 / 7))
    #expect(r.value == 2000)
    #expect(r.deltaYesterday == -100)
    #expect(close(r.deltaYesterdayPercent, -100.0 / 21))
    #expect(r.delta14 == 550)
    #expect(close(r.delta14Percent, 100 * 550.0 / 1450))
    #expect(r.delta60 == 900)
    #expect(close(r.delta60Percent, 900.0 / 11))
    // Range 1100 ± 50·sqrt(38.5) = [789.76, 1410.24]; avg7 1871.4 is above it.
    #expect(close(r.rangeLow, 1100 - 50 * 38.5.squareRoot()))
    #expect(close(r.rangeHigh, 1100 + 50 * 38.5.squareRoot()))
    #expect(r.position == "above")
    #expect(r.note == "")
    #expect(r.freshness == "Today")
    #expect(r.stale == false)
  }

  @Test("base60 with 20 days gives no number and says why")
  func base60Calibrating() {
    let r = row(steps(days: 20))
    #expect(r.base60Days == 20)
    #expect(r.base60Mean == nil)
    #expect(r.base60SD == nil)
    #expect(r.delta60 == nil)
    #expect(r.rangeLow == nil)
    #expect(r.position == "")
    #expect(r.note == "base60 calibrating 20/21")
    #expect(r.base14Mean == 1450)  // base14 still has its 14 days
  }

  @Test("base14 needs 7 days and avg7 needs 4")
  func shortWindows() {
    let r7 = row(steps(days: 7, today: nil))
    #expect(r7.base14Days == 7)
    #expect(r7.base14Mean == 1800)  // 1500...2100
    let r6 = row(steps(days: 6, today: nil))
    #expect(r6.base14Mean == nil)
    #expect(r6.avg7Days == 6)
    let r3 = row(steps(days: 3, today: nil))
    #expect(r3.avg7 == nil)
    #expect(r3.note == "avg7 calibrating 3/4; base14 calibrating 3/7; base60 calibrating 3/21")
    let r4 = row(steps(days: 3, today: 2000))
    #expect(r4.avg7 == 2000)  // (1900 + 2000 + 2100 + 2000) / 4
  }

  @Test("no percent change against a mean of 0")
  func zeroMean() {
    var s = DaySeries(unit: "count")
    for k in 1...14 { s.set(0, on: d.adding(days: -k)) }
    s.set(5, on: d)
    let r = row(s)
    #expect(r.delta14 == 5)
    #expect(r.delta14Percent == nil)
    #expect(r.deltaYesterday == 5)
    #expect(r.deltaYesterdayPercent == nil)
  }

  @Test("position below, within and above the 60-day normal range")
  func position() {
    // 21 days alternating 90 and 110 (11 × 90, 10 × 110): mean 2080/21 ≈ 99.05.
    func series(recent: Double) -> DaySeries {
      var s = DaySeries(unit: "count")
      for k in 1...21 { s.set(k % 2 == 0 ? 110 : 90, on: d.adding(days: -k - 7)) }
      for k in 0...6 { s.set(recent, on: d.adding(days: -k)) }
      return s
    }
    // The range is about 99 ± 5; avg7 is the recent value.
    #expect(row(series(recent: 80)).position == "below")
    #expect(row(series(recent: 100)).position == "within")
    #expect(row(series(recent: 120)).position == "above")
  }

  @Test("cv7 of the ln values for HRV")
  func cv7() {
    var s = DaySeries(unit: "ln(ms)")
    for (k, v) in [4.1, 4.0, 3.9, 3.8].enumerated() { s.set(v, on: d.adding(days: -k)) }
    let r = row(s, .hrvLnSDNN)
    // mean 3.95; deviations ±0.05, ±0.15: SD = sqrt(0.05 / 3); cv7 = 100·SD/3.95.
    #expect(close(r.cv7, 100 * (0.05 / 3).squareRoot() / 3.95))
    var three = DaySeries(unit: "ln(ms)")
    for k in 0..<3 { three.set(4, on: d.adding(days: -k)) }
    #expect(row(three, .hrvLnSDNN).cv7 == nil)
    #expect(row(three, .hrvLnSDNN).note.contains("cv7 calibrating 3/4"))
    #expect(row(steps(days: 21)).cv7 == nil)  // not HRV
  }

  @Test("freshness: Today, Yesterday, Nd ago; stale after more than 3 days")
  func freshness() {
    func label(_ ago: Int) -> (String, Bool) {
      var s = DaySeries(unit: "count")
      s.set(1, on: d.adding(days: -ago))
      let r = row(s)
      return (r.freshness, r.stale)
    }
    #expect(label(0) == ("Today", false))
    #expect(label(1) == ("Yesterday", false))
    #expect(label(3) == ("3d ago", false))
    #expect(label(4) == ("4d ago", true))
    #expect(row(DaySeries(unit: "count")).freshness == "")
  }

  @Test("the usual range is at least the minimum meaningful change wide: SpO₂ 96.0 % is within")
  func rangeAtLeastTheMargin() {
    // 21 days alternating 96 % (11) and 97 % (10), then 7 days of 96.0 % (d−6 … d).
    // base60 [d−60, d−1] holds 27 of them: 17 × 0.96 and 10 × 0.97, mean 26.02/27 =
    // 0.963704; the sample SD is sqrt(27/26 · (10·17/27²) · 0.01²) = 0.00492, so 0.5·SD =
    // 0.00246: the old range 96.12–96.62 % put a 96.0 % week "below". The margin (1 pp) is
    // wider, so the range is mean ± 0.01 = 95.37–97.37 % and 96.0 % is within.
    var s = DaySeries(unit: "fraction")
    for k in 1...21 { s.set(k % 2 == 0 ? 0.97 : 0.96, on: d.adding(days: -k - 7)) }
    for k in 0...6 { s.set(0.96, on: d.adding(days: -k)) }
    let r = row(s, .spo2)
    let mean = 26.02 / 27
    #expect(close(r.base60Mean, mean))
    #expect(close(r.rangeLow, mean - 0.01))
    #expect(close(r.rangeHigh, mean + 0.01))
    #expect(r.position == "within")
    // A week at 95 % (base60 then 11 × 0.96, 10 × 0.97, 6 × 0.95: mean 25.96/27 =
    // 0.961481) is 1.15 pp below the mean: below.
    for k in 0...6 { s.set(0.95, on: d.adding(days: -k)) }
    #expect(row(s, .spo2).position == "below")
  }

  @Test("no 7-day average, position or cv7 after the metric's last data day")
  func stopsAtTheLastDataDay() {
    // HRV every day from d−40 to d−3, none after: the row of d still has 4 days in
    // [d−6, d] (d−6 … d−3), but they are not current data.
    var s = DaySeries(unit: "ln(ms)")
    for k in 3...40 { s.set(k % 2 == 0 ? 4.0 : 3.8, on: d.adding(days: -k)) }
    let rows = BaselineCalculator.rows(metric: .hrvLnSDNN, series: s, days: d.adding(days: -10)...d)
    let last = rows.first { $0.day == d.adding(days: -3) }!
    #expect(last.avg7 != nil)
    #expect(last.cv7 != nil)
    #expect(last.position != "")
    for r in rows where r.day > d.adding(days: -3) {
      #expect(r.avg7 == nil, "\(r.day)")
      #expect(r.position == "", "\(r.day)")
      #expect(r.cv7 == nil, "\(r.day)")
      #expect(r.avg7Days > 0)  // the count stays: it says why there is no line
      #expect(r.base60Mean != nil)  // the usual range stays
      #expect(r.rangeLow != nil)
      #expect(r.lastDay == d.adding(days: -3))
    }
    #expect(rows.last!.freshness == "3d ago")
    #expect(rows.last!.note == "")  // not calibrating: the windows have their days
  }
}
