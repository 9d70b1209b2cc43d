import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Report

/// The report's Habits section, the Markdown table and the e-mail's habits line, from a
/// `habits` table written by hand (docs/report.md, "Habits"). As-of Sun 6 Jul 2025; its
/// week is Mon 30 Jun - Sun 6 Jul.
@Suite struct HabitsSectionTests {
  static let asOf = ReportFixture.asOf

  static let habits = [
    HabitDefinition(key: "meditate", kind: .check),
    HabitDefinition(key: "read", kind: .duration, goal: 30, frequency: .perWeek(3)),
    HabitDefinition(
      key: "water", kind: .count, goal: 8, unit: "glasses", since: asOf.adding(days: 1)),
    HabitDefinition(key: "stretch", kind: .check),
    HabitDefinition(
      key: "alcohol", name: "No alcohol", kind: .count, goal: 0, unit: "drinks", target: .atMost),
    HabitDefinition(key: "walk", kind: .check, archived: true),
  ]

  /// Rows of one habit ending at as-of: one state character a day, the last one's value,
  /// streak, best and week fields given.
  static func rows(
    _ habit: String, _ states: String, unit: String = "check", value: Double? = nil,
    streak: Int64 = 0, best: Int64 = 0, restDay: Bool = false, week: (Int64, Int64)? = nil
  ) -> [HabitDayRow] {
    let first = asOf.adding(days: -(states.count - 1))
    return states.enumerated().map { i, c in
      var r = HabitDayRow(habit: habit, day: first.adding(days: i), unit: unit)
      r.state = String(c)
      r.met = c == "1"
      r.value = c == "1" || c == "0" ? 1 : nil
      if i == states.count - 1 {
        r.value = value ?? r.value
        (r.streak, r.best, r.restDay) = (streak, best, restDay)
        (r.weekDays, r.weekTarget) = (week?.0, week?.1)
      }
      return r
    }
  }

  static func inputs() throws -> ReportInputs {
    var inputs = Fixtures.inputs(ReportFixture())
    inputs.habits =
      rows("meditate", "1101111" + "1s11011", streak: 5, best: 9, restDay: true)
      + rows(
        "read", "1.1.0.0" + "1.1...0", unit: "min", value: 20, streak: 1, best: 4, week: (2, 3))
      + rows("stretch", "1.1..1s")
      + rows("alcohol", "111100", unit: "drinks", value: 1, streak: 0, best: 4)
      + rows("walk", "1111111")
    inputs.facts.habits = habits
    return inputs
  }

  @Test func todayCountsTheHabitsDueAndEachHabitSaysItsDay() throws {
    let model = try ReportModelBuilder.build(try Self.inputs(), asOf: Self.asOf, window: 30)
    let s = try #require(model.habits)
    // Archived walk is left out; water starts tomorrow. Due today: meditate (done), read
    // and alcohol (missed); stretch is skipped.
    #expect(s.habits.map(\.definition.key) == ["meditate", "read", "water", "stretch", "alcohol"])
    #expect(HabitWords.today(s) == "1 of 3 done today")
    #expect(
      s.habits.map(HabitWords.day) == [
        "done", "20 of 30 min", "not started yet", "skipped", "1 drink (at most 0)",
      ])
    #expect(
      s.habits.map { HabitWords.goal($0.definition) } == [
        "Daily", "3 days a week: 30 min", "Daily: 8 glasses", "Daily", "Daily: at most 0 drinks",
      ])
    #expect(HabitWords.streak(s.habits[0]) == "5 days in a row · best 9 days · 1 rest day in hand")
    #expect(
      HabitWords.streak(s.habits[1]) == "1 week in a row · best 4 weeks · this week 2 of 3 days")
    #expect(HabitWords.streak(s.habits[4]) == "No streak running · best 4 days")
    #expect(HabitWords.streak(s.habits[3]) == "No streak yet")
    // The strip: the last 14 days; alcohol's before its first day are empty.
    #expect(String(s.habits[0].strip.map { $0 ?? "-" }) == "1101111" + "1s11011")
    #expect(s.habits[4].strip.prefix(8).allSatisfy { $0 == nil })
  }

  @Test func theSectionSitsUnderTheHeroWithAStripPerHabit() throws {
    let model = try ReportModelBuilder.build(try Self.inputs(), asOf: Self.asOf, window: 30)
    let html = HTMLReport.render(model)
    let section = try #require(html.range(of: "<section aria-labelledby=\"habits-title\""))
    let hero = try #require(html.range(of: "aria-labelledby=\"hero-title\""))
    let pinned = try #require(html.range(of: "aria-labelledby=\"pinned-title\""))
    #expect(hero.lowerBound < section.lowerBound && section.lowerBound < pinned.lowerBound)
    #expect(html.contains("<strong>1 of 3 done today</strong>"))
    #expect(!html.contains(">Walk<"))
    // Meditate's strip "1101111" + "1s11011": 11 met, 2 missed, 1 skipped (Tue 1 Jul).
    #expect(
      html.contains(
        "14 days: 11 met, 2 missed, 0 kept by a rest day, 1 skipped, 0 with nothing logged."))
    #expect(html.contains("<title>Fri 4 Jul: missed</title>"))
    #expect(html.contains("<title>Tue 1 Jul: skipped</title>"))
    // Read's: "1.1.0.0" + "1.1...0": its days with nothing logged are dots.
    #expect(
      html.contains(
        "14 days: 4 met, 3 missed, 0 kept by a rest day, 0 skipped, 7 with nothing logged."))
  }

  @Test func theMarkdownTableSaysTheSame() throws {
    let model = try ReportModelBuilder.build(try Self.inputs(), asOf: Self.asOf, window: 30)
    let md = MarkdownReport.render(model, markdownPath: "/tmp/out/report.md")
    #expect(md.markdown.contains("**1 of 3 done today**"))
    #expect(
      md.markdown.contains(
        "| Meditate | done | Daily | 5 days in a row · best 9 days · 1 rest day in hand |"))
    #expect(
      md.markdown.contains(
        "| No alcohol | 1 drink (at most 0) | Daily: at most 0 drinks | No streak running · best 4 days |"
      ))
    #expect(md.svgFiles.contains { $0.path.hasSuffix("report-habit-1.svg") })
  }

  @Test func withoutHabitsShownThereIsNoSectionAndNoEmailLine() throws {
    // No habits table at all, and a table whose only habit is archived: nothing to show.
    var archivedOnly = Fixtures.inputs(ReportFixture())
    archivedOnly.habits = Self.rows("walk", "1111111")
    archivedOnly.facts.habits = [Self.habits[5]]
    for inputs in [Fixtures.inputs(ReportFixture()), archivedOnly] {
      let model = try ReportModelBuilder.build(inputs, asOf: Self.asOf, window: 30)
      #expect(model.habits == nil)
      #expect(!HTMLReport.render(model).contains("habits-title"))
      #expect(!MarkdownReport.render(model, markdownPath: "/tmp/r.md").markdown.contains("Habits"))
      let digest = try WeeklyDigestBuilder.build(inputs, asOf: Self.asOf, attachmentWindow: 30)
      #expect(digest.habits == nil)
      #expect(!PlainTextReport.render(digest).contains("HABITS"))
    }
  }

  @Test func theEmailHasOneHabitsLine() throws {
    let digest = try WeeklyDigestBuilder.build(
      try Self.inputs(), asOf: Self.asOf, attachmentWindow: 30)
    // This week (Mon 30 Jun - Sun 6 Jul): meditate 5 met of 7 days, 1 skipped; read 2 of
    // its 3; stretch 3 of 7 less 1 skipped; alcohol 4 of its 6 days.
    #expect(
      digest.habits
        == "Meditate 5 of 6 days · Read 2 of 3 days · Stretch 3 of 6 days · No alcohol 4 of 6 days")
    #expect(PlainTextReport.render(digest).contains("HABITS THIS WEEK\n  Meditate 5 of 6 days"))
  }
}
