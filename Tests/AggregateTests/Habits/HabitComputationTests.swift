import Foundation
import HealthCore
import HealthModel
import Testing

@testable import Aggregate

/// The `habits` table: values, met days and streaks worked out by hand (docs/habits.md,
/// docs/streaks.md "Habits"). Days are of November 2026: Mon 2, Mon 9, Sun 15.
@Suite struct HabitComputationTests {
  /// A habit entry on `day` (at UTC midnight: offset 0) from input `file`.
  static func entry(
    _ habit: String, _ day: String, _ value: HabitValueText.Value, unit: String = "check",
    source: String = HabitEntry.journalSource, file: Int32 = 0
  ) -> Sample {
    HabitEntry.sample(
      habit: habit, value: value, unitWord: unit, midnight: S.day(day).startEpoch(utcOffset: 0),
      utcOffset: 0, source: source, origin: Origin(file: file, record: S.records.next()))
  }

  static func rows(
    _ samples: [Sample], habits: [HabitDefinition], asOf: String
  ) -> (rows: [HabitDayRow], result: AggregateResult) {
    let result = AggregateComputation.compute(
      samples: samples, asOf: S.day(asOf), settings: AggregateSettings(goals: [], habits: habits))
    return (result.habits, result)
  }

  /// `day value state streak best` for each row of one habit.
  static func lines(_ rows: [HabitDayRow], _ habit: String) -> [String] {
    rows.filter { $0.habit == habit }.map { r in
      let v = r.value.map(NumberFormatting.shortest) ?? "-"
      return "\(r.day.description.suffix(2)) \(v) \(r.state) \(r.streak) \(r.best)"
    }
  }

  @Test func aDailyCheckHabitKeepsAStreakWithARestDayAndABadge() {
    let e = { (day: String, v: Double) in Self.entry("meditate", day, .amount(v)) }
    let (rows, _) = Self.rows(
      [
        e("2026-11-02", 1), e("2026-11-03", 1), e("2026-11-04", 1), e("2026-11-06", 1),
        e("2026-11-07", 1), e("2026-11-08", 0),
      ],
      habits: [HabitDefinition(key: "meditate", kind: .check)], asOf: "2026-11-09")
    // 02-04 met (3, badge on the 4th); the 5th has nothing and is bridged by the rest day
    // when the 6th is met (F; the streak goes on to 4, then 5); the 8th says not done with
    // the rest day spent: the streak is 5 while the 8th is the last day, 0 once the 9th
    // (nothing yet) is.
    #expect(
      Self.lines(rows, "meditate") == [
        "02 1 1 1 1", "03 1 1 2 2", "04 1 1 3 3", "05 - F 3 3", "06 1 1 4 4", "07 1 1 5 5",
        "08 0 0 5 5", "09 - . 0 5",
      ])
    #expect(rows.map(\.milestone) == [nil, nil, 3, nil, nil, nil, nil, nil])
    #expect(rows.map(\.restDay) == [true, true, true, true, false, false, false, false])
    #expect(rows.allSatisfy { $0.unit == "check" && $0.weekDays == nil })
  }

  @Test func aWeeklyDurationHabitStartingMidWeekNeedsFewerDaysThatWeek() {
    let read = HabitDefinition(
      key: "read", kind: .duration, goal: 30, frequency: .perWeek(3), since: S.day("2026-11-07"))
    let e = { (day: String, m: Double) in Self.entry("read", day, .amount(m), unit: "min") }
    let (rows, _) = Self.rows(
      [
        e("2026-11-07", 20), e("2026-11-07", 15), e("2026-11-08", 30), e("2026-11-09", 45),
        e("2026-11-10", 10), e("2026-11-05", 60),
      ],
      habits: [read], asOf: "2026-11-11")
    // Since Sat 7: the week of Mon 2 counts from Saturday, so it needs min(3, 2) = 2 met
    // days; Sat (20 + 15 = 35 min) and Sun (30) meet it: 1 week. The week of Mon 9 has 1
    // met day of 3 so far: the streak stays 1. The entry of the 5th is before `since`.
    #expect(
      Self.lines(rows, "read") == [
        "07 35 1 0 0", "08 30 1 1 1", "09 45 1 1 1", "10 10 0 1 1", "11 - . 1 1",
      ])
    #expect(rows.map(\.weekDays) == [1, 2, 1, 1, 1])
    #expect(rows.map(\.weekTarget) == [2, 2, 3, 3, 3])
    #expect(rows[0].entries == 2 && rows.allSatisfy { $0.unit == "min" && !$0.restDay })
  }

  @Test func anAtMostCountWithSkipsAndTwoRowsOfADay() {
    let alcohol = HabitDefinition(key: "alcohol", kind: .count, goal: 0, target: .atMost)
    let water = HabitDefinition(key: "water", kind: .count, goal: 8, unit: "glasses")
    let a = { (day: String, v: HabitValueText.Value) in Self.entry("alcohol", day, v, unit: "count")
    }
    let w = { (day: String, n: Double) in Self.entry("water", day, .amount(n), unit: "glasses") }
    let (rows, _) = Self.rows(
      [
        a("2026-11-09", .amount(0)), a("2026-11-10", .skip), a("2026-11-11", .amount(0)),
        a("2026-11-11", .amount(0)), a("2026-11-12", .amount(2)), a("2026-11-13", .amount(0)),
        w("2026-11-09", 3), w("2026-11-09", 3), w("2026-11-09", 2), w("2026-11-10", 7),
      ],
      habits: [alcohol, water], asOf: "2026-11-13")
    // 0 drinks meets "at most 0"; the skip neither breaks nor extends (1 stays 1); two rows
    // of 0 are 0; 2 drinks misses, bridged by the rest day once the 13th is met: 3 (badge).
    #expect(
      Self.lines(rows, "alcohol") == [
        "09 0 1 1 1", "10 - s 1 1", "11 0 1 2 2", "12 2 F 2 2", "13 0 1 3 3",
      ])
    #expect(rows.filter { $0.habit == "alcohol" }.map(\.entries) == [1, 1, 2, 1, 1])
    #expect(rows.filter { $0.habit == "alcohol" }.last?.milestone == 3)
    // Water: 3 + 3 + 2 = 8 glasses meets 8; 7 does not.
    #expect(Self.lines(rows, "water").prefix(2) == ["09 8 1 1 1", "10 7 0 1 1"])
  }

  @Test func anAtMostDayOverItsLimitIsMissedOnItsOwnDay() {
    // Over "at most 0" the day cannot come back: it counts as missed at once, also on the
    // as-of day, where a day that may still be met leaves yesterday's streak standing.
    let alcohol = HabitDefinition(key: "alcohol", kind: .count, goal: 0, target: .atMost)
    let water = HabitDefinition(key: "water", kind: .count, goal: 8, unit: "glasses")
    let a = { (day: String, n: Double) in Self.entry("alcohol", day, .amount(n), unit: "count") }
    let w = { (day: String, n: Double) in Self.entry("water", day, .amount(n), unit: "glasses") }
    let spent = [a("2026-11-09", 0), a("2026-11-10", 2), a("2026-11-11", 0), a("2026-11-12", 3)]
    // 9th met (1); 10th over, the rest day still held: the streak waits for a bridge (1);
    // 11th met, the rest day bridges the 10th (2); 12th over with no rest day left: 0 now.
    #expect(
      Self.lines(Self.rows(spent, habits: [alcohol], asOf: "2026-11-12").0, "alcohol") == [
        "09 0 1 1 1", "10 2 F 1 1", "11 0 1 2 2", "12 3 0 0 2",
      ])
    // Over on the as-of day right after a miss: two misses in a row end the streak at once.
    let twice = [a("2026-11-09", 0), a("2026-11-10", 0), a("2026-11-11", 1), a("2026-11-12", 1)]
    #expect(
      Self.lines(Self.rows(twice, habits: [alcohol], asOf: "2026-11-12").0, "alcohol") == [
        "09 0 1 1 1", "10 0 1 2 2", "11 1 0 2 2", "12 1 0 0 2",
      ])
    // An "at least" habit under its goal on the as-of day may still be met: 2 stands.
    let glasses = [w("2026-11-10", 8), w("2026-11-11", 8), w("2026-11-12", 3)]
    #expect(
      Self.lines(Self.rows(glasses, habits: [water], asOf: "2026-11-12").0, "water") == [
        "10 8 1 1 1", "11 8 1 2 2", "12 3 0 2 2",
      ])
  }

  @Test func anAutoLinkedHabitAddsTheManualEntryOfTheSameDay() {
    let run = HabitDefinition(
      key: "run", kind: .duration, goal: 20,
      auto: HabitAutoLink(metric: "workoutMinutes", category: "Running"))
    let single = HabitDefinition(
      key: "long_run", kind: .check, auto: HabitAutoLink(metric: "workout", category: "Running"))
    let samples = [
      S.sample(.workout, "2026-11-09 07:00:00 +0000", minutes: 15, value: 15, category: "Running"),
      Self.entry("run", "2026-11-09", .amount(10), unit: "min"),
      S.sample(.workout, "2026-11-10 07:00:00 +0000", minutes: 25, value: 25, category: "Running"),
      Self.entry("run", "2026-11-11", .amount(12), unit: "min"),
      S.sample(.workout, "2026-11-12 07:00:00 +0000", minutes: 40, value: 40, category: "Cycling"),
    ]
    let (rows, result) = Self.rows(samples, habits: [run, single], asOf: "2026-11-12")
    // 15 recorded + 10 logged = 25 ≥ 20; 25 recorded; 12 logged; a ride is not a run. On
    // the 12th (as-of, nothing yet) the miss of the 11th can still be bridged: 2 stands.
    #expect(Self.lines(rows, "run") == ["09 25 1 1 1", "10 25 1 2 2", "11 12 0 2 2", "12 - . 2 2"])
    #expect(rows.filter { $0.habit == "run" }.map(\.autoValue) == [15, 25, nil, nil])
    #expect(Self.lines(rows, "long_run").prefix(2) == ["09 1 1 1 1", "10 1 1 2 2"])
    // The entries never became daily values; the workouts did.
    #expect(!result.daily.contains { $0.metric == .habit })
    #expect(result.daily.contains { $0.metric == .workoutMinutes && $0.category == "Running" })
  }

  @Test func backDatedEntriesCountOnTheirDayAndALaterLoopExportWins() {
    let meditate = HabitDefinition(key: "meditate", kind: .check)
    let loop = HabitEntry.loopSource
    let (rows, result) = Self.rows(
      [
        Self.entry("meditate", "2026-11-12", .amount(1)),
        Self.entry("meditate", "2026-11-10", .amount(1)),  // written after, dated before
        Self.entry("meditate", "2026-11-11", .amount(1), source: loop, file: 1),
        Self.entry("meditate", "2026-11-11", .amount(0), source: loop, file: 2),  // newer export
        Self.entry("ghost", "2026-11-11", .amount(1)),
      ], habits: [meditate], asOf: "2026-11-12")
    // The newer export says not done on the 11th (the older one's "done" is left out); the
    // rest day bridges it once the 12th is done: 2.
    #expect(Self.lines(rows, "meditate") == ["10 1 1 1 1", "11 0 F 1 1", "12 1 1 2 2"])
    #expect(result.notes.contains { $0.contains("1 Loop Habit Tracker entries repeated") })
    #expect(result.notes.contains { $0.contains("(ghost): left out") })
    let counts = result.counts[.habit]!
    #expect(counts.read == 5 && counts.used == 3 && counts.ignored == 2)
  }

  @Test func aWeeklyCheckHabitCountsWeeksAndAMissedWeekEndsOnlyOnceItIsOver() {
    let stretch = HabitDefinition(key: "stretch", kind: .check, frequency: .perWeek(2))
    let e = { (day: String, v: Double) in Self.entry("stretch", day, .amount(v)) }
    let (rows, _) = Self.rows(
      [
        e("2026-11-03", 1), e("2026-11-05", 1), e("2026-11-11", 1), e("2026-11-14", 0),
        e("2026-11-16", 1), e("2026-11-17", 1),
      ],
      habits: [stretch], asOf: "2026-11-18")
    // Starts on its first entry, Tue 3 (Mon 2 is not due: the week needs min(2, 6) = 2).
    // Week of Mon 2: met on Thu 5 (1 week). Week of Mon 9: 1 of 2 (the 14th says no), but
    // not over through Sun 15, so 1 stands; on Mon 16 it is over and missed: 0, until
    // Tue 17 meets the week of Mon 16: 1. No rest days for weekly habits.
    #expect(
      Self.lines(rows, "stretch") == [
        "03 1 1 0 0", "04 - . 0 0", "05 1 1 1 1", "06 - . 1 1", "07 - . 1 1", "08 - . 1 1",
        "09 - . 1 1", "10 - . 1 1", "11 1 1 1 1", "12 - . 1 1", "13 - . 1 1", "14 0 0 1 1",
        "15 - . 1 1", "16 1 1 0 1", "17 1 1 1 1", "18 - . 1 1",
      ])
    #expect(rows.map(\.weekDays) == [1, 1, 2, 2, 2, 2, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2])
    #expect(rows.allSatisfy { $0.weekTarget == 2 && !$0.restDay && $0.milestone == nil })
  }

  @Test func aBackfillWindowLimitsTheReplayAsForGoals() {
    // Done every day 1-10 Nov, as of the 10th. With `backfill_days = 4` the replay covers
    // 7-10 Nov only: the days before keep their rows with no streak; the streak counts 1-4
    // from the 7th and the 3-day badge comes on the 9th. Without it: 1-10, badges 3 and 7
    // on the 3rd and the 7th.
    let meditate = HabitDefinition(key: "meditate", kind: .check)
    let samples = (1...10).map { d in
      Self.entry("meditate", String(format: "2026-11-%02d", d), .amount(1))
    }
    let windowed = AggregateComputation.compute(
      samples: samples, asOf: S.day("2026-11-10"),
      settings: AggregateSettings(goals: [], backfillDays: 4, habits: [meditate])
    ).habits
    #expect(windowed.map(\.streak) == [0, 0, 0, 0, 0, 0, 1, 2, 3, 4])
    #expect(windowed.map(\.best) == [0, 0, 0, 0, 0, 0, 1, 2, 3, 4])
    #expect(windowed.map(\.milestone) == [nil, nil, nil, nil, nil, nil, nil, nil, 3, nil])
    #expect(windowed.allSatisfy { $0.met && $0.state == "1" })
    let (whole, _) = Self.rows(samples, habits: [meditate], asOf: "2026-11-10")
    #expect(whole.map(\.streak) == Array(1...10))
    #expect(whole.compactMap(\.milestone) == [3, 7] && whole[2].milestone == 3)
  }

  @Test func anArchivedHabitKeepsItsRowsAndStreak() {
    // Archived habits are left out of the report only (docs/habits.md): the table keeps
    // them. Done 10 and 11 Nov, nothing on the 12th (as-of, not over): 2, 2.
    let walk = HabitDefinition(key: "walk", kind: .check, archived: true)
    let (rows, _) = Self.rows(
      [Self.entry("walk", "2026-11-10", .amount(1)), Self.entry("walk", "2026-11-11", .amount(1))],
      habits: [walk], asOf: "2026-11-12")
    #expect(Self.lines(rows, "walk") == ["10 1 1 1 1", "11 1 1 2 2", "12 - . 2 2"])
  }

  @Test func habitValuesNeverReachDailyValuesBaselinesOrScores() {
    var health: [Sample] = []
    for d in 1...20 {
      let day = String(format: "2026-11-%02d", d)
      health.append(
        S.sample(.steps, "\(day) 12:00:00 +0000", minutes: 60, value: Double(6000 + d * 100)))
      health.append(S.sample(.hrvSDNN, "\(day) 07:00:00 +0000", value: Double(40 + d % 5)))
      health.append(Self.entry("steps", day, .amount(99_999), unit: "count"))
    }
    let habit = [HabitDefinition(key: "steps", kind: .count)]
    let settings = AggregateSettings(habits: habit)
    let asOf = S.day("2026-11-20")
    let without = AggregateComputation.compute(
      samples: health.filter { $0.metric != .habit }, asOf: asOf, settings: settings)
    let with = AggregateComputation.compute(samples: health, asOf: asOf, settings: settings)
    #expect(with.daily == without.daily)
    #expect(with.baselines == without.baselines)
    #expect(with.scores == without.scores)
    #expect(with.streaks == without.streaks)
    #expect(with.weekly == without.weekly)
    #expect(with.habits.count == 20 && without.habits.isEmpty)
  }
}
