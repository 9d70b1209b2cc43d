/// A stacked bar per night of sleep stages (deep, core, REM, unstaged asleep, awake, from
/// the bottom), with the time in bed as a dashed outline behind each bar and a dot above the
/// bar of a day with a nap (naps are never part of the night's bar).
public enum SleepStageChart {
  /// Width in user units.
  public static let width = 640.0
  /// Height in user units.
  public static let height = 260.0
  static let left = 56.0
  static let right = 16.0
  static let top = 40.0
  static let bottom = 30.0

  /// The stages in stacking order with their roles and names.
  public static let stages:
    [(role: ChartRole, name: String, minutes: @Sendable (SleepNight) -> Double?)] = [
      (.barDeep, "Deep", { $0.deep }), (.barCore, "Core", { $0.core }),
      (.barREM, "REM", { $0.rem }),
      (.barUnstaged, "Asleep (no stage)", { $0.unstaged }), (.barAwake, "Awake", { $0.awake }),
    ]

  /// The scene for nights over the window (one entry per day, oldest first).
  public static func scene(_ nights: [SleepNight], id: String) -> ChartScene {
    let count = nights.count
    let withData = nights.filter(\.hasData)
    var desc =
      "Stacked bars of sleep stages per night, \(withData.count) of \(count) nights with data"
    if let first = nights.first, let last = nights.last {
      desc += ", \(LocalDayText.full(first.day)) to \(LocalDayText.full(last.day))"
    }
    desc +=
      ". From the bottom: deep, core, REM, asleep without a stage, awake; the dashed outline is time in bed."
    if let lastNight = withData.last {
      desc += " Last night \(LocalDayText.weekdayDayMonth(lastNight.day)): "
      desc += stages.compactMap { s in
        s.minutes(lastNight).map { "\(s.name.lowercased()) \(Numbers.duration(minutes: $0))" }
      }
      .joined(separator: ", ")
      if let bed = lastNight.inBed { desc += ", in bed \(Numbers.duration(minutes: bed))" }
      desc += "."
    }
    let napDays = nights.filter { $0.napNote != nil }
    if !napDays.isEmpty {
      desc += " A dot marks a day with a nap, not counted in the night: "
      desc += napDays.map { "\(LocalDayText.weekdayDayMonth($0.day)) \($0.napNote!)" }.joined(
        separator: ", ")
      desc += "."
    }
    var scene = ChartScene(
      width: width, height: height, id: id, title: "Sleep stages, last \(count) nights",
      description: desc)
    // Legend.
    var lx = left
    for s in stages {
      scene.add(.rect(x: lx, y: 8, width: 10, height: 10), s.role)
      scene.add(.text(ChartPoint(lx + 14, 13), s.name, anchor: .start), .legendText)
      lx += 14 + Double(s.name.count) * 5.9 + 14
    }
    scene.add(.rect(x: lx, y: 8, width: 10, height: 10), .inBed)
    scene.add(.text(ChartPoint(lx + 14, 13), "In bed", anchor: .start), .legendText)
    lx += 14 + 6 * 5.9 + 14
    scene.add(.circle(center: ChartPoint(lx + 5, 13), radius: 3), .dot)
    scene.add(.text(ChartPoint(lx + 14, 13), "Nap", anchor: .start), .legendText)

    guard !withData.isEmpty else {
      scene.add(
        .text(
          ChartPoint(width / 2, height / 2), "No sleep data in these \(count) nights",
          anchor: .middle), .emptyNote)
      return scene
    }
    var maxHours = 1.0
    for night in nights {
      let stacked = stages.reduce(0.0) { $0 + ($1.minutes(night) ?? 0) }
      maxHours = max(maxHours, stacked / 60, (night.inBed ?? 0) / 60)
    }
    let ticks = NiceTicks(minimum: 0, maximum: maxHours, target: 4)
    let plotLeft = left
    let plotRight = width - right
    let plotBottom = height - bottom
    let y = LinearScale(domain: (0, ticks.upper), range: (plotBottom, top))
    for t in ticks.values {
      scene.add(.line(ChartPoint(plotLeft, y.map(t)), ChartPoint(plotRight, y.map(t))), .grid)
      scene.add(
        .text(ChartPoint(plotLeft - 6, y.map(t)), Numbers.fixed(t, ticks.decimals), anchor: .end),
        .tickY)
    }
    scene.add(.text(ChartPoint(plotLeft - 6, top - 16), "h", anchor: .end), .unitLabel)
    let step = (plotRight - plotLeft) / Double(count)
    func x(_ i: Int) -> Double { plotLeft + (Double(i) + 0.5) * step }
    let barWidth = max(1.5, step * 0.62)
    let bedWidth = max(2.5, step * 0.86)
    for (i, night) in nights.enumerated() {
      if let bed = night.inBed, bed > 0 {
        let top = y.map(bed / 60)
        scene.add(
          .rect(x: x(i) - bedWidth / 2, y: top, width: bedWidth, height: plotBottom - top), .inBed)
      }
      var base = 0.0
      for s in stages {
        guard let m = s.minutes(night), m > 0 else { continue }
        let y0 = y.map(base / 60)
        let y1 = y.map((base + m) / 60)
        scene.add(.rect(x: x(i) - barWidth / 2, y: y1, width: barWidth, height: y0 - y1), s.role)
        base += m
      }
      if night.napNote != nil {
        let barTop = y.map(max(base, night.inBed ?? 0) / 60)
        scene.add(.circle(center: ChartPoint(x(i), barTop - 6), radius: 2.5), .dot)
      }
    }
    let every = count <= 7 ? 1 : (count <= 31 ? 7 : 14)
    var i = count - 1
    while i >= 0 {
      scene.add(
        .text(
          ChartPoint(x(i), plotBottom + 16), LocalDayText.dayMonth(nights[i].day), anchor: .middle),
        .tickX)
      i -= every
    }
    scene.add(.line(ChartPoint(plotLeft, plotBottom), ChartPoint(plotRight, plotBottom)), .axis)
    return scene
  }
}
