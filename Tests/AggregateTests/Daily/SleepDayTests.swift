import HealthCore
import HealthModel
import Testing

@testable import Aggregate

@Suite("Sleep days")
struct SleepDayTests {
  func daily(_ samples: [Sample]) -> [DailyValue] { S.daily(samples) }

  @Test("a night ending after midnight is its sleep day's; an afternoon nap is a nap")
  func nightAndNap() {
    // Monday 3 June 23:00 to Tuesday 07:00 (end + 6 h = Tuesday 13:00), then a nap on
    // Tuesday 14:00-14:40 (more than an hour after the night: its own session; end + 6 h =
    // 20:40, still Tuesday, but it does not overlap the night's window 22:45-07:10).
    let d = daily([
      S.sleep(.inBed, "2024-06-03 22:45:00 -0700", minutes: 505),
      S.sleep(.asleepCore, "2024-06-03 23:00:00 -0700", minutes: 120),
      S.sleep(.asleepDeep, "2024-06-04 01:00:00 -0700", minutes: 60),
      S.sleep(.awake, "2024-06-04 02:00:00 -0700", minutes: 10),
      S.sleep(.asleepREM, "2024-06-04 02:10:00 -0700", minutes: 90),
      S.sleep(.asleepCore, "2024-06-04 03:40:00 -0700", minutes: 200),
      S.sleep(.asleepUnspecified, "2024-06-04 14:00:00 -0700", minutes: 40),
    ])
    #expect(S.days(d, .sleepAsleep) == ["2024-06-04"])
    #expect(S.value(d, .sleepAsleep, "2024-06-04")?.value == 470)  // 120+60+90+200
    #expect(S.value(d, .sleepInBed, "2024-06-04")?.value == 505)
    #expect(S.value(d, .sleepCore, "2024-06-04")?.value == 320)
    #expect(S.value(d, .sleepDeep, "2024-06-04")?.value == 60)
    #expect(S.value(d, .sleepREM, "2024-06-04")?.value == 90)
    #expect(S.value(d, .sleepAwake, "2024-06-04")?.value == 10)
    // Bedtime 23:00 is 300 min after 18:00 of Monday; wake time the night's 07:00, not the
    // nap's 14:40.
    #expect(S.value(d, .sleepBedtime, "2024-06-04")?.value == 300)
    #expect(S.value(d, .sleepWake, "2024-06-04")?.value == 420)
    #expect(S.value(d, .sleepAsleep, "2024-06-04")?.count == 4)
    #expect(S.value(d, .napMinutes, "2024-06-04")?.value == 40)
    #expect(S.value(d, .napCount, "2024-06-04")?.value == 1)
  }

  @Test("a nap ending after 18:00 is a nap of its own day, not the next night's bedtime")
  func eveningNap() {
    // 17:50-18:30 on the 4th ends after 18:00, so its sleep day is the 5th, like the night
    // 00:30-07:30; six hours apart, they are two sessions and the nap is not the main one.
    let d = daily([
      S.sleep(.asleepUnspecified, "2024-06-04 17:50:00 -0700", minutes: 40),
      S.sleep(.asleepUnspecified, "2024-06-05 00:30:00 -0700", minutes: 420),
    ])
    #expect(S.days(d, .sleepAsleep) == ["2024-06-05"])
    #expect(S.value(d, .sleepAsleep, "2024-06-05")?.value == 420)
    #expect(S.value(d, .sleepBedtime, "2024-06-05")?.value == 390)  // 00:30
    #expect(S.value(d, .sleepWake, "2024-06-05")?.value == 450)  // 07:30
    #expect(S.value(d, .sleepCore, "2024-06-05") == nil)  // no stage data
    #expect(S.days(d, .napMinutes) == ["2024-06-04"])
    #expect(S.value(d, .napMinutes, "2024-06-04")?.value == 40)
  }

  @Test("overlapping asleep rows count once (union, not sum)")
  func union() {
    let d = daily([
      S.sleep(.asleepUnspecified, "2024-06-03 23:00:00 -0700", minutes: 480),
      S.sleep(.asleepCore, "2024-06-03 23:00:00 -0700", minutes: 120),
      S.sleep(.asleepDeep, "2024-06-04 06:30:00 -0700", minutes: 60),  // 30 min past 07:00
    ])
    #expect(S.value(d, .sleepAsleep, "2024-06-04")?.value == 510)  // 23:00-07:30
    #expect(S.value(d, .sleepCore, "2024-06-04")?.value == 120)
    #expect(S.value(d, .sleepREM, "2024-06-04")?.value == 0)  // stage data, no REM
    #expect(S.value(d, .sleepAwake, "2024-06-04")?.value == 0)
  }

  @Test("Health Auto Export per-night summary rows are added, not unioned")
  func summaryRows() {
    // One row per stage over sleepStart...sleepEnd (480 min) with the stage's total.
    let start = "2024-06-10 23:00:00 -0700"
    let d = daily([
      S.sleep(.asleepUnspecified, start, minutes: 480, value: 0),
      S.sleep(.asleepCore, start, minutes: 480, value: 200),
      S.sleep(.asleepDeep, start, minutes: 480, value: 60),
      S.sleep(.asleepREM, start, minutes: 480, value: 90),
      S.sleep(.awake, start, minutes: 480, value: 20),
      S.sleep(.inBed, start, minutes: 480, value: 480),
    ])
    #expect(S.value(d, .sleepAsleep, "2024-06-11")?.value == 350)  // 0 + 200 + 60 + 90
    #expect(S.value(d, .sleepCore, "2024-06-11")?.value == 200)
    #expect(S.value(d, .sleepDeep, "2024-06-11")?.value == 60)
    #expect(S.value(d, .sleepAwake, "2024-06-11")?.value == 20)
    #expect(S.value(d, .sleepInBed, "2024-06-11")?.value == 480)
    #expect(S.value(d, .sleepBedtime, "2024-06-11")?.value == 300)
    #expect(S.value(d, .sleepWake, "2024-06-11")?.value == 420)
  }

  @Test("daily totals over noon-to-noon windows: a night each, minutes but no clock times")
  func dailyTotals() {
    // Health Auto Export's daily CSV: each night's stage totals over noon of the day before
    // to noon of the date (1,440 min). Three nights in a row abut; each stays its own sleep
    // day, and their noon starts and ends are no bedtime or wake time.
    let d = daily([
      S.sleep(.asleepCore, "2024-06-10 12:00:00 -0400", minutes: 1_440, value: 300),
      S.sleep(.inBed, "2024-06-10 12:00:00 -0400", minutes: 1_440, value: 470),
      S.sleep(.asleepCore, "2024-06-11 12:00:00 -0400", minutes: 1_440, value: 320),
      S.sleep(.asleepDeep, "2024-06-11 12:00:00 -0400", minutes: 1_440, value: 60),
      S.sleep(.asleepCore, "2024-06-12 12:00:00 -0400", minutes: 1_440, value: 280),
    ])
    #expect(S.days(d, .sleepAsleep) == ["2024-06-11", "2024-06-12", "2024-06-13"])
    #expect(S.value(d, .sleepAsleep, "2024-06-11")?.value == 300)
    #expect(S.value(d, .sleepAsleep, "2024-06-12")?.value == 380)  // 320 + 60
    #expect(S.value(d, .sleepInBed, "2024-06-11")?.value == 470)
    #expect(S.days(d, .sleepBedtime) == [])
    #expect(S.days(d, .sleepWake) == [])
    #expect(S.days(d, .napMinutes) == [])
  }

  @Test("a sleep row with an unknown stage is counted as ignored")
  func unknownStage() {
    let a = DailyAggregator(asOf: S.day("2030-01-01"))
    a.add(S.sample(.sleep, "2024-06-03 23:00:00 -0700", minutes: 60, value: 60, category: "nap?"))
    let data = a.finish()
    #expect(data.values.isEmpty)
    #expect(data.counts[.sleep]?.ignored == 1)
    #expect(data.counts[.sleep]?.read == 1)
  }
}
