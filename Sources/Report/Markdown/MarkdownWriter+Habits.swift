extension MarkdownWriter {
  /// The Habits section (docs/report.md, "Habits"): today's count and a table row per
  /// habit (its day, goal and streak), then each habit's last two weeks as an SVG strip.
  mutating func habits(_ m: ReportModel) {
    guard let s = m.habits else { return }
    para("## Habits")
    para("**\(e(HabitWords.today(s)))** · \(e(LocalDayText.short(s.asOf, year: year)))")
    line("| Habit | Today | Goal | Streak |")
    line("|---|---|---|---|")
    for h in s.habits {
      let streak = HabitWords.streak(h)
      line(
        "| \(e(h.definition.name)) | \(e(HabitWords.day(h))) | \(e(HabitWords.goal(h.definition)))"
          + " | \(streak.isEmpty ? "—" : e(streak)) |")
    }
    line()
    for note in s.habits.compactMap({ h in h.definition.note.map { "\(h.definition.name): \($0)" } }
    ) {
      para("_\(e(note))_")
    }
    var strips: [String] = []
    for (i, h) in s.habits.enumerated() where h.today != nil {
      strips.append(image(HabitStrip.scene(h, summary: s, id: "habit-\(i + 1)")))
    }
    if !strips.isEmpty {
      para(strips.joined(separator: "  \n"))
      para(
        "_■ met · □ missed · ◆ kept by a rest day · – skipped · · nothing logged; underlined: "
          + "today._")
    }
  }
}
