import HealthCore
import HealthModel
import Testing

@testable import Aggregate

@Suite("Daily streaks with the freeze")
struct DailyStreakTests {
  let w = S.day("2024-01-01")

  /// States from a picture: `1` met, `0` missed, `.` no data.
  func states(_ picture: String) -> [GoalDayState] {
    picture.filter { $0 != " " }.map { GoalDayState(rawValue: $0)! }
  }

  func replay(_ picture: String) -> DailyStreak {
    DailyStreak.replay(states: states(picture), windowStart: w)
  }

  @Test("a freeze bridges one missed day; the frozen day does not add")
  func bridged() {
    // Days 0-9 met, day 10 missed, days 11-24 met: 10 + 14 = 24 goal days.
    let s = replay("1111111111 0 11111111111111")
    #expect(s.current == 24)
    #expect(s.longest == 24)
    #expect(s.freezesUsed == [S.day("2024-01-11")])
    #expect(s.freezeAvailable == false)
    #expect(s.history == "1111111111F11111111111111")
    #expect(s.lastGoalDay == S.day("2024-01-25"))
    // The 14th goal day is day 14 (days 0-9, then 11, 12, 13, 14).
    #expect(
      s.milestones == [3: S.day("2024-01-03"), 7: S.day("2024-01-07"), 14: S.day("2024-01-15")])
  }

  @Test("a second miss within 30 days ends the streak")
  func secondMiss() {
    // Freeze used on day 10; day 15 missed with no freeze: the streak restarts on day 16.
    let s = replay("1111111111 0 1111 0 111111111")
    #expect(s.current == 9)
    #expect(s.longest == 14)
    #expect(s.freezesUsed == [S.day("2024-01-11")])
    #expect(s.history == "1111111111F" + "1111" + "0" + "111111111")
  }

  @Test("the freeze refills on day 30 after the last refill (the window start)")
  func refill() {
    // Used on day 10; refilled on day 30, which is missed and bridged: 10 + 19 + 9 = 38.
    let s = replay("1111111111 0 1111111111111111111 0 111111111")
    #expect(s.current == 38)
    #expect(s.freezesUsed == [S.day("2024-01-11"), S.day("2024-01-31")])
    // One day earlier (day 29) the freeze is still empty: the streak ends there.
    let early = replay("1111111111 0 111111111111111111 0 1111111111")
    #expect(early.current == 10)
    #expect(early.longest == 28)
    #expect(early.freezesUsed == [S.day("2024-01-11")])
    #expect(early.freezeAvailable == true)  // refilled on day 30, not used since
  }

  @Test("two missed days in a row end the streak and leave the freeze unused")
  func twoMisses() {
    let s = replay("11111 00 111")
    #expect(s.current == 3)
    #expect(s.longest == 5)
    #expect(s.freezesUsed == [])
    #expect(s.freezeAvailable == true)
    #expect(s.history == "1111100111")
    // No data counts as missed.
    #expect(replay("11111 .. 111").current == 3)
  }

  @Test("the as-of day is not over: the streak ends at R or at R−1")
  func asOfNotOver() {
    let met = replay("111111")
    #expect(met.current == 6)
    let notYet = replay("11111 0")
    #expect(notYet.current == 5)
    #expect(notYet.history == "111110")
    // R−1 missed with a freeze held and R not yet met: the bridge is still possible.
    let pending = replay("11111 0 .")
    #expect(pending.current == 5)
    #expect(pending.freezeAvailable == true)
    #expect(pending.freezesUsed == [])
    // ... and completed when R becomes a goal day.
    #expect(replay("11111 0 1").current == 6)
  }

  @Test("milestones: next one and progress 100 · current / next, capped at 100")
  func milestones() {
    #expect(Milestones.next(after: 5) == 7)
    #expect(close(Milestones.progress(current: 5), 500.0 / 7))
    #expect(Milestones.next(after: 7) == 14)
    #expect(close(Milestones.progress(current: 7), 50))
    #expect(Milestones.next(after: 90) == nil)
    #expect(Milestones.progress(current: 90) == 100)
    #expect(Milestones.progress(current: 0) == 0)
  }

  /// 150 days of 9,000 steps ending at as-of (Wed 29 May 2024, so the first is Mon 1 Jan
  /// 2024: 31 + 29 + 31 + 30 + 28 = 149 days before), aggregated with `settings`.
  func longRun(_ settings: AggregateSettings = AggregateSettings()) -> (StreakRow, LocalDay) {
    let asOf = S.day("2024-05-29")
    var samples: [Sample] = []
    for k in 0..<150 {
      let day = asOf.adding(days: -k)
      samples.append(S.sample(.steps, "\(day) 12:00:00 +0000", minutes: 60, value: 9000))
    }
    let result = AggregateComputation.compute(samples: samples, asOf: asOf, settings: settings)
    return (result.streaks.first { $0.goal == "steps" && $0.cadence == "daily" }!, asOf)
  }

  @Test("a streak longer than 90 days ending today is the whole run, replayed from the start")
  func longerThanNinety() {
    let (row, asOf) = longRun()
    let first = asOf.adding(days: -149)
    #expect(first == S.day("2024-01-01"))
    #expect(row.current == 150)
    #expect(row.longest == 150)
    #expect(row.longestEver == 150)
    #expect(row.longestEverEnd == asOf)
    #expect(row.windowStart == first)
    #expect(row.windowEnd == asOf)
    #expect(row.history == String(repeating: "1", count: 150))
    // Badges on the day each length was first reached: the k-th goal day is first + k − 1.
    #expect(row.milestone3 == S.day("2024-01-03"))
    #expect(row.milestone7 == S.day("2024-01-07"))
    #expect(row.milestone14 == S.day("2024-01-14"))
    #expect(row.milestone30 == S.day("2024-01-30"))
    #expect(row.milestone60 == S.day("2024-02-29"))  // 2024 is a leap year
    #expect(row.milestone90 == S.day("2024-03-30"))
    #expect(row.nextMilestone == nil)
    #expect(row.progress == 100)
    #expect(row.freezeAvailable)
    #expect(row.freezesUsed == "")
  }

  @Test("backfill_days = 90 keeps 90: every number from the 90 days ending at as-of")
  func backfillNinety() {
    let (row, asOf) = longRun(AggregateSettings(backfillDays: 90))
    #expect(row.current == 90)
    #expect(row.longest == 90)
    #expect(row.longestEver == 90)  // the same replay: never more than the current run
    #expect(row.longestEverEnd == asOf)
    #expect(row.windowStart == asOf.adding(days: -89))
    #expect(row.history == String(repeating: "1", count: 90))
    #expect(row.milestone90 == asOf)
    #expect(row.milestone3 == asOf.adding(days: -87))
  }
}
