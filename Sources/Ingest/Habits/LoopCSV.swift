import HealthModel

/// One CSV file of a Loop export read whole: its records as trimmed text fields with their
/// line numbers, and whether the last one lacked its line break.
struct LoopCSV {
  /// A record.
  struct Record {
    /// 1-based line where it starts.
    var line: Int
    /// Its fields, blanks trimmed.
    var fields: [String]
    /// Whether it ends the file without a line break.
    var unterminated: Bool
  }

  /// Every record (blank lines skipped).
  var records: [Record] = []

  /// Reads `bytes` (RFC 4180; exit 65 for invalid UTF-8 or a quote that never closes, at
  /// `location`).
  init(_ bytes: [UInt8], name: String) throws {
    let csv = CSVRecordReader(source: MemoryByteSource(bytes, path: name), bufferSize: 16 << 10)
    while try csv.next() {
      records.append(
        Record(
          line: csv.recordLine, fields: (0..<csv.fieldCount).map { csv.trimmedString($0) },
          unterminated: csv.recordUnterminated))
    }
  }
}

/// Which Loop Habit Tracker wrote an export: its `Habits.csv` columns and per-habit files
/// changed twice (docs/habits.md, "Loop Habit Tracker").
enum LoopDialect: String, Sendable {
  /// Up to 1.8: `Position,Name,Description,NumRepetitions,Interval,Color`; per-habit
  /// `Checkmarks.csv` without a header, `date,number`, every day from the first entry to
  /// the export (0 no entry, 1 implied by the frequency, 2 done).
  case v18 = "Loop 1.8 or older"
  /// 2.0 to 2.3.0: a `Question` column; per-habit `date,number` of the known entries.
  case v20 = "Loop 2.0-2.3.0"
  /// 2.3.1 and later: 12 columns with `Type`, `Unit`, `Target Type`, `Target Value`,
  /// `Archived?`; per-habit `Date,Value,Notes` with the values as words.
  case v231 = "Loop 2.3.1 or newer"
}

/// A row of a Loop export's `Habits.csv`.
struct LoopHabitRow {
  /// `Position`: the number of the habit's folder (`001`).
  var number: Int
  /// `Name`, as written (any characters).
  var name: String
  /// `Type` (2.3.1+): `YES_NO` or `NUMERICAL`; nil before.
  var type: String?
  /// `Question` (2.0+), else "".
  var question: String
  /// `Description`.
  var description: String
  /// `FrequencyNumerator` / `NumRepetitions`: N of "N times per D days".
  var numerator: Int
  /// `FrequencyDenominator` / `Interval`: D.
  var denominator: Int
  /// `Unit` (numerical, 2.3.1+).
  var unit: String
  /// `Target Type` (numerical, 2.3.1+): `AT_LEAST` or `AT_MOST`.
  var targetType: String
  /// `Target Value` (numerical, 2.3.1+).
  var targetValue: Double?
  /// `Archived?` (2.3.1+).
  var archived: Bool
  /// Line in `Habits.csv`.
  var line: Int
}

/// A Loop export's `Habits.csv`: its dialect, its habits and the rows that could not be read.
struct LoopHabitsTable {
  var dialect: LoopDialect
  var habits: [LoopHabitRow] = []
  /// Rows refused: line, reject code, reason, the name if read.
  var refused: [(line: Int, code: RejectCode, reason: String, name: String)] = []

  /// Reads `Habits.csv` (exit 65 when its header is not Loop's).
  init(_ csv: LoopCSV, location: SourceLocation) throws {
    guard let header = csv.records.first else {
      throw HealthError.malformed(
        "Habits.csv is empty", at: location, hint: "export the habits from Loop again")
    }
    let names = header.fields.map { $0.lowercased() }
    func column(_ candidates: String...) -> Int? {
      candidates.lazy.compactMap { names.firstIndex(of: $0) }.first
    }
    guard let position = column("position"), let name = column("name"),
      let numerator = column("frequencynumerator", "numrepetitions"),
      let denominator = column("frequencydenominator", "interval")
    else {
      throw HealthError.malformed(
        "Habits.csv does not have Loop's columns (Position, Name, NumRepetitions or "
          + "FrequencyNumerator, Interval or FrequencyDenominator): "
          + header.fields.joined(separator: ","), at: location,
        hint: "export the habits from Loop Habit Tracker again (Settings, Export as CSV)")
    }
    let type = column("type")
    dialect = type != nil ? .v231 : (column("question") != nil ? .v20 : .v18)
    let question = column("question")
    let description = column("description")
    let unit = column("unit")
    let targetType = column("target type")
    let targetValue = column("target value")
    let archived = column("archived?", "archived")
    for record in csv.records.dropFirst() {
      let f = record.fields
      let habitName = f.indices.contains(name) ? f[name] : ""
      guard f.count == header.fields.count, !record.unterminated else {
        let cut = f.count == header.fields.count
        refused.append(
          (
            record.line, cut ? .malformed : .wrongFieldCount,
            cut
              ? "the row ends the file without a line break: the file may be cut short"
              : "the row has \(f.count) fields; the header has \(header.fields.count)",
            habitName
          ))
        continue
      }
      guard let number = Int(f[position]), (1...999_999).contains(number) else {
        refused.append(
          (record.line, .badNumber, "Position '\(f[position])' is not a number", habitName))
        continue
      }
      guard let n = Int(f[numerator]), let d = Int(f[denominator]), n > 0, d > 0 else {
        refused.append(
          (
            record.line, .badNumber,
            "the frequency '\(f[numerator]) per \(f[denominator]) days' is not two whole "
              + "numbers above 0", habitName
          ))
        continue
      }
      func text(_ i: Int?) -> String { i.map { f[$0] } ?? "" }
      habits.append(
        LoopHabitRow(
          number: number, name: habitName, type: type.map { f[$0].uppercased() },
          question: text(question), description: text(description), numerator: n,
          denominator: d, unit: text(unit), targetType: text(targetType).uppercased(),
          targetValue: targetValue.flatMap { HabitValueText.number(f[$0]) },
          archived: text(archived).lowercased() == "true", line: record.line))
    }
  }
}
