import HealthModel

extension WhoopRow {
  typealias WorkoutColumn = WhoopLayouts.WorkoutColumn

  /// A row of `workouts.csv`: a workout (minutes, the activity as category) with its energy
  /// and distance over the same interval, so clean sees one session (docs/clean.md,
  /// "Workouts").
  func readWorkout(_ cycle: Cycle, zone: inout LocalTimeZone) throws {
    let start = rows.time(
      WorkoutColumn.start.rawValue, offset: cycle.offset, zone: &zone, what: Self.what)
    let end = rows.time(
      WorkoutColumn.end.rawValue, offset: cycle.offset, zone: &zone, what: Self.what)
    let activity = rows.text(WorkoutColumn.activity.rawValue)
    let dependent = [WorkoutColumn.energy, .distance].map(\.rawValue)
    func rejectWorkout(_ code: RejectCode, _ reason: String) throws {
      try rows.reject(
        type: "workout", code, reason, metric: .workout, value: activity,
        start: start.time?.epoch, utcOffset: cycle.offset, unit: "min")
      try rows.rejectAll(dependent, code, "the workout: " + reason, metric: .workout)
    }
    guard case .time(let from) = start, case .time(let to) = end, to.epoch >= from.epoch else {
      let problem = OuraTrendsRow.bedtimeProblem(start: start, end: end)
      return try rejectWorkout(
        problem.code,
        problem.reason.replacingOccurrences(of: "Bedtime Start", with: "Workout start time")
          .replacingOccurrences(of: "Bedtime End", with: "Workout end time"))
    }
    guard !activity.isEmpty else {
      return try rejectWorkout(.missingField, "Activity name is empty")
    }
    let span = VendorRows.Span(start: from.epoch, end: to.epoch, offset: from.offset)
    let target = VendorRows.Target(metric: .workout, unit: "min", category: activity)
    var minutes = Double(to.epoch - from.epoch) / 60
    if let duration = rows.number(WorkoutColumn.duration.rawValue) {
      guard case .success(let d) = duration else {
        return try rejectWorkout(.badNumber, "Duration '\(rows.text(5))' is not a number")
      }
      minutes = d
    }
    try rows.keep(rows.sample(target, minutes, span), type: "workout")
    try rows.keepNumber(
      WorkoutColumn.energy.rawValue,
      as: VendorRows.Target(metric: .workoutEnergy, unit: "kcal", category: activity), over: span)
    try rows.keepNumber(
      WorkoutColumn.distance.rawValue,
      as: VendorRows.Target(metric: .workoutDistance, unit: "m", category: activity), over: span)
  }

  /// A row of `journal_entries.csv`: the answer (1 yes, 0 no) under the metric
  /// `WHOOP journal: <question>`, a whole-day row of the cycle's day (the day the question
  /// is about). The notes are free text, not read.
  func readJournal(_ cycle: Cycle) throws {
    let c = WhoopLayouts.JournalColumn.self
    guard let answer = rows.cell(c.answer.rawValue) else { return }
    let question = rows.text(c.question.rawValue)
    let metric = MetricID("WHOOP journal: " + (question.isEmpty ? "(no question)" : question))
    let text = String(decoding: answer, as: UTF8.self)
    let day = cycle.daySpan
    guard let value = Self.yesNo(text) else {
      return try rows.reject(
        column: c.answer.rawValue, .badNumber, "'\(text)' is neither yes nor no",
        metric: metric, start: day.start, end: day.end, utcOffset: day.offset)
    }
    try rows.keep(
      rows.sample(VendorRows.Target(metric: metric, unit: "count"), value, day),
      column: c.answer.rawValue)
  }

  /// 1 for yes, 0 for no, in the forms WHOOP writes (`true`, `TRUE`, `false`, `Sí`, …).
  static func yesNo(_ text: String) -> Double? {
    switch text.lowercased() {
    case "true", "yes", "y", "1", "sí", "si", "ja", "oui": 1
    case "false", "no", "n", "0", "nein", "non": 0
    default: nil
    }
  }
}
