import HealthModel

/// Turns the rows of a habit journal into habit entries (samples of `metric = habit`,
/// `HabitEntry`) and rejects.
struct HabitJournalRows {
  let csv: CSVRecordReader
  let sink: IngestSink
  let columns: HabitJournalColumns
  let fieldCount: Int
  let habits: HabitLookup

  func read(clock: inout HabitDayClock) throws {
    let line = Int64(csv.recordLine)
    guard csv.fieldCount == fieldCount, !csv.recordUnterminated else {
      sink.read(type: "row")
      let cut = csv.fieldCount == fieldCount
      return try sink.reject(
        type: "row", code: cut ? .malformed : .wrongFieldCount,
        reason: cut
          ? "line \(line) ends the file without a line break: the file may be cut short inside "
            + "it (end the file with a line break if the row is complete)"
          : "line \(line) has \(csv.fieldCount) fields; the header has \(fieldCount)",
        metric: MetricID.habit.rawValue, record: line)
    }
    let name = csv.trimmedString(columns.habit)
    let valueText = columns.value.map { csv.trimmedString($0) } ?? ""
    let type = name.isEmpty ? "(no habit)" : "habit." + HabitName.key(name)
    sink.read(type: type)
    if let note = columns.note, !csv.trimmedField(note).isEmpty {
      sink.extra["notesNotKept", default: 0] += 1
    }
    var day: LocalDay?
    func reject(_ code: RejectCode, _ reason: String) throws {
      let start = day.map { clock.midnight(of: $0) }
      try sink.reject(
        type: type, code: code, reason: "line \(line): \(reason)",
        metric: MetricID.habit.rawValue, start: start?.epoch,
        end: start.map { $0.epoch + 86_400 }, utcOffset: start?.offset, value: valueText,
        source: HabitEntry.journalSource, record: line)
    }
    let dateText = csv.trimmedString(columns.date)
    day = HabitDayClock.day(dateText)
    guard let day else {
      return try reject(
        dateText.isEmpty ? .missingField : .badDate,
        dateText.isEmpty
          ? "the date is empty" : "date '\(dateText)' is not a date (write yyyy-MM-dd)")
    }
    guard !name.isEmpty else { return try reject(.missingField, "the habit is empty") }
    guard let habit = habits.habit(named: name) else {
      return try reject(.unknownHabit, habits.unknownReason(name))
    }
    guard !clock.isFuture(day) else {
      return try reject(.futureDate, "\(name): " + clock.futureReason(day))
    }
    let value: HabitValueText.Value
    switch HabitValueText.parse(valueText, kind: habit.kind, unit: habit.unit) {
    case .success(let v): value = v
    case .failure(let refusal): return try reject(refusal.code, "\(name): " + refusal.reason)
    }
    let midnight = clock.midnight(of: day)
    try sink.keep(
      HabitEntry.sample(
        habit: habit.key, value: value, unitWord: habit.unitWord, midnight: midnight.epoch,
        utcOffset: midnight.offset, source: HabitEntry.journalSource,
        origin: sink.origin(line)),
      type: type)
  }
}
