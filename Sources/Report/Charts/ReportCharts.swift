import HealthCore

/// Every chart a report draws, with its id, in document order: one place, so HTML,
/// Markdown (one `.svg` file per id) and the manifest's count agree, and no two charts
/// share an id.
public enum ReportCharts {
  /// `chart-restingHeartRate`.
  public static func id(for s: MetricSeries) -> String {
    "chart-" + Markup.slug(s.presentation.metric.rawValue)
  }
  /// Sleep stages.
  public static let sleepStagesID = "chart-sleep-stages"
  /// Bedtime and wake time.
  public static let sleepTimesID = "chart-sleep-times"
  /// VO₂ max.
  public static let vo2MaxID = "chart-vo2Max"
  /// Wrist temperature deviation.
  public static let wristTemperatureID = "chart-wristTemperature"
  /// Blood pressure.
  public static let bloodPressureID = "chart-bloodPressure"
  /// Workouts per week.
  public static let workoutsID = "chart-workouts"

  /// The caption under the VO₂ max chart.
  public static let vo2MaxCaption =
    "Each dot is an estimate of your cardio fitness by the watch (mL of oxygen per kg per minute), usually from an outdoor walk, run or hike; the line joins them. Higher is fitter; it changes over weeks, not days."

  /// A pinned card's sparkline.
  public static func sparklineID(_ metric: MetricID) -> String {
    "spark-" + Markup.slug(metric.rawValue)
  }

  /// A streak's history: daily and weekly rows of the same goal get different ids.
  public static func historyID(_ s: StreakRow) -> String {
    "strip-" + Markup.slug(s.goal) + "-" + Markup.slug(s.cadence.isEmpty ? "daily" : s.cadence)
  }

  /// The history scene of a streak row, or nil without history.
  public static func history(_ s: StreakRow, weekStart: Weekday?) -> ChartScene? {
    guard !s.history.isEmpty else { return nil }
    // The streaks are replayed over the whole history now (docs/streaks.md); the strip
    // keeps showing its last 90 days (13 weeks), as it did with the 90-day window.
    if s.cadence == "weekly" {
      let weeks = String(s.history.suffix(13))
      return HistoryStrip.scene(
        history: weeks, id: historyID(s),
        title: "\(StreakText.title(s)), last \(Words.count(weeks.count, "week"))", unit: "week")
    }
    let days = String(s.history.suffix(90))
    return HistoryStrip.calendar(
      history: days, start: s.windowEnd.adding(days: -(days.count - 1)), weekStart: weekStart,
      id: historyID(s), title: "\(StreakText.title(s)), last \(Words.count(days.count, "day"))")
  }

  /// The sleep-times, VO₂ max, wrist-temperature, blood-pressure and workout charts that
  /// have data.
  public static func extra(_ m: ReportModel) -> [ChartScene] {
    var scenes: [ChartScene] = []
    if m.sleepTimes.hasData { scenes.append(SleepTimesChart.scene(m.sleepTimes, id: sleepTimesID)) }
    if let v = m.vo2Max { scenes.append(DotLineChart.scene(v, id: vo2MaxID)) }
    if let t = m.wristTemperature {
      scenes.append(DeviationChart.scene(t, id: wristTemperatureID))
    }
    if let b = m.bloodPressure { scenes.append(PressureChart.scene(b, id: bloodPressureID)) }
    if m.workoutBars.hasData { scenes.append(WorkoutChart.scene(m.workoutBars, id: workoutsID)) }
    return scenes
  }
}
