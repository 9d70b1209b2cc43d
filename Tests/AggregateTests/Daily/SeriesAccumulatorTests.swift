import HealthModel
import Testing

@testable import Aggregate

/// A series' running totals by day (`SeriesAccumulator.update`): the remembered last day
/// must never send a row to another day's totals, whether rows come in time order, go back
/// to an earlier day, or alternate between days.
@Suite("Series accumulator days")
struct SeriesAccumulatorTests {
  @Test("rows in and out of day order give each day its own sum, count, minimum and maximum")
  func days() {
    let acc = SeriesAccumulator(metric: .heartRate, unit: "count/min", aggregation: .mean)
    let d = S.day("2027-01-04").dayNumber
    // (day offset, value): in order, back to day 0, alternating, a far day, back again.
    let rows: [(Int32, Double)] = [
      (0, 60), (0, 70), (1, 80), (0, 50), (2, 90), (1, 100), (2, 30), (40, 55), (0, 65),
    ]
    for (offset, value) in rows {
      acc.update(day: d + offset) { $0.addReading(value, minimum: nil, maximum: nil) }
    }
    let values = acc.dailyValues(category: "")
    // Worked by hand: day 0: 60 70 50 65; day 1: 80 100; day 2: 90 30; day 40: 55.
    #expect(values.map { $0.day.dayNumber - d } == [0, 1, 2, 40])
    #expect(values.map(\.count) == [4, 2, 2, 1])
    #expect(values.map(\.value) == [61.25, 90, 60, 55])
    #expect(values.map(\.minimum) == [50, 80, 30, 55])
    #expect(values.map(\.maximum) == [70, 100, 90, 55])
  }
}
