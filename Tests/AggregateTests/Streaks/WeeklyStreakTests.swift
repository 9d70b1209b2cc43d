import HealthModel
import Testing

@testable import Aggregate

@Suite("Weekly-target streaks")
struct WeeklyStreakTests {
  /// States for `from...to` with the given goal days.
  func states(_ from: LocalDay, _ to: LocalDay, met: Set<String>) -> [GoalDayState] {
    (from...to).map { met.contains($0.description) ? .met : .missed }
  }

  @Test("a weekly streak across the year boundary (ISO 2020-W53)")
  func yearBoundary() {
    // 2020-W53 runs Mon 28 Dec 2020 to Sun 3 Jan 2021. Target 3 a week. Met: W51
    // (14-20 Dec), W52 (21-27 Dec), W53 (28 Dec-3 Jan, across New Year). W50 has 2 days.
    // As-of Wed 6 Jan 2021 (W01) with 2 goal days so far: not yet met.
    let asOf = S.day("2021-01-06")
    let start = asOf.adding(days: -89)
    let met: Set<String> = [
      "2020-12-08", "2020-12-10",
      "2020-12-14", "2020-12-16", "2020-12-18",
      "2020-12-21", "2020-12-22", "2020-12-23",
      "2020-12-30", "2021-01-01", "2021-01-03",
      "2021-01-04", "2021-01-05",
    ]
    let s = WeeklyStreak.replay(
      states: states(start, asOf, met: met), windowStart: start, target: 3, weekStart: .monday)
    #expect(S.day("2020-12-28").isoWeek.description == "2020-W53")
    #expect(s.weekStarts.last == S.day("2021-01-04"))
    #expect(s.current == 3)  // W51, W52, W53 back from the previous week
    #expect(s.longest == 3)
    #expect(s.history.hasSuffix("01110"))  // W50 0, W51-W53 1, W01 not yet
    #expect(s.milestones == [3: S.day("2021-01-03")])  // W53 met on its third goal day
    // One more goal day on the as-of date meets W01: the streak counts it.
    let more = WeeklyStreak.replay(
      states: states(start, asOf, met: met.union(["2021-01-06"])), windowStart: start, target: 3,
      weekStart: .monday)
    #expect(more.current == 4)
    #expect(more.history.hasSuffix("01111"))
  }

  @Test("weeks can start on Sunday")
  func sundayWeeks() {
    // As-of Sat 2024-06-15. Sunday weeks: 2-8 June and 9-15 June. Goal days Sun 9 and
    // Mon 10 June, target 2: the week 9-15 is met. With Monday weeks, Sun 9 June belongs
    // to 3-9 June, so neither week has 2 goal days.
    let asOf = S.day("2024-06-15")
    let start = S.day("2024-06-02")
    let st = states(start, asOf, met: ["2024-06-09", "2024-06-10"])
    let sunday = WeeklyStreak.replay(states: st, windowStart: start, target: 2, weekStart: .sunday)
    #expect(sunday.weekStarts == [S.day("2024-06-02"), S.day("2024-06-09")])
    #expect(sunday.current == 1)
    let monday = WeeklyStreak.replay(states: st, windowStart: start, target: 2, weekStart: .monday)
    #expect(monday.weekStarts == [S.day("2024-06-03"), S.day("2024-06-10")])
    #expect(monday.current == 0)
  }

  @Test("an unmet past week ends the weekly streak")
  func broken() {
    let asOf = S.day("2024-06-30")  // Sunday
    let start = S.day("2024-06-03")  // Monday
    // Weeks of 3, 10, 17, 24 June; target 1. Met: 3, 10, 24 June weeks. 17 June week missed.
    let st = states(start, asOf, met: ["2024-06-03", "2024-06-11", "2024-06-25"])
    let s = WeeklyStreak.replay(states: st, windowStart: start, target: 1, weekStart: .monday)
    #expect(s.history == "1101")
    #expect(s.current == 1)
    #expect(s.longest == 2)
  }

  @Test("weekday names")
  func weekdays() {
    #expect(Weekday(name: "Sunday") == .sunday)
    #expect(Weekday(name: "MONDAY") == .monday)
    // Abbreviations are refused, as `week_start = sun` in a pipeline file always was.
    #expect(Weekday(name: "mon") == nil)
    #expect(Weekday(name: "funday") == nil)
    #expect(Weekday.sunday.weekStart(containing: S.day("2024-06-15")) == S.day("2024-06-09"))
    #expect(Weekday.monday.weekStart(containing: S.day("2024-06-09")) == S.day("2024-06-03"))
  }
}
