import Foundation
import HealthCore
import HealthModel
import Testing

@testable import Report

/// The weekly e-mail's content, from the hand-made fixture (as-of Sun 6 Jul 2025, ISO week
/// 2025-W27 = Mon 30 Jun – Sun 6 Jul; the week before is Mon 23 – Sun 29 Jun).
@Suite("Weekly digest: week against the week before")
struct WeeklyDigestTests {
  /// The fixture plus daily scores over both weeks (the fixture alone has only the as-of
  /// day's row): wellness 60, 65, 70, 75, 80, 85 Mon–Sat and the fixture's 74 on Sunday;
  /// last week wellness 50 on Tue 24 and 55 on Thu 26 Jun.
  static func fixtureWithScores() -> ReportFixture {
    var f = ReportFixture()
    let monday = ReportFixture.asOf.isoWeek.monday
    for (i, w) in [60, 65, 70, 75, 80, 85].enumerated() {
      var r = ScoreRow(day: monday.adding(days: i))
      r.wellness = Int64(w)
      r.sleep = 70
      f.scores.append(r)
    }
    for (offset, w) in [(-6, 50), (-4, 55)] {
      var r = ScoreRow(day: monday.adding(days: offset))
      r.wellness = Int64(w)
      r.sleep = 90
      f.scores.append(r)
    }
    return f
  }

  static func digest(_ f: ReportFixture, asOf: LocalDay = ReportFixture.asOf) throws
    -> WeeklyDigest
  {
    try WeeklyDigestBuilder.build(Fixtures.inputs(f), asOf: asOf, attachmentWindow: 30)
  }

  @Test("scores are weekly means of the daily scores, rounded half up, with the as-of note")
  func scores() throws {
    let d = try Self.digest(Self.fixtureWithScores())
    let byName = Dictionary(uniqueKeysWithValues: d.scores.map { ($0.name, $0) })
    #expect(d.scores.map(\.name) == ["Wellness", "Condition", "Sleep", "Body"])
    // (60+65+70+75+80+85+74)/7 = 509/7 = 72.71 → 73; (50+55)/2 = 52.5 → 53 (half up).
    #expect(byName["Wellness"]?.thisWeek == 73)
    #expect(byName["Wellness"]?.lastWeek == 53)
    #expect(byName["Wellness"]?.daysThisWeek == 7)
    #expect(byName["Wellness"].flatMap(DigestWords.scoreChange) == "+20")
    // Sleep: 70 × 6 and the fixture's 81 → 501/7 = 71.57 → 72; last week 90 twice.
    #expect(byName["Sleep"]?.thisWeek == 72)
    #expect(byName["Sleep"].flatMap(DigestWords.scoreChange) == "-18")
    // Condition only on Sunday (68); none last week.
    #expect(byName["Condition"]?.thisWeek == 68)
    #expect(byName["Condition"]?.lastWeek == nil)
    #expect(byName["Condition"].map(DigestWords.scoreLastWeek) == "last week: none")
    // Body never: the as-of day's note says why.
    #expect(byName["Body"]?.thisWeek == nil)
    #expect(byName["Body"]?.note == "needs 2 weigh-ins a week")
    #expect(d.coaching == "Keep your bedtime steady <tonight> & aim for 7½ h.")
    #expect(DigestWords.subject(d) == "Your health week 30 Jun – 6 Jul: wellness 73 (good)")
  }

  @Test("pinned metrics: this week's and last week's means from the fixture's own values")
  func pinned() throws {
    let f = ReportFixture()
    let d = try Self.digest(f)
    #expect(d.pinned.map(\.presentation.metric) == [.hrvLnSDNN, .restingHeartRate, .sleepAsleep])
    // Independent means over the fixture's raw canonical values of each week.
    func mean(_ m: MetricID, _ from: LocalDay) -> (Double, Int) {
      let v = (0..<7).compactMap { f.value(m, on: from.adding(days: $0)) }
      return (v.reduce(0, +) / Double(v.count), v.count)
    }
    let monday = LocalDay(year: 2025, month: 6, day: 30)!
    let lastMonday = LocalDay(year: 2025, month: 6, day: 23)!
    let rhr = d.pinned[1]
    #expect(abs(rhr.thisWeek! - mean(.restingHeartRate, monday).0) < 1e-9)
    #expect(abs(rhr.lastWeek! - mean(.restingHeartRate, lastMonday).0) < 1e-9)
    #expect(rhr.daysWithData == mean(.restingHeartRate, monday).1)
    #expect(rhr.daysInWeek == 7)
    // HRV is averaged as ln(SDNN) and shown as exp (the geometric mean in ms).
    #expect(abs(d.pinned[0].thisWeek! - exp(mean(.hrvLnSDNN, monday).0)) < 1e-9)
    // Sleep minutes shown in hours; "nights" for sleep coverage.
    #expect(abs(d.pinned[2].thisWeek! - mean(.sleepAsleep, monday).0 / 60) < 1e-9)
    #expect(DigestWords.coverage(d.pinned[2]).hasSuffix(" of 7 nights"))
  }

  @Test("a pinned metric outside the weekly table is averaged from its daily values")
  func pinnedNonKeyMetric() throws {
    // ln(RMSSD), the aggregate's HRV pin for a person without SDNN, has no weekly rows
    // (docs/aggregate.md, "Pinned metrics"); the report reads the pin back with the one
    // resolver (`PinnedMetrics.recorded`).
    var f = ReportFixture()
    f.facts.pinned = ["hrvLnRMSSD", "restingHeartRate"]
    let rmssd = MetricID.hrvLnRMSSD
    // This week 40 ms on Tue 1 and 90 ms on Fri 4 Jul → geometric mean √(40 × 90) = 60 ms;
    // last week 39 ms on Wed 25 Jun.
    for (day, v) in [(1, 40.0), (4, 90.0)] {
      f.daily.append(
        DailyValue(
          day: LocalDay(year: 2025, month: 7, day: day)!, metric: rmssd, value: log(v),
          count: 1, unit: "ln(ms)"))
    }
    f.daily.append(
      DailyValue(
        day: LocalDay(year: 2025, month: 6, day: 25)!, metric: rmssd, value: log(39), count: 1,
        unit: "ln(ms)"))
    let d = try Self.digest(f)
    let m = try #require(d.pinned.first)
    #expect(m.presentation.metric == rmssd)
    #expect(abs(try #require(m.thisWeek) - 60) < 1e-9)
    #expect(abs(try #require(m.lastWeek) - 39) < 1e-9)
    #expect(m.daysWithData == 2)
    // Its chart shows the three days at their places among the fourteen.
    let chart = try #require(d.charts.first { $0.metric.presentation.metric == rmssd })
    let shown = chart.values.compactMap { $0 }
    #expect(shown.count == 3)
    #expect(zip(shown, [39.0, 40, 90]).allSatisfy { abs($0 - $1) < 1e-9 })
    #expect(abs((chart.values[2] ?? 0) - 39) < 1e-9)  // Wed 25 Jun is day 2 from Mon 23 Jun
    #expect(abs((chart.values[8] ?? 0) - 40) < 1e-9)  // Tue 1 Jul
  }

  @Test("charts: the pinned metrics, fourteen days from last Monday, future days empty")
  func charts() throws {
    let f = ReportFixture()
    // As of Wednesday 2 Jul: this week has three days so far.
    let d = try Self.digest(f, asOf: LocalDay(year: 2025, month: 7, day: 2)!)
    #expect(d.charts.count == 3)
    #expect(d.daysSoFar == 3)
    #expect(d.partialWeek)
    for c in d.charts {
      #expect(c.days.first == LocalDay(year: 2025, month: 6, day: 23))
      #expect(c.days.count == 14)
      #expect(c.asOfIndex == 9)
      #expect(c.values[10...].allSatisfy { $0 == nil })
    }
    let rhr = d.charts[1]
    for (i, day) in rhr.days.prefix(10).enumerated() {
      #expect(rhr.values[i] == f.value(.restingHeartRate, on: day), "\(day)")
    }
    #expect(DigestWords.period(d) == "Week 27 · 30 Jun – 6 Jul 2025 (3 days so far)")
  }

  @Test("fewer than two pinned metrics with data: filled up to two charts")
  func chartFallback() throws {
    var f = ReportFixture()
    f.facts.pinned = ["bodyMass"]
    let d = try Self.digest(f)
    #expect(
      d.charts.map(\.metric.presentation.metric) == [.bodyMass, .sleepAsleep])
  }

  @Test("goals: this week's days against the target, streaks in plain words")
  func goals() throws {
    let d = try Self.digest(ReportFixture())
    #expect(d.goals.map(\.name) == ["active", "steps"])
    let active = d.goals[0]
    // The weekly row: 3 goal days, target 5, and the week is over on Sunday.
    #expect(DigestWords.goalWeek(active) == "3 of 5 days, target missed")
    #expect(DigestWords.goalFraction(active) == 0.6)
    // The longest run is the row's (19 days); the freeze of 27 Jun was last week.
    #expect(
      DigestWords.goalStreaks(active, monday: d.monday, asOf: d.asOf) == [
        "Streak: 12 days in a row, next milestone 14 days; longest 19 days"
      ])
    let steps = d.goals[1]
    #expect(DigestWords.goalWeek(steps) == "no data for this goal this week")
    #expect(
      DigestWords.goalStreaks(steps, monday: d.monday, asOf: d.asOf) == [
        "4 weeks in a row at 3 days a week (longest 6 weeks)"
      ])
  }

  @Test("goal words on a Wednesday: days to go; a rest day in hand and one used")
  func goalWordsMidWeek() throws {
    var f = ReportFixture()
    let wednesday = LocalDay(year: 2025, month: 7, day: 2)!
    f.streaks[0].current = 1
    f.streaks[0].freezeAvailable = true
    f.streaks[0].freezesUsed = "2025-06-27,2025-06-30"
    f.streaks[0].nextMilestone = 3
    f.streaks[1].current = 1
    f.streaks[1].target = 1
    let d = try Self.digest(f, asOf: wednesday)
    let active = d.goals[0]
    // The fixture's weekly row is as of Sunday, so the daily goal rows count: day i is a
    // goal day when i·7 mod 5 < 3; Mon–Wed are days 143, 144, 145 → 1001, 1008, 1015 mod 5
    // = 1, 3, 0 → 2 goal days; the target is the facts' goal active's weeklyTarget, 5. After
    // Wednesday the week has 4 days left (Thu–Sun), and 3 more goal days are needed.
    #expect(DigestWords.goalWeek(active) == "2 of 5 days; 3 more in the 4 days left")
    #expect(
      DigestWords.goalStreaks(active, monday: d.monday, asOf: d.asOf) == [
        "Streak: 1 day in a row, next milestone 3 days; longest 19 days",
        "1 rest day in hand; rest day used on Mon 30 Jun",
      ])
    #expect(
      DigestWords.goalStreaks(d.goals[1], monday: d.monday, asOf: d.asOf) == [
        "1 week in a row at 1 day a week (longest 6 weeks)"
      ])
    // Needing more goal days than days are left: out of reach, said with the days left.
    var late = active
    late.daysMet = 0
    late.daysInWeek = 6
    #expect(DigestWords.goalWeek(late) == "0 of 5 days; 1 day left, out of reach this week")
    // A week that is over but began before the data: never "missed".
    late.daysInWeek = 7
    late.wholeWeekObserved = false
    #expect(DigestWords.goalWeek(late) == "0 of 5 days (your data began during this week)")
  }

  @Test("plurals: one day, night, week and workout; zero and many plural")
  func plurals() {
    #expect(Plural.count(1, "day") == "1 day")
    #expect(Plural.count(2, "day") == "2 days")
    #expect(Plural.count(0, "night") == "0 nights")
    #expect(Plural.count(1, "night") == "1 night")
    #expect(Plural.count(1_204, "workout") == "1,204 workouts")
    #expect(Plural.of(1, 1, "night") == "1 of 1 night")
    #expect(Plural.of(1, 7, "night") == "1 of 7 nights")
    #expect(Plural.of(0, 1, "day") == "0 of 1 day")
  }

  @Test("date ranges across months and years")
  func ranges() {
    let d = { (y: Int, m: Int, day: Int) in LocalDay(year: y, month: m, day: day)! }
    #expect(DigestWords.range(d(2026, 11, 9), d(2026, 11, 15)) == "9–15 Nov 2026")
    #expect(DigestWords.range(d(2026, 10, 26), d(2026, 11, 1)) == "26 Oct – 1 Nov 2026")
    #expect(DigestWords.range(d(2025, 12, 29), d(2026, 1, 4)) == "29 Dec 2025 – 4 Jan 2026")
  }
}

extension WeeklyDigestTests {
  @Test("as of a day before the weekly table's as-of: means from the days up to it")
  func earlierAsOf() throws {
    // The fixture's weekly rows are as of Sunday; as of Monday 30 Jun only that day counts.
    let f = ReportFixture()
    let monday = LocalDay(year: 2025, month: 6, day: 30)!
    let d = try Self.digest(f, asOf: monday)
    let rhr = d.pinned[1]
    #expect(rhr.thisWeek == f.value(.restingHeartRate, on: monday))
    #expect(rhr.daysWithData == 1)
    #expect(rhr.daysInWeek == 1)
    let lastWeek = (0..<7).compactMap {
      f.value(.restingHeartRate, on: LocalDay(year: 2025, month: 6, day: 23 + $0)!)
    }
    #expect(abs(rhr.lastWeek! - lastWeek.reduce(0, +) / Double(lastWeek.count)) < 1e-9)
  }
}
