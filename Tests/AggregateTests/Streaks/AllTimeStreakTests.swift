import HealthCore
import HealthModel
import Testing

@testable import Aggregate

/// The longest streak over the replayed span (docs/streaks.md, "The replayed span").
@Suite("All-time longest streaks")
struct AllTimeStreakTests {
  func states(_ picture: String) -> [GoalDayState] {
    picture.filter { $0 != " " }.map { GoalDayState(rawValue: $0)! }
  }

  @Test("a 40-day streak half a year ago is the longest; the current one is the last run")
  func longAgo() {
    // 200 days of steps ending at as-of: days -199...-160 (40 days) over 8,000, then 150
    // days of 1,000, then the last 10 days over 8,000. The day after the old run is missed
    // and so is the next: the freeze is not used and the run ends at day -160.
    let asOf = S.day("2024-07-31")
    var samples: [Sample] = []
    for k in 0..<200 {
      let day = asOf.adding(days: -k)
      let value: Double = (k >= 160 || k < 10) ? 9000 : 1000
      samples.append(S.sample(.steps, "\(day) 12:00:00 +0000", minutes: 60, value: value))
    }
    let result = AggregateComputation.compute(samples: samples, asOf: asOf)
    let row = result.streaks.first { $0.goal == "steps" && $0.cadence == "daily" }!
    #expect(row.current == 10)
    #expect(row.longest == 40)
    #expect(row.longestEver == 40)
    #expect(row.longestEverEnd == asOf.adding(days: -160))
    #expect(row.windowStart == asOf.adding(days: -199))
    // With backfill_days = 90 the old run is outside the span: 10 is the longest.
    let backfill = AggregateComputation.compute(
      samples: samples, asOf: asOf, settings: AggregateSettings(backfillDays: 90))
    let b = backfill.streaks.first { $0.goal == "steps" && $0.cadence == "daily" }!
    #expect((b.current, b.longest, b.longestEver) == (10, 10, 10))
    #expect(b.longestEverEnd == asOf)
  }

  @Test("the daily and weekly replays report where their longest run ended")
  func longestEnd() {
    let start = S.day("2024-01-01")  // a Monday
    // Runs of 3 (days 0-2) and 4 (days 6-9); a tie later would move the end to the later run.
    let d = DailyStreak.replay(states: states("111 00 . 1111 00 1"), windowStart: start)
    #expect(d.longest == 4)
    #expect(d.longestEnd == S.day("2024-01-10"))
    let tie = DailyStreak.replay(states: states("1111 00 1111 00 1"), windowStart: start)
    #expect(tie.longestEnd == S.day("2024-01-10"))
    // Weeks of Mon 1, 8, 15, 22 and 29 Jan with a target of 1 goal day: met, met, missed,
    // met, and the current week (29-31 Jan) not yet: the longest run is 2, ending with the
    // week of 8 Jan.
    var picture = Array(repeating: GoalDayState.missed, count: 31)
    for day in [0, 8, 22] { picture[day] = .met }
    let w = WeeklyStreak.replay(states: picture, windowStart: start, target: 1, weekStart: .monday)
    #expect(w.longest == 2)
    #expect(w.longestEnd == S.day("2024-01-08"))
  }

  @Test("never a current streak shorter than a longest that ends on the same day")
  func currentIsTheLongestWhenItEndsToday() {
    let start = S.day("2024-03-01")
    let goal = GoalDefinition(
      name: "steps", conditions: [GoalCondition(metric: .steps, threshold: 8000)])
    func row(_ picture: String) -> StreakRow {
      let s = states(picture)
      return StreakRowBuilder.rows(
        goal: goal, states: s, window: start...start.adding(days: s.count - 1),
        weekStart: .monday)[0]
    }
    // Days 0-4 met, 5 missed (the rest day bridges it), 6-7 met: a run of 7; 8-9 missed
    // end it; days 10-21 met: 12, ending today, is both the current and the longest run.
    let today = row("11111 0 11 00 111111111111")
    #expect((today.current, today.longest, today.longestEver) == (12, 12, 12))
    #expect(today.longestEverEnd == start.adding(days: 21))
    // The same, but R−1 missed with the rest day already used (no refill before day 30):
    // the run of 10 ending at R−2 is over, so the current streak is 0 and 10 the longest.
    let broken = row("11111 0 11 00 1111111111 0 .")
    #expect((broken.current, broken.longest) == (0, 10))
    // 16 goal days, R−1 missed with the rest day held, R not yet: the bridge is still
    // possible, the run is alive, and it is the longest (ending at R−2).
    let pending = row("1111111111111111 0 .")
    #expect((pending.current, pending.longest, pending.longestEver) == (16, 16, 16))
    #expect(pending.longestEverEnd == start.adding(days: 15))
    #expect(pending.freezeAvailable)
  }
}
