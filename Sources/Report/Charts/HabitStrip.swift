import HealthModel

/// A habit's last two weeks as one row of cells ending at the as-of date, drawn with the
/// goal histories' marks (`HistoryStrip.mark`: a filled square met, a hollow one missed, a
/// diamond kept by a rest day, a small dot nothing logged) plus a dash for a skipped day,
/// so states differ by shape as well as colour; each cell has its date and state as a
/// tooltip, weekday initials sit under the cells and the as-of day is underlined.
public enum HabitStrip {
  static let cell = 14.0
  static let gap = 4.0

  /// The strip of `habit` in `summary`.
  public static func scene(_ habit: HabitsSummary.Habit, summary: HabitsSummary, id: String)
    -> ChartScene
  {
    let cells = habit.strip
    let year = summary.asOf.components.year
    let first = summary.asOf.adding(days: -(cells.count - 1))
    let width = Double(cells.count) * (cell + gap) + gap
    let height = cell + 24
    var scene = ChartScene(
      width: width, height: height, id: id,
      title: "\(habit.definition.name): the last \(cells.count) days",
      description: describe(cells) + " From \(LocalDayText.short(first, year: year)) to "
        + "\(LocalDayText.short(summary.asOf, year: year)).")
    for (i, c) in cells.enumerated() {
      let day = first.adding(days: i)
      let x = gap + Double(i) * (cell + gap)
      let title = HabitWords.cell(c, day: day, year: year)
      switch c {
      case nil: break
      case "s":
        // A dash (a flat outlined box, so it carries its tooltip as the other marks do).
        scene.add(
          .rect(x: x + 2, y: 1 + cell / 2, width: cell - 4, height: 2), .stripMissed, title: title)
      case let state?: HistoryStrip.mark(state, x: x, y: 2, size: cell, title: title, into: &scene)
      }
      let initial = String(LocalDay.weekdayNames[day.isoWeekday - 1].prefix(1))
      scene.add(.text(ChartPoint(x + cell / 2, cell + 17), initial, anchor: .middle), .tickX)
    }
    let last = gap + Double(cells.count - 1) * (cell + gap)
    scene.add(.rect(x: last, y: cell + 20, width: cell, height: 2), .stripGoal)
    return scene
  }

  /// `14 days: 9 met, 2 missed, 1 kept by a rest day, 1 skipped, 1 with nothing logged.`
  static func describe(_ cells: [Character?]) -> String {
    var n: [Character: Int] = [:]
    for c in cells.compactMap({ $0 }) { n[c, default: 0] += 1 }
    let shown = cells.compactMap { $0 }.count
    return "\(Words.count(shown, "day")): \(n["1"] ?? 0) met, \(n["0"] ?? 0) missed, "
      + "\(n["F"] ?? 0) kept by a rest day, \(n["s"] ?? 0) skipped, "
      + "\(n["."] ?? 0) with nothing logged."
  }
}
