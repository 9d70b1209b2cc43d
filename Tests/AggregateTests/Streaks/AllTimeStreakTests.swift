import HealthCore
import Testing

@testable import Aggregate

/// The all-time longest streak beside the 90-day state (docs/streaks.md, "All-time longest").
@Suite("All-time longest streaks")
struct AllTimeStreakTests {
  func states(_ picture: String) -> [GoalDayState] {
    picture.filter { $0 != " " }.map { GoalDayState(rawValue: $0)! }
  }

  @Test("a 40-day streak half a year ago is the longest ever; the window keeps its own")
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
    #expect(row.longest == 10)  // the 90-day window sees only the last run
    #expect(row.longestEver == 40)
    #expect(row.longestEverEnd == asOf.adding(days: -160))
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

  @Test("never less than the window's longest, whose own rest day can bridge a miss")
  func windowLonger() {
    // All history from day 0; the window starts on day 10 holding a fresh rest day.
    //   days 0-4 met, 5 missed, 6-7 met: the all-time rest day is used on day 5;
    //   days 8-9 missed: that run ends (5 + 2 = 7 goal days);
    //   days 10-14 met, 15 missed, 16-25 met: all-time, no rest day until day 30, so day 15
    //   ends the run (5, then 10); in the window the rest day bridges it: 5 + 10 = 15.
    let history = states("11111 0 11 00 11111 0 1111111111")
    #expect(history.count == 26)
    let goal = GoalDefinition(
      name: "steps", conditions: [GoalCondition(metric: .steps, threshold: 8000)])
    let start = S.day("2024-03-01")
    let windowStart = start.adding(days: 10)
    let rows = StreakRowBuilder.rows(
      goal: goal, states: Array(history[10...]), window: windowStart...start.adding(days: 25),
      weekStart: .monday, history: history, historyStart: start)
    #expect(rows[0].longest == 15)
    #expect(rows[0].longestEver == 15)
    #expect(rows[0].longestEverEnd == start.adding(days: 25))
    // The all-time replay alone finds 10.
    #expect(DailyStreak.replay(states: history, windowStart: start).longest == 10)
  }
}
