import HealthModel

/// A goal's history: a filled square for a goal day (or week), a hollow square for a miss,
/// a diamond for a day bridged by a rest day (freeze) and a small dot for a day without
/// data, so the states differ by shape as well as colour. Daily histories are a calendar
/// (a column per week, a row per weekday) that fits a phone; weekly ones a single row. Both
/// are shown at their natural size, so their text is never scaled down.
public enum HistoryStrip {
  /// Height of a single-row strip in user units.
  public static let height = 22.0
  /// Cell size and pitch of the calendar.
  static let cell = 12.0
  static let pitch = 15.0

  /// Weeks a calendar or a weekly strip shows at most (the most recent ones).
  public static let shownWeeks = 13

  /// A single row for a weekly `StreakRow.history` string (`1`, `0` per week) whose last
  /// week starts on `lastWeek`: the most recent `shownWeeks` weeks, each with its tooltip.
  public static func scene(
    history: String, lastWeek: LocalDay, id: String, title: String, year: Int
  ) -> ChartScene {
    let cells = Array(history.suffix(shownWeeks))
    let cell = 14.0
    let gap = 3.0
    let width = max(40, Double(cells.count) * (cell + gap) + gap)
    var scene = ChartScene(
      width: width, height: height, id: id, title: title,
      description: describe(cells, unit: "week"))
    for (i, c) in cells.enumerated() {
      let x = gap + Double(i) * (cell + gap)
      let monday = lastWeek.adding(days: -7 * (cells.count - 1 - i))
      let state = c == "1" ? "met" : "not met"
      mark(
        c, x: x, y: (height - cell) / 2, size: cell,
        title: "Week of \(LocalDayText.short(monday, year: year)): \(state)", into: &scene)
    }
    return scene
  }

  /// A calendar of the last `shownWeeks` weeks of a daily history starting on `start`:
  /// weeks as columns (starting on `weekStart`; Monday when nil) with the month named above
  /// the column where it begins, weekdays as rows labelled on the left, and each day's state
  /// as its tooltip.
  public static func calendar(
    history: String, start: LocalDay, weekStart: Weekday?, id: String, title: String,
    year: Int, recorded: Set<Int32> = []
  ) -> ChartScene {
    let all = Array(history)
    let first = (weekStart ?? .monday).isoNumber
    let end = start.adding(days: all.count - 1)
    // Whole weeks back from the last one, at most `shownWeeks`.
    let lastLead = (end.isoWeekday - first + 7) % 7
    let from = max(start, end.adding(days: -(lastLead + 7 * (shownWeeks - 1))))
    let cells = Array(all.suffix(from.distance(to: end) + 1))
    let lead = (from.isoWeekday - first + 7) % 7
    let weeks = (lead + cells.count + 6) / 7
    let font = ChartRole.tickY.light.fontSize
    let rowNames = (0..<7).map { LocalDay.weekdayNames[(first - 1 + $0) % 7] }
    let labelWidth = (rowNames.map { TextMetrics.width($0, fontSize: font) }.max() ?? 0) + 6
    let top = 18.0
    let width = max(labelWidth + Double(weeks) * pitch + 2, labelWidth + 60)
    let height = top + 7 * pitch + 2
    var scene = ChartScene(
      width: width, height: height, id: id, title: title,
      description: describe(cells, unit: "day")
        + " From \(LocalDayText.short(from, year: year)) to \(LocalDayText.short(end, year: year))."
    )
    for row in stride(from: 0, to: 7, by: 2) {
      scene.add(
        .text(
          ChartPoint(labelWidth - 6, top + 1 + Double(row) * pitch + cell / 2), rowNames[row],
          anchor: .end),
        .tickY)
    }
    // Month names above the first column holding the month's first shown day; a label
    // needs three columns of room, so one too close to the previous is left out.
    var lastLabelColumn = -3
    var previousMonth = -1
    for (i, _) in cells.enumerated() {
      let day = from.adding(days: i)
      let month = day.components.month
      guard month != previousMonth else { continue }
      previousMonth = month
      let column = (lead + i) / 7
      guard column - lastLabelColumn >= 3 else { continue }
      lastLabelColumn = column
      scene.add(
        .text(
          ChartPoint(labelWidth + Double(column) * pitch, top / 2),
          LocalDayText.month(day, year: year), anchor: .start), .tickX)
    }
    for (i, c) in cells.enumerated() {
      let slot = lead + i
      let x = labelWidth + Double(slot / 7) * pitch
      let y = top + 1 + Double(slot % 7) * pitch
      let day = from.adding(days: i)
      mark(
        c, x: x, y: y, size: cell,
        title:
          "\(LocalDayText.short(day, year: year)): "
          + StreakText.dayState(c, recorded: recorded.contains(day.dayNumber)), into: &scene)
    }
    return scene
  }

  /// ISO number of a weekday name (`monday` → 1); Monday for nil or an unknown name.
  static func describe(_ cells: [Character], unit: String) -> String {
    var counts: [Character: Int] = [:]
    for c in cells { counts[c, default: 0] += 1 }
    var text =
      "\(Words.count(cells.count, unit)), oldest first: \(counts["1"] ?? 0) met, \(counts["0"] ?? 0) missed"
    if unit == "day" {
      text += ", \(counts["F"] ?? 0) kept by a rest day, \(counts["."] ?? 0) without data"
    }
    return text + "."
  }

  static func mark(
    _ c: Character, x: Double, y: Double, size: Double, title: String = "",
    into scene: inout ChartScene
  ) {
    switch c {
    case "1": scene.add(.rect(x: x, y: y, width: size, height: size), .stripGoal, title: title)
    case "0":
      scene.add(
        .rect(x: x + 0.5, y: y + 0.5, width: size - 1, height: size - 1), .stripMissed,
        title: title)
    case "F":
      let cx = x + size / 2
      let cy = y + size / 2
      let r = size / 2 + 0.5
      scene.add(
        .polygon([
          ChartPoint(cx, cy - r), ChartPoint(cx + r, cy), ChartPoint(cx, cy + r),
          ChartPoint(cx - r, cy),
        ]), .stripFrozen, title: title)
    default:
      scene.add(
        .circle(center: ChartPoint(x + size / 2, y + size / 2), radius: max(1, size / 5)),
        .stripNone, title: title)
    }
  }
}
