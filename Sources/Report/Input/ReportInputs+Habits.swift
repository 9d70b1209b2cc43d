import HealthCore
import HealthModel
import HealthSystem

extension ReportInputs {
  /// Reads `habits.hpt` from the aggregate folder into `habits` (rows from a week before
  /// `from`, so the first week's count is whole); nothing for a folder an older healthpipe
  /// wrote without one (the report then has no Habits section). A damaged table is exit 65, as for every
  /// table.
  mutating func readHabits(directory: String, from: LocalDay?) throws {
    let path = AggregateFolder.path(AggregateFolder.habits, in: directory)
    guard SystemCalls.fileStatus(path) != nil else { return }
    var rows: [HabitDayRow] = []
    try TableFile.stream(HabitDayRow.self, from: path, limits: .displayable) {
      block in
      for r in block where from.map({ r.day >= $0.adding(days: -7) }) ?? true { rows.append(r) }
    }
    habits = rows
    files.append(path)
  }
}
