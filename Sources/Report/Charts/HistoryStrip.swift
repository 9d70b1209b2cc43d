import HealthCore

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

  /// A single row for a `StreakRow.history` string (`1`, `0`, `F`, `.` per cell).
  public static func scene(history: String, id: String, title: String, unit: String) -> ChartScene {
    let cells = Array(history)
    let cell = cells.count > 40 ? 8.0 : 14.0
    let gap = cells.count > 40 ? 1.0 : 3.0
    let width = max(40, Double(cells.count) * (cell + gap) + gap)
    var scene = ChartScene(
      width: width, height: height, id: id, title: title,
      description: describe(cells, unit: unit))
    for (i, c) in cells.enumerated() {
      let x = gap + Double(i) * (cell + gap)
      mark(c, x: x, y: (height - cell) / 2, size: cell, into: &scene)
    }
    return scene
  }

  /// A calendar of a daily history starting on `start`: weeks as columns (starting on
  /// `weekStart`; Monday when nil), weekdays as rows labelled on the left.
  public static func calendar(
    history: String, start: LocalDay, weekStart: Weekday?, id: String, title: String
  ) -> ChartScene {
    let cells = Array(history)
    let first = (weekStart ?? .monday).isoNumber
    let lead = (start.isoWeekday - first + 7) % 7
    let weeks = (lead + cells.count + 6) / 7
    let font = ChartRole.tickY.light.fontSize
    let rowNames = (0..<7).map { LocalDay.weekdayNames[(first - 1 + $0) % 7] }
    let labelWidth = (rowNames.map { TextMetrics.width($0, fontSize: font) }.max() ?? 0) + 6
    let width = labelWidth + Double(weeks) * pitch + 2
    let height = 7 * pitch + 2
    var scene = ChartScene(
      width: width, height: height, id: id, title: title,
      description: describe(cells, unit: "day") + " First day \(start.shortLabel).")
    for row in stride(from: 0, to: 7, by: 2) {
      scene.add(
        .text(
          ChartPoint(labelWidth - 6, 1 + Double(row) * pitch + cell / 2), rowNames[row],
          anchor: .end),
        .tickY)
    }
    for (i, c) in cells.enumerated() {
      let slot = lead + i
      let x = labelWidth + Double(slot / 7) * pitch
      let y = 1 + Double(slot % 7) * pitch
      mark(c, x: x, y: y, size: cell, into: &scene)
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
      text += ", \(counts["F"] ?? 0) bridged by a rest day, \(counts["."] ?? 0) without data"
    }
    return text + "."
  }

  static func mark(_ c: Character, x: Double, y: Double, size: Double, into scene: inout ChartScene)
  {
    switch c {
    case "1": scene.add(.rect(x: x, y: y, width: size, height: size), .stripGoal)
    case "0":
      scene.add(.rect(x: x + 0.5, y: y + 0.5, width: size - 1, height: size - 1), .stripMissed)
    case "F":
      let cx = x + size / 2
      let cy = y + size / 2
      let r = size / 2 + 0.5
      scene.add(
        .polygon([
          ChartPoint(cx, cy - r), ChartPoint(cx + r, cy), ChartPoint(cx, cy + r),
          ChartPoint(cx - r, cy),
        ]), .stripFrozen)
    default:
      scene.add(
        .circle(center: ChartPoint(x + size / 2, y + size / 2), radius: max(1, size / 5)),
        .stripNone)
    }
  }
}
