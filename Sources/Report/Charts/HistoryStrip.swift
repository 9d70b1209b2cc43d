/// A goal's day-by-day (or week-by-week) history as a strip of cells: a filled square for a
/// goal day, a hollow square for a missed day, a diamond for a day bridged by a freeze and
/// a small dot for a day without data, so the states differ by shape as well as colour.
public enum HistoryStrip {
  /// Height in user units.
  public static let height = 22.0

  /// The scene for a `StreakRow.history` string (`1`, `0`, `F`, `.` per cell).
  public static func scene(history: String, id: String, title: String, unit: String) -> ChartScene {
    let cells = Array(history)
    let cell = cells.count > 40 ? 8.0 : 14.0
    let gap = cells.count > 40 ? 1.0 : 3.0
    let width = max(40, Double(cells.count) * (cell + gap) + gap)
    var counts: [Character: Int] = [:]
    for c in cells { counts[c, default: 0] += 1 }
    let desc =
      "\(cells.count) \(unit)s, oldest first: \(counts["1"] ?? 0) met, \(counts["0"] ?? 0) missed, "
      + "\(counts["F"] ?? 0) bridged by a freeze, \(counts["."] ?? 0) without data."
    var scene = ChartScene(width: width, height: height, id: id, title: title, description: desc)
    let top = (height - cell) / 2
    for (i, c) in cells.enumerated() {
      let x = gap + Double(i) * (cell + gap)
      switch c {
      case "1": scene.add(.rect(x: x, y: top, width: cell, height: cell), .stripGoal)
      case "0":
        scene.add(.rect(x: x + 0.5, y: top + 0.5, width: cell - 1, height: cell - 1), .stripMissed)
      case "F":
        let cx = x + cell / 2
        let cy = height / 2
        let r = cell / 2 + 0.5
        scene.add(
          .polygon([
            ChartPoint(cx, cy - r), ChartPoint(cx + r, cy), ChartPoint(cx, cy + r),
            ChartPoint(cx - r, cy),
          ]), .stripFrozen)
      default:
        scene.add(
          .circle(center: ChartPoint(x + cell / 2, height / 2), radius: max(1, cell / 5)),
          .stripNone)
      }
    }
    return scene
  }
}
