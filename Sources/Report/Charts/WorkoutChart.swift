/// Workout time per week (or month) as bars, with the number of workouts written on each
/// bar where it fits.
public enum WorkoutChart {
  /// Height in user units.
  public static let height = 200.0

  /// The scene.
  public static func scene(_ w: WorkoutBars, id: String) -> ChartScene {
    let count = w.days.count
    let inHours = (w.minutes.max() ?? 0) >= 300
    let values = w.minutes.map { inHours ? $0 / 60 : $0 }
    // Room above the tallest bar for its label.
    let ticks = NiceTicks(
      minimum: 0, maximum: (values.max() ?? 0) * 1.15, target: 4, integer: true, includeZero: true)
    let grouping: ReportWindow.Grouping = w.unit == "month" ? .month : .week
    let frame = ChartFrame(
      count: count, height: w.unit == "month" ? 170 : height, ticks: ticks,
      tickText: { Numbers.fixed($0, 0) },
      unit: inHours ? "h" : "min", xLabels: ChartFrame.labels(w.days, grouping),
      strides: ChartFrame.strides(grouping))
    var scene = frame.scene(id: id, title: "Workout time per \(w.unit)", description: caption(w))
    let barWidth = max(2, frame.slot * 0.6)
    let font = ChartRole.barLabel.light.fontSize
    for (i, v) in values.enumerated() where v > 0 {
      let top = frame.y.map(v)
      scene.add(
        .rect(x: frame.x(i) - barWidth / 2, y: top, width: barWidth, height: frame.plot.maxY - top),
        .bar)
      let label = String(w.counts[i])
      if TextMetrics.width(label, fontSize: font) + 4 <= frame.slot {
        scene.add(.text(ChartPoint(frame.x(i), top - 10), label, anchor: .middle), .barLabel)
      }
    }
    return scene
  }

  /// The caption in plain words.
  public static func caption(_ w: WorkoutBars) -> String {
    let span = w.unit == "month" ? "calendar month" : "week (Monday to Sunday)"
    return
      "Each bar is the time spent in workouts in a \(span), pauses left out; the number above it is how many workouts. The first and last bars can be part-\(w.unit)s."
  }
}
