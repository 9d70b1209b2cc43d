/// Blood pressure per day (or the mean of a week or month): a line from the diastolic to
/// the systolic reading, with the two ends marked by shape-distinct dots.
public enum PressureChart {
  /// Height in user units.
  public static let height = 220.0

  /// The scene.
  public static func scene(_ b: BloodPressure, id: String) -> ChartScene {
    let count = b.days.count
    let values = (b.systolic + b.diastolic).compactMap { $0 }
    let ticks = NiceTicks(
      minimum: values.min() ?? 70, maximum: values.max() ?? 130, target: 4, integer: true,
      minimumSpan: 20)
    let frame = ChartFrame(
      count: count, height: b.grouping == .day ? height : 170, ticks: ticks,
      tickText: { Numbers.fixed($0, 0) },
      unit: "mmHg", xLabels: ChartFrame.labels(b.days, b.grouping),
      strides: ChartFrame.strides(b.grouping))
    var scene = frame.scene(id: id, title: "Blood pressure", description: caption(b))
    let r = min(3.5, max(1.6, frame.slot * 0.3))
    for i in 0..<count {
      let sys = b.systolic[i].map { ChartPoint(frame.x(i), frame.y.map($0)) }
      let dia = b.diastolic[i].map { ChartPoint(frame.x(i), frame.y.map($0)) }
      if let sys, let dia { scene.add(.line(dia, sys), .pressure) }
      if let sys { scene.add(.circle(center: sys, radius: r), .systolic) }
      if let dia {
        scene.add(.rect(x: dia.x - r, y: dia.y - r, width: 2 * r, height: 2 * r), .diastolic)
      }
    }
    return scene
  }

  /// The caption in plain words.
  public static func caption(_ b: BloodPressure) -> String {
    let days = b.systolic.filter { $0 != nil }.count
    let what =
      b.grouping == .day
      ? "day's mean reading" : "mean reading of a \(b.grouping == .week ? "week" : "month")"
    return
      "Each line runs from the lower number (diastolic, square) to the upper number (systolic, dot) of the \(what), in mmHg; \(days) of \(b.days.count) with a reading."
  }
}
