import Foundation
import HealthModel

/// A Loop Habit Tracker export read whole (docs/habits.md, "Loop Habit Tracker"): its
/// habits, and what becomes of every row of its per-habit `Checkmarks.csv` files, in
/// order. `LoopExportReader` hands the outcomes to the sink; `HabitPrescan` takes only the
/// definitions.
///
/// - Per-habit folders (`001 Meditate/`) are joined to `Habits.csv` by their number, never
///   by their name (Loop deletes characters outside `[ a-zA-Z0-9._-]` from it). A folder
///   whose number `Habits.csv` lacks, and every copy but one of a folder given twice, are
///   rejects, row by row.
/// - The wide `Checkmarks.csv` and the `Scores.csv` files are not read (a name with a comma
///   breaks the wide file's columns; scores are Loop's own computation).
/// - Only what the person logged becomes an entry: done (`YES_MANUAL`, 2), not done (`NO`,
///   0), skips (`SKIP`, 3) and amounts (× 1000 in the file); `YES_AUTO` (1, Loop's own
///   inference from the frequency) and `UNKNOWN` (−1) are counted, not kept.
struct LoopExport {
  /// What becomes of one row.
  enum Outcome {
    /// An entry of habit `key`.
    case entry(key: String, day: LocalDay, value: HabitValueText.Value, unitWord: String)
    /// A reject.
    case reject(code: RejectCode, reason: String, day: LocalDay?, valueText: String)
  }

  /// One row and its outcome. `record` is `number × 1,000,000 + line` for a per-habit file
  /// (habit 3's line 12 is 3000012), the line for `Habits.csv`.
  struct Item {
    var record: Int64
    var type: String
    var outcome: Outcome
  }

  /// The dialect of the export.
  var dialect: LoopDialect
  /// Its habits, in `Habits.csv` order.
  var habits: [LoopHabit] = []
  /// Every row, in order.
  var items: [Item] = []
  /// Rows not kept on purpose, by why (`yesAuto`, `unknown`, `noEntry`, `notesNotKept`), and
  /// files not read (`filesNotRead`).
  var notKept: [String: Int64] = [:]
  /// Manifest notes.
  var notes: [String] = []

  /// Reads the export; `isFuture` says whether a day is after the day the file was saved.
  /// Exit 65 when `Habits.csv` is missing or not Loop's.
  init(files: LoopExportFiles, isFuture: (LocalDay) -> Bool = { _ in false }) throws {
    guard files.names.contains("Habits.csv") else {
      throw HealthError.malformed(
        "the export has no Habits.csv", at: SourceLocation(file: files.path),
        hint: "export the habits from Loop Habit Tracker again (Settings, Export as CSV)")
    }
    let table = try LoopHabitsTable(
      LoopCSV(files.bytes("Habits.csv"), name: files.path + ":Habits.csv"),
      location: files.location("Habits.csv"))
    dialect = table.dialect
    for r in table.refused {
      items.append(
        Item(
          record: Int64(r.line), type: "Habits.csv",
          outcome: .reject(
            code: r.code, reason: "Habits.csv line \(r.line): \(r.reason)", day: nil,
            valueText: r.name)))
    }
    let folders = try LoopFolders(files: files)
    notKept["filesNotRead"] = Int64(folders.skipped.count)
    if !folders.skipped.isEmpty {
      notes.append(
        "not read (Loop's scores and wide checkmarks): "
          + folders.skipped.prefix(6).joined(separator: ", ")
          + (folders.skipped.count > 6 ? ", …" : ""))
    }
    var keys = Set<String>()
    let byNumber = Dictionary(grouping: table.habits, by: \.number)
    for number in folders.numbers {
      let copies = folders.byNumber[number]!
      guard let row = byNumber[number]?.first else {
        let reason = "folder number \(number) is not a Position in Habits.csv"
        for copy in copies { rejectAll(copy, reason: reason) }
        continue
      }
      let expected = LoopFolders.folderName(number: number, name: row.name)
      let keep = copies.firstIndex { $0.folder == expected } ?? 0
      for (i, copy) in copies.enumerated() where i != keep {
        rejectAll(
          copy,
          reason: "folder '\(copy.folder)' repeats habit \(number) of folder "
            + "'\(copies[keep].folder)', which is read: a duplicated folder")
      }
      var key = HabitName.key(row.name)
      if keys.contains(key) { key += "_\(number)" }
      keys.insert(key)
      let rows = copies[keep].csv
      let habit = LoopHabitMapping.habit(
        row, numerical: isNumerical(row, rows: rows), key: key, dialect: dialect,
        origin: files.path)
      habits.append(habit)
      read(rows, of: habit, folder: copies[keep].folder, isFuture: isFuture)
    }
    // Habits without a folder (not selected for the export, or no entries) still count.
    for row in table.habits where folders.byNumber[row.number] == nil {
      var key = HabitName.key(row.name)
      if keys.contains(key) { key += "_\(row.number)" }
      keys.insert(key)
      habits.append(
        LoopHabitMapping.habit(
          row, numerical: row.type == "NUMERICAL", key: key, dialect: dialect,
          origin: files.path))
    }
    habits.sort { $0.row.number < $1.row.number }
  }

  /// The definitions, in `Habits.csv` order.
  var definitions: [HabitDefinition] { habits.map(\.definition) }

  private func isNumerical(_ row: LoopHabitRow, rows: LoopCSV) -> Bool {
    if let type = row.type { return type == "NUMERICAL" }
    // Before 2.3.1 the type is not written: a yes/no habit's numbers are Loop's codes
    // (0-2 up to 1.8; -1-3 since), anything else is an amount × 1000.
    let codes: ClosedRange<Int> = dialect == .v18 ? 0...2 : -1...3
    return rows.records.contains { r in
      r.fields.count >= 2 && Int(r.fields[1]).map { !codes.contains($0) } == true
    }
  }

  private mutating func rejectAll(_ copy: LoopFolders.Copy, reason: String) {
    for r in copy.csv.records where !LoopFolders.isHeader(r) {
      items.append(
        Item(
          record: Int64(copy.number) * 1_000_000 + Int64(r.line), type: "folder " + copy.folder,
          outcome: .reject(
            code: .unknownFolder, reason: "\(copy.name) line \(r.line): \(reason)",
            day: r.fields.first.flatMap { LocalDay(iso: $0) },
            valueText: r.fields.count > 1 ? r.fields[1] : "")))
    }
  }
}
