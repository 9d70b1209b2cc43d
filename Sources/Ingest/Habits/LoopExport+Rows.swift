import HealthModel

extension LoopExport {
  /// Loop's entry codes: the words 2.3.1 writes and the numbers before it.
  static let codes: [String: Int] = [
    "YES_MANUAL": 2, "YES_AUTO": 1, "NO": 0, "SKIP": 3, "UNKNOWN": -1,
  ]

  /// The outcomes of the rows of `habit`'s `Checkmarks.csv` (docs/habits.md, "Loop Habit
  /// Tracker"): a yes/no habit's 2 is done and 0 not done (before 2.0 a 0 is a day without
  /// an entry, as that version writes every day), 3 a skip, 1 (implied by the frequency)
  /// and −1 (unknown) are not kept; a measurable habit's number is its amount × 1000
  /// (before 2.0 a 0 is a day without an entry), 3 (SKIP) a skip, −1 not kept.
  mutating func read(
    _ rows: LoopCSV, of habit: LoopHabit, folder: String, isFuture: (LocalDay) -> Bool
  ) {
    let key = habit.definition.key
    let type = "habit." + key
    let file = folder + "/Checkmarks.csv"
    for r in rows.records where !LoopFolders.isHeader(r) {
      let record = Int64(habit.row.number) * 1_000_000 + Int64(r.line)
      let valueText = r.fields.count > 1 ? r.fields[1] : ""
      var day: LocalDay?
      func reject(_ code: RejectCode, _ reason: String) {
        items.append(
          Item(
            record: record, type: type,
            outcome: .reject(
              code: code, reason: "\(file) line \(r.line): \(reason)", day: day,
              valueText: valueText)))
      }
      guard r.fields.count >= 2, !r.unterminated else {
        r.unterminated && r.fields.count >= 2
          ? reject(.malformed, "the row ends the file without a line break: it may be cut short")
          : reject(
            .wrongFieldCount, "the row has \(r.fields.count) field(s); Loop writes date,value")
        continue
      }
      day = LocalDay(iso: r.fields[0])
      guard let day else {
        reject(.badDate, "date '\(r.fields[0])' is not yyyy-MM-dd")
        continue
      }
      guard let code = Self.codes[valueText.uppercased()] ?? Int(valueText) else {
        reject(
          .badNumber,
          "value '\(valueText)' is not a Loop entry (YES_MANUAL, NO, SKIP or a number)")
        continue
      }
      if r.fields.count > 2, !r.fields[2].isEmpty { notKept["notesNotKept", default: 0] += 1 }
      let value: HabitValueText.Value
      switch entryValue(code, habit: habit) {
      case .value(let v): value = v
      case .notKept(let why):
        notKept[why, default: 0] += 1
        continue
      case .refused(let code, let reason):
        reject(code, reason)
        continue
      }
      guard !isFuture(day) else {
        reject(.futureDate, "\(day) is after the day the export was saved: a date in the future")
        continue
      }
      items.append(
        Item(
          record: record, type: type,
          outcome: .entry(key: key, day: day, value: value, unitWord: habit.definition.unitWord)))
    }
  }

  private enum EntryValue {
    case value(HabitValueText.Value)
    case notKept(String)
    case refused(RejectCode, String)
  }

  private func entryValue(_ code: Int, habit: LoopHabit) -> EntryValue {
    let old = dialect == .v18
    if habit.numerical {
      if code < 0 {
        return code == -1 && !old
          ? .notKept("unknown") : .refused(.outOfRange, "amount \(code) is negative")
      }
      if code == 3 && !old { return .value(.skip) }
      if code == 0 && old { return .notKept("noEntry") }
      return .value(.amount(Double(code) * habit.scale))
    }
    switch code {
    case 2: return .value(.amount(1))
    case 1: return .notKept("yesAuto")
    case 0: return old ? .notKept("noEntry") : .value(.amount(0))
    case 3 where !old: return .value(.skip)
    case -1 where !old: return .notKept("unknown")
    default:
      return .refused(
        .badNumber,
        "value \(code) is not an entry of a yes/no habit (YES_MANUAL, YES_AUTO, NO, SKIP)")
    }
  }
}
