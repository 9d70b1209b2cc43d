import HealthModel

/// The columns of Health Auto Export's workouts CSV that are read, found by name.
struct WorkoutsCSVColumns {
  /// The header cells.
  let headers: [AutoExportColumnHeader]
  /// `Type`, `Start` and `End` (required).
  let type: Int
  let start: Int
  let end: Int
  /// `Duration`, `Active Energy` and `Distance` (optional).
  let duration: Int?
  let energy: Int?
  let distance: Int?
  /// Every column above: the others' non-empty cells are counted as not kept.
  let used: Set<Int>

  /// Finds the columns; throws when `Type`, `Start` or `End` is missing or a read column is
  /// named twice.
  init(headers: [AutoExportColumnHeader], path: String) throws {
    func column(_ name: String) -> Int? {
      headers.firstIndex { $0.name.lowercased() == name }
    }
    guard let typeColumn = column("type"), let startColumn = column("start"),
      let endColumn = column("end")
    else {
      throw HealthError.malformed(
        "no Type, Start and End columns: not a Health Auto Export workouts CSV",
        at: SourceLocation(file: path, line: 1),
        hint: "export the workouts CSV again from Health Auto Export")
    }
    try RepeatedColumn.check(
      headers.map { $0.name.lowercased() }, shown: headers.map(\.text), path: path
    ) { ["type", "start", "end", "duration", "active energy", "distance"].contains($0) }
    self.headers = headers
    type = typeColumn
    start = startColumn
    end = endColumn
    duration = column("duration")
    energy = column("active energy")
    distance = column("distance")
    used = Set([type, start, end, duration, energy, distance].compactMap { $0 })
  }
}
