import HealthModel

/// A habit of a Loop export as healthpipe tracks it: its definition and how its entries'
/// numbers become values.
struct LoopHabit {
  /// The row of `Habits.csv`.
  var row: LoopHabitRow
  /// The definition (key made unique within the export).
  var definition: HabitDefinition
  /// Whether Loop stores amounts (a measurable habit): its entries are amounts × 1000.
  var numerical: Bool
  /// What an entry's number is multiplied by to give the value: 1/1000 for amounts,
  /// 60/1000 for amounts in hours (kept as minutes).
  var scale: Double
}

/// How Loop Habit Tracker's habits map onto healthpipe's (docs/habits.md, "Loop
/// frequencies"): Loop's frequencies are "N times per D days", healthpipe's daily or N
/// days a week; Loop's measurable targets are per D days, healthpipe's goals per day.
enum LoopHabitMapping {
  /// The definition of `row`; `numerical` says whether it stores amounts (the `Type`
  /// column, or inferred from the entries before 2.3.1).
  static func habit(
    _ row: LoopHabitRow, numerical: Bool, key: String, dialect: LoopDialect, origin: String
  ) -> LoopHabit {
    let text = [row.question, row.description].first { !$0.isEmpty }
    var definition = HabitDefinition(
      key: key, name: row.name.isEmpty ? nil : row.name, kind: .check, archived: row.archived,
      description: text, origin: origin)
    guard numerical else {
      let (frequency, note) = frequency(numerator: row.numerator, denominator: row.denominator)
      definition.frequency = frequency
      definition.note = note
      return LoopHabit(row: row, definition: definition, numerical: false, scale: 1)
    }
    let unit = row.unit.lowercased()
    let hours = ["h", "hr", "hrs", "hour", "hours"].contains(unit)
    let minutes = hours || ["m", "min", "mins", "minute", "minutes"].contains(unit)
    definition.kind = minutes ? .duration : .count
    definition.unit = minutes ? "" : row.unit
    definition.target = row.targetType == "AT_MOST" ? .atMost : .atLeast
    let scale = (hours ? 60.0 : 1.0) / 1000
    var notes: [String] = []
    if dialect != .v231 {
      notes.append(
        "\(dialect.rawValue) exports no unit or target: met by any amount above 0")
    } else if let target = row.targetValue, target > 0 || definition.target == .atMost {
      let perDay = target * (hours ? 60 : 1) / Double(row.denominator)
      definition.goal = perDay
      if row.denominator > 1 {
        let ours = "\(NumberFormatting.decimal(perDay, 2)) \(minutes ? "min" : row.unit)"
        notes.append(
          "Loop's target of \(NumberFormatting.shortest(target)) \(row.unit) per "
            + "\(row.denominator) days is read as \(ours) a day")
      }
    }
    definition.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
    return LoopHabit(row: row, definition: definition, numerical: true, scale: scale)
  }

  /// healthpipe's frequency for Loop's "N times per D days", and a note when it does not
  /// fit exactly:
  /// - D = 1, or N ≥ D: daily;
  /// - D = 7: N per week;
  /// - otherwise N·7/D days a week rounded half up, at least 1 (7 or more: daily), with a
  ///   note: 5 per month (D = 30 or 31) is 1 per week, every other day (1 per 2) is 4 per
  ///   week, 3 per 14 days is 2 per week.
  static func frequency(numerator n: Int, denominator d: Int) -> (HabitFrequency, String?) {
    if n >= d {
      return (.daily, n > d ? "Loop's \(n) times per \(d) days is read as daily" : nil)
    }
    if d == 7 { return (.perWeek(n), nil) }
    let perWeek = Double(n) * 7 / Double(d)
    let days = max(1, Int((perWeek).rounded(.toNearestOrAwayFromZero)))
    let loop =
      "\(n) time\(n == 1 ? "" : "s") per \(d == 30 || d == 31 ? "month" : "\(d) days")"
    let ours: HabitFrequency = days >= 7 ? .daily : .perWeek(days)
    return (
      ours,
      "Loop's \(loop) (\(NumberFormatting.decimal(perWeek, 2)) a week) is read as \(ours.text)"
    )
  }
}
