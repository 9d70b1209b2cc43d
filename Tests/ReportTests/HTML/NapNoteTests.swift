import HealthModel
import Testing

@testable import Report

/// Naps in the report (docs/aggregate.md, "Sleep days"): a note on the night's row and a dot in the
/// sleep chart, never part of the night's bar.
@Suite("Naps in the sleep section")
struct NapNoteTests {
  static let day = LocalDay(year: 2026, month: 11, day: 8)!

  static func nights() -> [ReportSleepNight] {
    // 8 Nov: the ring's 393 min asleep, in bed 445 min, the watch's nap of 36.87 min.
    var night = ReportSleepNight(day: day)
    night.asleep = 393
    night.inBed = 445.2
    night.napMinutes = 36.87
    night.napCount = 1
    var other = ReportSleepNight(day: day.adding(days: 1))
    other.asleep = 420
    return [night, other]
  }

  @Test("the note says how many naps and how long; none without naps")
  func note() {
    let n = Self.nights()
    #expect(n[0].napNote == "nap 37 min")
    #expect(n[1].napNote == nil)
    var two = ReportSleepNight(day: Self.day)
    two.napMinutes = 65
    two.napCount = 2
    #expect(two.napNote == "2 naps 1h 05m")
  }

  @Test("the chart: one nap dot above 8 Nov's bar, the bar is the night's 393 minutes")
  func chart() {
    let scene = SleepStageChart.scene(Self.nights(), id: "chart-sleep")
    // The legend's swatch plus one dot per nap day.
    let marks = scene.elements.filter { $0.role == .napDot }
    #expect(marks.count == 2)
    #expect(
      marks.filter { if case .circle = $0.shape { return true } else { return false } }.count == 1)
    let unstaged = scene.elements.filter { $0.role == .barUnstaged }
    #expect(unstaged.count == 3)  // the legend, then 393 and 420 min: the naps add no bar
    #expect(scene.description.contains("A dot marks a day with a nap, not counted in the night: "))
    #expect(scene.description.contains("nap 37 min"))
  }
}
