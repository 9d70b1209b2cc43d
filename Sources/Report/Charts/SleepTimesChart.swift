import HealthModel

/// Bedtime and wake time per night (consistency at a glance): a bar from falling asleep to
/// waking, on a clock axis that runs down the page like the night does.
public enum SleepTimesChart {
  /// Height in user units.
  public static let height = 230.0

  /// The scene for the sleep times of a window.
  public static func scene(_ t: SleepTimes, id: String) -> ChartScene {
    let count = t.days.count
    let title =
      "Bedtime and wake time, \(Words.count(count, t.grouping == .day ? "night" : (t.grouping == .week ? "week" : "month")))"
    let values = (t.bedtime + t.wake).compactMap { $0 }
    guard let lo = values.min(), let hi = values.max() else {
      var scene = ChartScene(
        width: ChartFrame.width, height: 36, id: id, title: title,
        description: "No bedtimes recorded.")
      scene.add(
        .text(ChartPoint(ChartFrame.width / 2, 18), "No bedtimes recorded.", anchor: .middle),
        .emptyNote)
      return scene
    }
    // Whole clock hours, every 1, 2 or 3 hours, with half an hour to spare at both ends.
    let hours = (hi - lo + 60) / 60
    let step = (hours <= 5 ? 1.0 : (hours <= 10 ? 2.0 : 3.0)) * 60
    let lower = ((lo - 30) / step).rounded(.down) * step
    let upper = ((hi + 30) / step).rounded(.up) * step
    let ticks = NiceTicks(lower: lower, upper: upper, step: step)
    let frame = ChartFrame(
      count: count, height: t.grouping == .day ? height : 180, ticks: ticks,
      tickText: { LocalDayText.clock(minutesAfterSixPM: $0) }, unit: "",
      xLabels: ChartFrame.labels(t.days, t.grouping), strides: ChartFrame.strides(t.grouping),
      top: 14, yFlipped: true)
    var scene = frame.scene(id: id, title: title, description: describe(t))
    let barWidth = max(1.5, frame.slot * 0.5)
    let r = min(3, max(1.2, frame.slot * 0.3))
    for i in 0..<count {
      guard let bed = t.bedtime[i], let wake = t.wake[i], wake > bed else {
        for v in [t.bedtime[i], t.wake[i]].compactMap({ $0 }) {
          scene.add(.circle(center: ChartPoint(frame.x(i), frame.y.map(v)), radius: r), .sleepEnd)
        }
        continue
      }
      let top = frame.y.map(bed)
      scene.add(
        .rect(
          x: frame.x(i) - barWidth / 2, y: top, width: barWidth, height: frame.y.map(wake) - top),
        .sleepWindow)
      scene.add(.circle(center: ChartPoint(frame.x(i), top), radius: r), .sleepEnd)
      scene.add(.circle(center: ChartPoint(frame.x(i), frame.y.map(wake)), radius: r), .sleepEnd)
    }
    return scene
  }

  /// `Usual bedtime 23:12, wake 06:51`: the means over the window.
  public static func summary(_ t: SleepTimes) -> String {
    let bed = Statistics.mean(t.bedtime.compactMap { $0 })
    let wake = Statistics.mean(t.wake.compactMap { $0 })
    var parts: [String] = []
    if let bed { parts.append("usual bedtime \(LocalDayText.clock(minutesAfterSixPM: bed))") }
    if let wake { parts.append("wake \(LocalDayText.clock(minutesAfterSixPM: wake))") }
    return Words.upperFirst(parts.joined(separator: ", "))
  }

  /// The caption: what a bar is, and how steady bedtime has been.
  public static func caption(_ t: SleepTimes) -> String {
    var text =
      t.grouping == .day
      ? "Each bar runs from falling asleep to waking up."
      : "Each bar runs from the mean bedtime to the mean wake time of a \(t.grouping == .week ? "week" : "month")."
    if let sd = t.bedtimeSpread, t.grouping != .day {
      text +=
        " Bedtime over the last 14 nights: ± \(Numbers.duration(minutes: sd)) (± 30m or less is fully consistent)."
    } else if let sd = t.bedtimeSpread {
      text +=
        " Over the last \(Words.count(t.spreadNights, "night")) with data your bedtime varied by ± \(Numbers.duration(minutes: sd))"
        + " (one standard deviation); the sleep score counts ± 30m or less as fully consistent."
    } else {
      text += " Bedtime consistency needs 5 nights with data in the last 14."
    }
    return text
  }

  static func describe(_ t: SleepTimes) -> String {
    var text =
      "Bedtime and wake time from \(t.days.first.map(LocalDayText.full) ?? "") to the as-of date. "
    if let i = t.bedtime.indices.last(where: { t.bedtime[$0] != nil && t.wake[$0] != nil }) {
      text +=
        "Last: \(t.days[i].shortLabel), asleep \(LocalDayText.clock(minutesAfterSixPM: t.bedtime[i]!)) to \(LocalDayText.clock(minutesAfterSixPM: t.wake[i]!)). "
    }
    return text + summary(t) + "."
  }
}
