/// The weekly e-mail's habits line (docs/report.md, "The weekly e-mail"): one sentence in
/// each part, after the goals, from the same summary the report's Habits section shows.
extension MailHTMLWriter {
  /// `Meditate 6 of 7 days · Read 4 of 5 days · …` under the heading "Habits this week".
  mutating func habits(_ d: WeeklyDigest) {
    guard let line = d.habits else { return }
    openSection()
    heading("Habits this week")
    el("p", line, "margin:0;font-size:14px;line-height:20px;color:\(MailStyle.text);")
    closeSection()
  }
}

extension PlainTextReport.TextWriter {
  /// The same line under `HABITS THIS WEEK`.
  mutating func habits(_ d: WeeklyDigest) {
    guard let habits = d.habits else { return }
    line()
    line("HABITS THIS WEEK")
    prose(habits, indent: "  ")
  }
}

extension WeeklyDigestBuilder {
  /// The habits line of the digest, nil without habits.
  static func habitsLine(_ model: ReportModel, inputs: ReportInputs) -> String? {
    model.habits.flatMap { HabitWords.weekLine($0, rows: inputs.habits) }
  }
}
