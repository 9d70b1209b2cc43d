import Foundation
import HealthModel

/// Loop Habit Tracker's "Export as CSV" zip, as each version writes it (its
/// `HabitsCSVExporter`, `HabitList.writeCSV` and `CheckmarkList`/`EntryList`; docs/habits.md,
/// "Loop Habit Tracker"): `Habits.csv`, then per habit `NNN Name/Scores.csv` and
/// `NNN Name/Checkmarks.csv`, then the wide `Scores.csv` and `Checkmarks.csv`.
struct LoopZipWriter {
  /// Which version's files.
  enum Dialect {
    /// 1.8 and older: 6 columns; per-habit `date,number` for every day from the first
    /// entry to the export, no header.
    case v18
    /// 2.0-2.3.0: 7 columns (`Question`); per-habit `date,number` of the known entries.
    case v20
    /// 2.3.1 and newer: 12 columns; per-habit `Date,Value,Notes` with the values as words.
    case v231
  }

  let dialect: Dialect
  let behaviour: HabitBehaviour
  let calendar: SyntheticCalendar

  /// The zip's bytes and the number of per-habit entry rows.
  func zip() throws -> ([UInt8], Int) {
    let habits = SyntheticLoopHabit.habits(behaviour, modern: dialect != .v18)
    var out: [UInt8] = []
    let writer = ZipWriter { out.append(contentsOf: $0) }
    let zones = calendar.zones
    let time = ZipTimestamp(
      epochSeconds: calendar.exportEpoch, utcOffset: zones.offset(at: calendar.exportEpoch))
    func add(_ name: String, _ lines: [String]) throws {
      try writer.addEntry(name, data: Array(lines.map { $0 + "\n" }.joined().utf8), modified: time)
    }
    try add("Habits.csv", habitsCSV(habits))
    var rows = 0
    var columns: [[LocalDayNumber: String]] = []
    for habit in habits {
      let folder = folderName(habit)
      let entries = checkmarks(habit)
      rows += entries.count
      columns.append(Dictionary(entries.map { ($0.day, $0.text) }) { a, _ in a })
      try add(folder + "/Scores.csv", scores(entries.map(\.day)))
      try add(folder + "/Checkmarks.csv", checkmarkLines(entries))
    }
    try add("Scores.csv", wide(habits, columns: columns.map { $0.mapValues { _ in "0.5000" } }))
    try add("Checkmarks.csv", wide(habits, columns: columns))
    try writer.finish()
    return (out, rows)
  }

  private func habitsCSV(_ habits: [SyntheticLoopHabit]) -> [String] {
    let f = HabitExports.csvField
    switch dialect {
    case .v18:
      return ["Position,Name,Description,NumRepetitions,Interval,Color"]
        + habits.map {
          [pos($0), f($0.name), f($0.question), "\($0.numerator)", "\($0.denominator)", $0.color]
            .joined(separator: ",")
        }
    case .v20:
      return ["Position,Name,Question,Description,NumRepetitions,Interval,Color"]
        + habits.map {
          [
            pos($0), f($0.name), f($0.question), "", "\($0.numerator)", "\($0.denominator)",
            $0.color,
          ]
          .joined(separator: ",")
        }
    case .v231:
      return [
        "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,"
          + "Unit,Target Type,Target Value,Archived?"
      ]
        + habits.map { h in
          [
            pos(h), f(h.name), h.numerical ? "NUMERICAL" : "YES_NO", f(h.question), "",
            "\(h.numerator)", "\(h.denominator)", h.color, h.numerical ? f(h.unit) : "",
            h.numerical ? h.targetType : "", h.numerical ? "\(h.targetValue)" : "",
            h.archived ? "true" : "false",
          ].joined(separator: ",")
        }
    }
  }

  private func pos(_ h: SyntheticLoopHabit) -> String { String(format: "%03d", h.number) }

  /// `%03d` and the name without the characters Loop deletes (`[^ a-zA-Z0-9._-]`), trimmed.
  private func folderName(_ h: SyntheticLoopHabit) -> String {
    let allowed = CharacterSet(
      charactersIn: " ._-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    let sane = String(String.UnicodeScalarView(h.name.unicodeScalars.filter(allowed.contains)))
    return (pos(h) + " " + sane.prefix(100)).trimmingCharacters(in: .whitespaces)
  }

  /// The per-habit rows, newest first: day and the value as that version writes it.
  private func checkmarks(_ h: SyntheticLoopHabit) -> [(
    day: LocalDayNumber, text: String, note: String
  )] {
    let known = h.known()
    guard dialect == .v18 else {
      return known.map { k in
        let word = dialect == .v231 ? Self.words[k.value] ?? "\(k.value)" : "\(k.value)"
        return (k.day, word, k.note)
      }
    }
    // 1.8 writes every day from the first entry to the export: 0 where nothing is known.
    guard let oldest = known.last?.day else { return [] }
    let byDay = Dictionary(known.map { ($0.day, $0.value) }) { a, _ in a }
    return (oldest...behaviour.lastDay).reversed().map { ($0, "\(byDay[$0] ?? 0)", "") }
  }

  private static let words = [2: "YES_MANUAL", 1: "YES_AUTO", 0: "NO", 3: "SKIP", -1: "UNKNOWN"]

  private func checkmarkLines(_ rows: [(day: LocalDayNumber, text: String, note: String)])
    -> [String]
  {
    let date = { (d: LocalDayNumber) in LocalDay(dayNumber: Int32(d)).description }
    guard dialect == .v231 else { return rows.map { "\(date($0.day)),\($0.text)" } }
    return ["Date,Value,Notes"]
      + rows.map { "\(date($0.day)),\($0.text),\(HabitExports.csvField($0.note))" }
  }

  private func scores(_ days: [LocalDayNumber]) -> [String] {
    let lines = days.map { "\(LocalDay(dayNumber: Int32($0))),0.5000" }
    return dialect == .v231 ? ["Date,Score"] + lines : lines
  }

  /// The wide file: one column per habit, its name unquoted (a comma in a name shifts the
  /// columns: the reason healthpipe reads the per-habit files instead).
  private func wide(_ habits: [SyntheticLoopHabit], columns: [[LocalDayNumber: String]]) -> [String]
  {
    let header = "Date," + habits.map { $0.name + "," }.joined()
    let first = behaviour.days.first?.day ?? behaviour.lastDay
    let rows = (first...behaviour.lastDay).reversed().map { day -> String in
      let cells = columns.map { column -> String in
        let v = column[day] ?? (dialect == .v231 ? "UNKNOWN" : "-1")
        return dialect == .v20
          ? "Entry(timestamp=\(LocalDay(dayNumber: Int32(day))), value=\(v))" : v
      }
      return "\(LocalDay(dayNumber: Int32(day)))," + cells.map { $0 + "," }.joined()
    }
    return [header] + rows
  }
}
