import HealthCore
import HealthModel

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

  /// The caption under the VO₂ max chart, for the points it shows.
  public static func vo2MaxCaption(_ grouping: ReportWindow.Grouping) -> String {
    let about =
      "VO₂ max is the watch's estimate of your cardio fitness (mL of oxygen per kg per minute), usually from an outdoor walk, run or hike. Higher is fitter; it changes over weeks, not days."
    switch grouping {
    case .day: return "Each dot is one estimate; the line joins them. " + about
    case .week, .month:
      let span = grouping == .week ? "week" : "month"
      return
        "Each point is the mean of a \(span)'s estimates of your cardio fitness by the watch (mL of oxygen per kg per minute); higher is fitter."
    }
  }

  /// When a point is: `on Fri 1 Dec`, `in the week of Mon 9 Nov`, `in Dec 2025`.
  public static func when(_ day: LocalDay, _ grouping: ReportWindow.Grouping, year: Int) -> String {
    switch grouping {
    case .day: "on " + LocalDayText.short(day, year: year)
    case .week: "in the week of " + LocalDayText.short(day, year: year)
    case .month: "in " + LocalDayText.monthYear(day)
    }
  }

  /// A pinned card's sparkline.
  public static func sparklineID(_ metric: MetricID) -> String {
    "spark-" + Markup.slug(metric.rawValue)
  }

  /// A streak's history: daily and weekly rows of the same goal get different ids.
  public static func historyID(_ s: StreakRow) -> String {
    "strip-" + Markup.slug(s.goal) + "-" + Markup.slug(s.cadence.isEmpty ? "daily" : s.cadence)
  }

  /// The history scene of a streak row (its last 13 weeks), or nil without history.
  public static func history(
    _ s: StreakRow, weekStart: Weekday?, year: Int, recorded: Set<Int32> = []
  ) -> ChartScene? {
    guard !s.history.isEmpty else { return nil }
    let weeks = min(s.history.count, HistoryStrip.shownWeeks)
    if s.cadence == "weekly" {
      let lastWeek = s.windowEnd.adding(
        days: -(((s.windowEnd.isoWeekday - (weekStart ?? .monday).isoNumber) + 7) % 7))
      return HistoryStrip.scene(
        history: s.history, lastWeek: lastWeek, id: historyID(s),
        title: "\(StreakText.title(s)), last \(Words.count(weeks, "week"))", year: year)
    }
    return HistoryStrip.calendar(
      history: s.history, start: s.windowStart, weekStart: weekStart, id: historyID(s),
      title: StreakText.title(s)
        + (s.history.count >= 7 * HistoryStrip.shownWeeks
          ? ", last \(HistoryStrip.shownWeeks) weeks"
          : ", since \(LocalDayText.short(s.windowStart, year: year))"),
      year: year, recorded: recorded)
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
