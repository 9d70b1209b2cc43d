import HealthModel
import Testing

/// The night's minutes by stage, shared by aggregate's nights and the report's: which daily
/// series holds which stage, and what "staged" and "unstaged" mean (docs/aggregate.md,
/// "Sleep day"; docs/report.md, the sleep table's "No stage" column).
@Suite struct SleepStageMinutesTests {
  @Test func eachSeriesFillsItsOwnStage() {
    let values: [MetricID: Double] = [
      .sleepAsleep: 420, .sleepInBed: 465, .sleepCore: 200, .sleepDeep: 60, .sleepREM: 90,
      .sleepAwake: 25, .sleepBedtime: 300,
    ]
    let m = SleepStageMinutes { values[$0] }
    #expect(m.asleep == 420 && m.inBed == 465 && m.awake == 25)
    #expect(m.core == 200 && m.deep == 60 && m.rem == 90)
    #expect(m.hasStages && m.hasData)
    // 420 asleep − (200 + 60 + 90) staged = 70 minutes without a stage.
    #expect(m.unstaged == 70)
    // The daily table's order of the sleep series (docs/aggregate.md).
    #expect(
      SleepStageMinutes.series.map(\.id) == [
        .sleepAsleep, .sleepInBed, .sleepCore, .sleepDeep, .sleepREM, .sleepAwake,
      ])
  }

  @Test func unstagedNeedsAtLeastOneMinute() {
    var m = SleepStageMinutes()
    #expect(!m.hasData && !m.hasStages && m.unstaged == nil)
    m.asleep = 350.5
    m.core = 200
    m.deep = 60
    m.rem = 90
    #expect(m.unstaged == nil)  // 0.5 minutes left: rounding, not a stage
    m.asleep = 351
    #expect(m.unstaged == 1)
    m = SleepStageMinutes()
    m.asleep = 380  // an older watch: asleep only
    #expect(m.unstaged == 380 && !m.hasStages && m.hasData)
    m = SleepStageMinutes()
    m.inBed = 400  // in bed only: data, but no asleep time to split
    #expect(m.hasData && m.unstaged == nil)
  }
}
