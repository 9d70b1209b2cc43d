import HealthModel
import Testing

@testable import Aggregate

/// When each window arrives (docs/aggregate.md, "Arrival dates").
@Suite("Arrival dates")
struct ArrivalDateTests {
  /// A new user: resting heart rate and steps on the 5 days Thu 31 Dec 2026 … Mon 4 Jan
  /// 2027, as of Mon 4 Jan.
  let asOf = S.day("2027-01-04")

  func newUser() -> AggregateResult {
    var samples: [Sample] = []
    for k in 0..<5 {
      let day = asOf.adding(days: -k)
      samples.append(S.sample(.restingHeartRate, "\(day) 07:00:00 +0000", value: 58))
      samples.append(S.sample(.steps, "\(day) 12:00:00 +0000", minutes: 60, value: 9000))
    }
    return AggregateComputation.compute(samples: samples, asOf: asOf)
  }

  @Test("a 5-day new user: avg7 arrived on day 4, base14 on 7 Jan, the usual range on Thu 21 Jan")
  func fiveDayUser() {
    let r = newUser()
    let rhr = r.facts.arrivals["restingHeartRate"]!
    // avg7 needs 4 of [d−6, d]: valid on 3 Jan (31 Dec … 3 Jan) and since.
    #expect(rhr["avg7"] == S.day("2027-01-03"))
    // base14 needs 7 of [d−14, d−1]: 5 days so far, plus one a day from 5 Jan: on 7 Jan
    // the window holds 31 Dec … 6 Jan, 7 days.
    #expect(rhr["base14"] == S.day("2027-01-07"))
    // base60 (the usual range) needs 21 of [d−60, d−1]: 5 + (d − 1 − 4 Jan) ≥ 21 → d = 4 Jan
    // + 17 = Thu 21 Jan.
    #expect(rhr["base60"] == S.day("2027-01-21"))
    #expect(S.day("2027-01-21").shortLabel == "Thu 21 Jan")
    // The trend needs 140 days in [d−364, d−84]: 5 + (d − 84 − 4 Jan) ≥ 140 → d = 4 Jan
    // + 219 = Wed 11 Aug 2027 (the 84 days before it then all have data).
    #expect(rhr["trend"] == S.day("2027-08-11"))
    #expect(r.facts.arrivals["steps"] == rhr)
    // A metric without data has none.
    #expect(r.facts.arrivals["hrvLnSDNN"] == nil)
    #expect(r.facts.arrival("restingHeartRate", "base60") == S.day("2027-01-21"))
    // No vs-usual facts before the history supports them: no range, no position, no delta.
    let today = r.baselines.first { $0.day == asOf && $0.metric == .restingHeartRate }!
    #expect(today.rangeLow == nil)
    #expect(today.position == "")
    #expect(today.delta14 == nil)
    #expect(today.delta60 == nil)
  }

  @Test("a window already valid arrived on the first day of its current run")
  func alreadyValid() {
    // Steps on the days −99 … −51 and −30 … 0 (as-of = 0; a 20-day gap between).
    // base14 needs 7 of [d−14, d−1]: after the gap it has them first at d = −23
    // ([−37, −24] holds −30 … −24).
    var series = DaySeries(unit: "count")
    for k in 0..<100 where !(31...50).contains(k) { series.set(9000, on: asOf.adding(days: -k)) }
    let range = asOf.adding(days: -99)...asOf
    let rows = BaselineCalculator.rows(metric: .steps, series: series, days: range)
    let byDay = Dictionary(uniqueKeysWithValues: rows.map { ($0.day.dayNumber, $0) })
    let dates = ArrivalDates.dates(metric: .steps, series: series, rows: byDay, range: range)
    #expect(dates["base14"] == asOf.adding(days: -23))
    // avg7 needs 4 of [d−6, d]: the days from −30 on: first valid at −27.
    #expect(dates["avg7"] == asOf.adding(days: -27))
    // base60 needs 21 of [d−60, d−1]: at −78 the window [−138, −79] holds −99 … −79, 21
    // days; at −79 only 20. From −78 on every window has 21 or more (40 at as-of: −60 … −51
    // and −30 … −1), the gap included, so it arrived on day −78.
    #expect(dates["base60"] == asOf.adding(days: -78))
  }

  @Test("the projection counts the days after the as-of date as days with data")
  func projection() {
    let d = S.day("2027-01-04")
    let base60 = WindowArrival.Window(first: -60, last: -1, need: 21)
    #expect(WindowArrival.projected([base60], dataDays: [], asOf: d) == d.adding(days: 22))
    let avg7 = WindowArrival.Window(first: -6, last: 0, need: 4)
    #expect(WindowArrival.projected([avg7], dataDays: [], asOf: d) == d.adding(days: 4))
    #expect(
      WindowArrival.projected([avg7], dataDays: [d.dayNumber, d.dayNumber - 1], asOf: d)
        == d.adding(days: 2))
  }

  @Test(
    "the projection from running totals gives the day of counting set members, window by window")
  func projectionFromCounts() {
    let d = S.day("2027-01-04")
    let baseline = ArrivalDates.baselineWindows.map { [$0.window] }
    let windowSets =
      baseline + [TrendWindows.windows(for: .steps), TrendWindows.windows(for: .bodyMass)]
    var generator = SystemRandomNumberGenerator()
    // Hand-worked: avg7 with the two days before d counted arrives on d + 2 (as above).
    let two = ArrivalDates.PrefixCounts(
      days: [d.dayNumber, d.dayNumber - 1], from: d.adding(days: -400), to: d)
    #expect(ArrivalDates.projected(baseline[0], counts: two, asOf: d) == d.adding(days: 2))
    // No data at all, sparse data, data on most days, data only long before: the running
    // totals agree with `WindowArrival`'s set lookups (an independent count).
    for density in [0, 5, 30, 70, 95] {
      for _ in 0..<6 {
        var days = Set<Int32>()
        for offset in -500...0 where Int.random(in: 0..<100, using: &generator) < density {
          days.insert(d.dayNumber + Int32(offset))
        }
        let counts = ArrivalDates.PrefixCounts(days: days, from: d.adding(days: -400), to: d)
        for windows in windowSets {
          #expect(
            ArrivalDates.projected(windows, counts: counts, asOf: d)
              == WindowArrival.projected(windows, dataDays: days, asOf: d), "density \(density)")
        }
      }
    }
  }
}
