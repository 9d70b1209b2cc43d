import HealthModel
import Testing

@testable import Ingest

/// A FIT file's series of held readings (`GarminHeldSeriesTable`): one index per distinct
/// metric, unit, category and HRV kind, whether the texts come as the same literal, as
/// equal texts in other storage, or after the table was emptied for the next file.
@Suite("Garmin held series")
struct GarminHeldSeriesTests {
  @Test("equal texts give one index, whatever their storage; any difference gives another")
  func indices() {
    let table = GarminHeldSeriesTable()
    let hr = table.index(metric: .heartRate, unit: "count/min", category: "", hrv: .none)
    #expect(hr == 0)
    #expect(table.index(metric: .heartRate, unit: "count/min", category: "", hrv: .none) == 0)
    // A sport built at run time, longer than a `String` holds inline: heap storage.
    let sport = ["running", "on a track outdoors"].joined(separator: " ")
    let workout = table.index(metric: .workout, unit: "min", category: sport, hrv: .none)
    #expect(workout == 1)
    // The same sport in other storage is the same series, found by value.
    let again = String(decoding: Array(sport.utf8), as: UTF8.self)
    #expect(table.index(metric: .workout, unit: "min", category: again, hrv: .none) == 1)
    #expect(table.index(metric: .workout, unit: "min", category: sport, hrv: .none) == 1)
    // Another unit, category or HRV kind is another series.
    #expect(table.index(metric: .workout, unit: "s", category: sport, hrv: .none) == 2)
    #expect(table.index(metric: .heartRate, unit: "count/min", category: "x", hrv: .none) == 3)
    #expect(table.index(metric: .hrvRMSSD, unit: "ms", category: "", hrv: .rmssd) == 4)
    #expect(table.index(metric: .hrvRMSSD, unit: "ms", category: "", hrv: .sdnn) == 5)
    #expect(table.series.count == 6)
    #expect(
      table.series[1]
        == GarminHeldSeries(metric: .workout, unit: "min", category: sport, hrv: .none))
    table.removeAll()
    #expect(table.series.count == 0)
    #expect(table.index(metric: .hrvRMSSD, unit: "ms", category: "", hrv: .rmssd) == 0)
  }

  @Test("past the remembered representations, series are still found by value")
  func manySeries() {
    let table = GarminHeldSeriesTable()
    let units = (0..<40).map { "unit number \($0) of many" }
    for (i, unit) in units.enumerated() {
      #expect(table.index(metric: .steps, unit: unit, category: "", hrv: .none) == Int32(i))
    }
    for (i, unit) in units.enumerated().reversed() {
      #expect(table.index(metric: .steps, unit: unit, category: "", hrv: .none) == Int32(i))
    }
    #expect(table.series.count == 40)
  }
}
