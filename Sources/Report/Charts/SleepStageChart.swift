/// A stacked bar per night of sleep stages (deep, core, REM, unstaged asleep, awake, from
/// the bottom), with the time in bed as a dashed outline behind each bar and a dot above the
/// bar of a day with a nap (naps are never part of the night's bar). For the long horizons
/// each bar is the mean night of a week or month.
public enum SleepStageChart {
  /// Width in user units.
  public static let width = ChartFrame.width
  /// Height in user units.
  public static let height = 250.0

  /// The stages in stacking order with their roles and names.
  public static let stages:
    [(role: ChartRole, name: String, minutes: @Sendable (ReportSleepNight) -> Double?)] = [
      (.barDeep, "Deep", { $0.deep }), (.barCore, "Core", { $0.core }),
      (.barREM, "REM", { $0.rem }),
      (.barUnstaged, "No stage", { $0.unstaged }), (.barAwake, "Awake", { $0.awake }),
    ]

  /// The chart's description: what the bars are, the last night's stages, the naps (dates
  /// with their year outside the year of the last point).
  static func describe(_ nights: [ReportSleepNight]) -> String {
    let withData = nights.filter(\.hasData)
    let year = nights.last?.day.components.year ?? 0
    var desc =
      "Stacked bars of sleep stages per night, \(withData.count) of \(nights.count) with data"
    if let first = nights.first, let last = nights.last {
      desc += ", \(LocalDayText.full(first.day)) to \(LocalDayText.full(last.day))"
    }
    desc +=
      ". From the bottom: deep, core, REM, asleep without a stage, awake; the dashed outline is time in bed."
    if let lastNight = withData.last {
      desc += " Last: \(LocalDayText.short(lastNight.day, year: year)): "
      desc += stages.compactMap { s in
        s.minutes(lastNight).map { "\(s.name.lowercased()) \(Numbers.duration(minutes: $0))" }
      }
      .joined(separator: ", ")
      if let bed = lastNight.inBed { desc += ", in bed \(Numbers.duration(minutes: bed))" }
      desc += lastNight.partial ? " (partial: cut off by the export)." : "."
    }
    let napDays = nights.filter { $0.napNote != nil }
    if !napDays.isEmpty {
      desc += " A dot marks a day with a nap, not counted in the night: "
      desc += napDays.map { "\(LocalDayText.short($0.day, year: year)) \($0.napNote!)" }
        .joined(separator: ", ")
      desc += "."
    }
    return desc
  }

  /// The scene for nights over the window (one entry per point, oldest first).
  public static func scene(
    _ nights: [ReportSleepNight], id: String, grouping: ReportWindow.Grouping = .day
  ) -> ChartScene {
    let count = nights.count
    let withData = nights.filter(\.hasData)
    let napDays = nights.filter { $0.napNote != nil }
    let desc = describe(nights)
    let title = "Sleep stages, \(Words.count(count, "night"))"
    guard !withData.isEmpty else {
      var scene = ChartScene(width: width, height: 36, id: id, title: title, description: desc)
      scene.add(
        .text(
          ChartPoint(width / 2, 18), "No sleep recorded in these \(Words.count(count, "night")).",
          anchor: .middle),
        .emptyNote)
      return scene
    }
    let partial = nights.contains(where: \.partial)
    let legend = ChartLegend.layout(
      stages.map { ($0.role, $0.name) } + [(.inBed, "In bed")]
        + (napDays.isEmpty ? [] : [(.napDot, "Nap")])
        + (partial ? [(.barPartial, "Partial night")] : []), left: 2, width: width, top: 10)
    var maxHours = 1.0
    for night in nights {
      let stacked = stages.reduce(0.0) { $0 + ($1.minutes(night) ?? 0) }
      maxHours = max(maxHours, stacked / 60, (night.inBed ?? 0) / 60)
    }
    let ticks = NiceTicks(
      minimum: 0, maximum: maxHours, target: 4, integer: true, includeZero: true)
    let days = nights.map(\.day)
    let frame = ChartFrame(
      count: count, height: grouping == .day ? height : 210, ticks: ticks,
      tickText: { "\(Numbers.fixed($0, 0)) h" },
      unit: "", xLabels: ChartFrame.labels(days, grouping), strides: ChartFrame.strides(grouping),
      top: 10 + legend.height + 6)
    var scene = frame.scene(id: id, title: title, description: desc)
    scene.elements += legend.elements
    let y = frame.y
    let step = frame.slot
    let barWidth = max(1.5, step * 0.62)
    let bedWidth = max(2.5, step * 0.86)
    let bottom = frame.plot.maxY
    for (i, night) in nights.enumerated() {
      if let bed = night.inBed, bed > 0 {
        let top = y.map(bed / 60)
        scene.add(
          .rect(x: frame.x(i) - bedWidth / 2, y: top, width: bedWidth, height: bottom - top),
          .inBed)
      }
      var base = 0.0
      if night.partial {
        // Cut off by the export: one outlined bar of its asleep (else in-bed) time.
        let minutes = night.asleep ?? night.inBed ?? 0
        if minutes > 0 {
          let top = y.map(minutes / 60)
          scene.add(
            .rect(x: frame.x(i) - barWidth / 2, y: top, width: barWidth, height: bottom - top),
            .barPartial)
        }
        continue
      }
      for s in stages {
        guard let m = s.minutes(night), m > 0 else { continue }
        let y0 = y.map(base / 60)
        let y1 = y.map((base + m) / 60)
        scene.add(
          .rect(x: frame.x(i) - barWidth / 2, y: y1, width: barWidth, height: y0 - y1), s.role)
        base += m
      }
      if night.napNote != nil {
        let barTop = y.map(max(base, night.inBed ?? 0) / 60)
        scene.add(.circle(center: ChartPoint(frame.x(i), barTop - 6), radius: 2.5), .napDot)
      }
    }
    return scene
  }
}
