import HealthModel
import Testing

@testable import Ingest

/// Every row of docs/habits.md's "Loop frequencies" table, worked out by hand: Loop's "N
/// times per D days" becomes daily or N days a week, and a measurable target per D days
/// becomes a goal per day, with a note wherever the mapping is not exact.
@Suite struct LoopHabitMappingTests {
  static func mapped(_ n: Int, _ d: Int) -> (HabitFrequency, String?) {
    LoopHabitMapping.frequency(numerator: n, denominator: d)
  }

  @Test func everyDayAndNTimesAWeekFitExactly() {
    #expect(Self.mapped(1, 1) == (.daily, nil))
    #expect(Self.mapped(3, 7) == (.perWeek(3), nil))
    #expect(Self.mapped(6, 7) == (.perWeek(6), nil))
    // 7 per 7 days is every day.
    #expect(Self.mapped(7, 7) == (.daily, nil))
  }

  @Test func moreThanOnceADayIsDailyWithANote() {
    #expect(Self.mapped(3, 1) == (.daily, "Loop's 3 times per 1 days is read as daily"))
  }

  @Test func otherPeriodsAreRoundedToDaysAWeekWithANote() {
    // 1 per 2 days: 7/2 = 3.5 a week, half rounds up to 4.
    #expect(
      Self.mapped(1, 2) == (
        .perWeek(4), "Loop's 1 time per 2 days (3.50 a week) is read as 4 per week"
      ))
    // 3 per 14 days: 21/14 = 1.5 → 2.
    #expect(
      Self.mapped(3, 14)
        == (.perWeek(2), "Loop's 3 times per 14 days (1.50 a week) is read as 2 per week"))
    // 13 per 14 days: 91/14 = 6.5 → 7, which is every day.
    #expect(
      Self.mapped(13, 14) == (.daily, "Loop's 13 times per 14 days (6.50 a week) is read as daily"))
  }

  @Test func perMonthIsPer30Or31DaysAndNeverBelowOnceAWeek() {
    // 10 a month: 70/30 = 2.33 → 2; 20 a month: 140/30 = 4.67 → 5.
    #expect(
      Self.mapped(10, 30)
        == (.perWeek(2), "Loop's 10 times per month (2.33 a week) is read as 2 per week"))
    #expect(
      Self.mapped(20, 30)
        == (.perWeek(5), "Loop's 20 times per month (4.67 a week) is read as 5 per week"))
    // Once a month: 7/31 = 0.23 a week, at least 1.
    #expect(
      Self.mapped(1, 31)
        == (.perWeek(1), "Loop's 1 time per month (0.23 a week) is read as 1 per week"))
  }

  static func row(
    unit: String, target: Double?, type: String = "AT_LEAST", n: Int = 1, d: Int = 1
  ) -> LoopHabitRow {
    LoopHabitRow(
      number: 1, name: "Walk", type: "NUMERICAL", question: "", description: "", numerator: n,
      denominator: d, unit: unit, targetType: type, targetValue: target, archived: false,
      line: 2)
  }

  @Test func aMeasurableTargetPerDaysBecomesAGoalPerDay() {
    // 20 km per week: 20 / 7 = 2.857… km a day, a count in km; amounts are stored × 1000.
    let km = LoopHabitMapping.habit(
      Self.row(unit: "km", target: 20, d: 7), numerical: true, key: "walk", dialect: .v231,
      origin: "Loop")
    #expect(km.definition.kind == .count && km.definition.unit == "km")
    #expect(abs(km.definition.goal! - 20.0 / 7) < 1e-12 && km.scale == 0.001)
    #expect(km.definition.note == "Loop's target of 20 km per 7 days is read as 2.86 km a day")
    // 1.5 hours a day, at most: a duration of 90 minutes; amounts × 60 / 1000; exact, no note.
    let hours = LoopHabitMapping.habit(
      Self.row(unit: "hours", target: 1.5, type: "AT_MOST"), numerical: true, key: "screen",
      dialect: .v231, origin: "Loop")
    #expect(hours.definition.kind == .duration && hours.definition.goal == 90)
    #expect(hours.definition.target == .atMost && hours.scale == 0.06)
    #expect(hours.definition.note == nil)
    // Before 2.3.1 there is no unit or target: a count met by any amount, said in a note.
    let old = LoopHabitMapping.habit(
      Self.row(unit: "", target: nil), numerical: true, key: "walk", dialect: .v20,
      origin: "Loop")
    #expect(old.definition.kind == .count && old.definition.goal == nil)
    #expect(
      old.definition.note == "Loop 2.0-2.3.0 exports no unit or target: met by any amount above 0")
  }
}
