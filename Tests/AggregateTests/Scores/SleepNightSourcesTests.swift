import HealthCore
import HealthModel
import Testing

@testable import Aggregate

/// A night's sources per series (`SleepNight.sources`): the sorted distinct names of the rows
/// behind each value, joined by ", "; a night of one source is that name.
@Suite("Sleep night sources")
struct SleepNightSourcesTests {
  func row(_ start: Int64, _ minutes: Double, _ stage: SleepStage, _ source: String)
    -> SleepSegment
  {
    SleepSegment(
      start: start * 60, end: (start + Int64(minutes)) * 60, utcOffset: 0, stage: stage,
      minutes: minutes, source: source)
  }

  @Test("one source, two sources in either order, and a stage without rows")
  func sources() {
    let night = SleepNight(
      day: S.day("1970-01-02"),
      segments: [
        row(0, 60, .asleepCore, "Watch"), row(60, 30, .asleepDeep, "Watch"),
        row(90, 20, .asleepREM, "Watch"), row(110, 5, .awake, "Watch"),
        row(120, 40, .asleepCore, "Oura"), row(0, 200, .inBed, "Sam’s iPhone"),
        row(10, 50, .inBed, "Oura"), row(200, 10, .inBed, "Oura"),
      ])
    #expect(night.sources[.sleepDeep] == "Watch")
    #expect(night.sources[.sleepREM] == "Watch")
    #expect(night.sources[.sleepCore] == "Oura, Watch")
    #expect(night.sources[.sleepAsleep] == "Oura, Watch")
    #expect(night.sources[.sleepInBed] == "Oura, Sam’s iPhone")
    #expect(night.counts[.sleepInBed] == 3)
    // The first asleep row by start is Watch's core at 0: the bedtime's one source.
    #expect(night.sources[.sleepBedtime] == "Watch")
    #expect(night.sources[.sleepWake] == "Oura")
  }
}
