/// The sentences of the sleep and body-signal sections, shared by the HTML page and the
/// Markdown file so both say the same thing.
enum SleepWords {
  /// `27 of 30 nights with data, and 1 partial night`, or `Mean night per month`.
  static func summary(_ m: ReportModel) -> String {
    guard m.grouping == .day else {
      return "Mean night per \(m.grouping == .week ? "week" : "month")"
    }
    // A night "with data" has asleep time, as in the header's count; time in bed alone
    // (a phone's in-bed record) and partial nights are said apart.
    let asleep = m.nights.filter { $0.asleep != nil && !$0.partial }.count
    let inBedOnly = m.nights.filter { $0.asleep == nil && $0.inBed != nil && !$0.partial }.count
    let partial = m.nights.filter(\.partial).count
    var text = "\(asleep) of \(Words.count(m.nights.count, "night")) with sleep recorded"
    if inBedOnly > 0 { text += ", \(Words.count(inBedOnly, "more night")) with time in bed only" }
    if partial > 0 { text += ", \(Words.count(partial, "partial night"))" }
    return text
  }

  /// What a bar is, and what a partial night looks like.
  static func caption(_ m: ReportModel) -> String {
    guard m.nights.contains(where: \.hasData) else {
      return "No sleep recorded in the \(m.windowPhrase)."
    }
    var text =
      m.grouping == .day
      ? "Each bar is a night: deep sleep at the bottom, then core, REM, asleep without a stage, and time awake; the dashed outline is the time in bed."
      : "Each bar is the mean night of a \(m.grouping == .week ? "week" : "month"): deep at the bottom, then core, REM, no stage, awake; dashed: time in bed."
    if m.nights.contains(where: { $0.napNote != nil }) {
      text += " A dot above a bar marks a nap that day, never counted in the night."
    }
    if m.nights.contains(where: \.partial) {
      text +=
        " An outlined grey bar is a partial night, cut off by the export: shown, but left out of every average, score and goal."
    }
    return text
  }

  /// The line shown instead of an empty wrist-temperature chart.
  static func noWristTemperature(_ m: ReportModel) -> String {
    "No wrist temperature in the \(m.windowPhrase) with enough nights before it to compare (14 in the 60 days before)."
  }
}
