import HealthModel
import Testing

@testable import Aggregate

/// The one state habits add to the shared streak machinery: a skipped day neither breaks
/// nor extends a streak (docs/streaks.md, "Habits"). Goals never produce it.
@Suite struct SkippedDayStreakTests {
  static let start = LocalDay(year: 2026, month: 11, day: 2)!  // a Monday

  static func states(_ text: String) -> [GoalDayState] {
    text.map { GoalDayState(rawValue: $0)! }
  }

  @Test func aSkipNeitherBreaksNorExtendsADailyStreak() {
    // met, skip, skip, met: 2 (not 4, not broken); the history keeps the s.
    let r = DailyStreak.replay(states: Self.states("1ss1"), windowStart: Self.start)
    #expect(r.current == 2 && r.longest == 2 && r.history == "1ss1" && r.freezeAvailable)
  }

  @Test func aPendingBridgeWaitsOverASkip() {
    // met, met, missed (rest day pending), skip, met: the miss is bridged, 3 in a row.
    let r = DailyStreak.replay(states: Self.states("110s1"), windowStart: Self.start)
    #expect(r.current == 3 && r.freezesUsed == [Self.start.adding(days: 2)])
    #expect(r.history == "11Fs1" && !r.freezeAvailable)
    // Two misses around a skip are two misses in a row: the streak ends.
    let ended = DailyStreak.replay(states: Self.states("110s01"), windowStart: Self.start)
    #expect(ended.current == 1 && ended.longest == 2 && ended.freezesUsed.isEmpty)
  }

  @Test func theRefillClockRunsOnSkippedDays() {
    // The rest day used on day 1 comes back on day 30, a skipped day, so the miss of day
    // 31 between met days is bridged again: 2 + 27 + 1 = 30.
    var text = "101" + String(repeating: "1", count: 27) + "s01"
    #expect(text.count == 33)
    var r = DailyStreak.replay(states: Self.states(text), windowStart: Self.start)
    #expect(r.freezesUsed == [Self.start.adding(days: 1), Self.start.adding(days: 31)])
    #expect(r.current == 30)
    // Before day 30 no rest day is back: the second miss ends the streak.
    text = "101" + String(repeating: "1", count: 20) + "s01"
    r = DailyStreak.replay(states: Self.states(text), windowStart: Self.start)
    #expect(r.current == 1 && r.freezesUsed == [Self.start.adding(days: 1)])
  }

  @Test func skippedDaysLowerAWeeksTargetAndAWeekOfSkipsCountsNeitherWay() {
    // 3 a week from Mon 2 Nov. Week 1: 5 days skipped, Sat and Sun met: needs min(3, 2) = 2,
    // met. Week 2: all skipped: neither met nor breaking. Week 3: 3 met: met. So 2 weeks.
    let text = "sssss11" + "sssssss" + "1101000"
    let r = WeeklyStreak.replay(
      states: Self.states(text), windowStart: Self.start, target: 3, weekStart: .monday)
    #expect(r.history == "1s1" && r.current == 2 && r.longest == 2)
    // Week 1 became met on Sun 8 Nov (its 2nd met day).
    let unskipped = WeeklyStreak.replay(
      states: Self.states("00000111111111" + "1101000"), windowStart: Self.start, target: 3,
      weekStart: .monday)
    #expect(unskipped.history == "011")
  }
}

/// The habits table's streak of each day comes from one replay; it must equal the replay
/// of the days up to that day with that day as the as-of date (the definition), checked
/// on random histories against the brute-force replays.
@Suite struct PerDayStreakTests {
  static let start = LocalDay(year: 2026, month: 1, day: 7)!  // a Wednesday

  static func randomDays(_ rng: inout SeededRandom, count: Int) -> [HabitDay] {
    (0..<count).map { i in
      let r = rng.unit()
      let state: HabitDayState = r < 0.6 ? .met : r < 0.75 ? .missed : r < 0.9 ? .noData : .skipped
      return HabitDay(day: start.adding(days: i), value: nil, auto: nil, entries: 0, state: state)
    }
  }

  @Test func dailyStandingsEqualTheReplayOfEachPrefix() {
    var rng = SeededRandom(seed: 26)
    for _ in 0..<40 {
      let days = Self.randomDays(&rng, count: rng.int(1...140))
      let states = days.map(HabitStreaks.goalState)
      let one = HabitStreaks.perDay(days, frequency: .daily, weekStart: .monday, backfillDays: nil)
      for k in days.indices {
        let prefix = DailyStreak.replay(states: Array(states[...k]), windowStart: Self.start)
        #expect(one[k].streak == prefix.current, "day \(k) of \(String(states.map(\.rawValue)))")
        #expect(one[k].restDay == prefix.freezeAvailable)
      }
    }
  }

  @Test func weeklyStreaksEqualTheReplayOfEachPrefix() {
    var rng = SeededRandom(seed: 27)
    for _ in 0..<40 {
      let days = Self.randomDays(&rng, count: rng.int(1...100))
      let states = days.map(HabitStreaks.goalState)
      let target = rng.int(1...6)
      let one = HabitStreaks.perDay(
        days, frequency: .perWeek(target), weekStart: .sunday, backfillDays: nil)
      let weekFirst = Weekday.sunday.weekStart(containing: Self.start)
      let lead = [GoalDayState](repeating: .skipped, count: weekFirst.distance(to: Self.start))
      for k in days.indices {
        let prefix = WeeklyStreak.replay(
          states: lead + states[...k], windowStart: weekFirst, target: target, weekStart: .sunday)
        #expect(one[k].streak == prefix.current, "day \(k), target \(target)")
      }
    }
  }
}
