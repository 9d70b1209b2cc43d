import HealthModel
import Testing

/// Habit names, values, frequencies and the met rule (docs/habits.md).
@Suite struct HabitDefinitionTests {
  @Test func keysIgnoreCaseBlanksAndPunctuation() {
    #expect(HabitName.key("Read, write / draw") == "read_write_draw")
    #expect(HabitName.key("  Drink   water ") == "drink_water")
    #expect(HabitName.key("read-write_draw") == "read_write_draw")
    #expect(HabitName.key("Méditer") == "méditer")
    #expect(HabitName.key("!!!") == "habit")
    #expect(HabitName.title(ofKey: "drink_water") == "Drink water")
  }

  @Test func valuesAreReadByTheHabitsKind() {
    func value(_ text: String, _ kind: HabitKind) -> HabitValueText.Value? {
      try? HabitValueText.parse(text, kind: kind).get()
    }
    func code(_ text: String, _ kind: HabitKind) -> RejectCode? {
      if case .failure(let r) = HabitValueText.parse(text, kind: kind) { return r.code }
      return nil
    }
    #expect(value("", .check) == .amount(1) && value("YES", .check) == .amount(1))
    #expect(value("no", .check) == .amount(0) && value("2", .check) == .amount(1))
    #expect(value("Skip", .count) == .skip && value("skipped", .duration) == .skip)
    #expect(value("0:30", .duration) == .amount(30) && value("1:05", .duration) == .amount(65))
    #expect(value("1.5 h", .duration) == .amount(90) && value("45min", .duration) == .amount(45))
    #expect(value("1:30:30", .duration) == .amount(90.5))
    #expect(value("8", .count) == .amount(8) && value("2.5", .count) == .amount(2.5))
    #expect(code("-1", .count) == .outOfRange && code("-0:30", .duration) == .outOfRange)
    #expect(code("lots", .count) == .badNumber && code("inf", .count) == .badNumber)
    #expect(code("nan", .duration) == .badNumber && code("0:75", .duration) == .badNumber)
    #expect(code("maybe", .check) == .badNumber && code("", .count) == .missingField)
    #expect(
      HabitValueText.minutesText(30) == "30 min" && HabitValueText.minutesText(90) == "1 h 30 min")
    #expect(
      HabitValueText.minutesText(120) == "2 h" && HabitValueText.minutesText(12.5) == "12.5 min")
  }

  @Test func frequenciesAreDailyOrDaysAWeek() {
    #expect(HabitFrequency(text: "daily") == .daily && HabitFrequency(text: "Every day") == .daily)
    #expect(HabitFrequency(text: "5 per week") == .perWeek(5))
    #expect(HabitFrequency(text: "3 times a week") == .perWeek(3))
    #expect(HabitFrequency(text: "3x per week") == .perWeek(3))
    #expect(HabitFrequency(text: "2/week") == .perWeek(2))
    #expect(HabitFrequency(text: "weekly") == .perWeek(1))
    #expect(HabitFrequency(text: "7 per week") == .daily)
    #expect(HabitFrequency(text: "0 per week") == nil && HabitFrequency(text: "8 per week") == nil)
    #expect(HabitFrequency(text: "3 per month") == nil && HabitFrequency(text: "often") == nil)
  }

  @Test func aDayMeetsAHabitByItsKindAndTarget() {
    let check = HabitDefinition(key: "m", kind: .check)
    #expect(check.isMet(1) && !check.isMet(0))
    let read = HabitDefinition(key: "r", kind: .duration, goal: 30)
    #expect(read.isMet(30) && !read.isMet(29.9))
    let alcohol = HabitDefinition(key: "a", kind: .count, goal: 0, target: .atMost)
    #expect(alcohol.isMet(0) && !alcohol.isMet(1))
    let any = HabitDefinition(key: "w", kind: .count)
    #expect(any.isMet(0.5) && !any.isMet(0))
    #expect(
      alcohol.goalText == "at most 0" && read.goalText == "30 min" && check.goalText == "done")
  }

  @Test func thePipelinesHabitsComeFirstAndAnOrderMovesAHabitUp() {
    let found = [
      HabitDefinition(key: "meditate", kind: .check, origin: "old.zip"),
      HabitDefinition(key: "walk", kind: .check, origin: "new.zip"),
    ]
    let pipeline = [
      HabitDefinition(key: "read", kind: .duration),
      HabitDefinition(key: "meditate", kind: .duration),
      HabitDefinition(key: "water", kind: .count, order: 1),
    ]
    let list = HabitDefinition.resolved(pipeline: pipeline, found: found)
    #expect(list.map(\.key) == ["water", "read", "meditate", "walk"])
    // The pipeline defines meditate: its definition wins over the export's.
    #expect(list[2].kind == .duration && list[2].origin == "pipeline")
  }
}
