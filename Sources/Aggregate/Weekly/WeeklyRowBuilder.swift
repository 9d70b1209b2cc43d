import HealthCore
import HealthModel

/// Builds `weekly` rows per ISO week (docs/aggregate.md, "Weekly rows"):
///
/// - each key metric: the week's mean of daily values, last week's mean, the change, where
///   the week's mean sits against the normal range on the week's last day (or the as-of day
///   in the current week), days with data;
/// - workouts: count, minutes, energy, distance summed, in total ("", every week) and per
///   activity type (weeks that have it; last week's value 0 when it had none);
/// - each goal: goal days in the week (`goalMet`, category = goal name) against its weekly
///   target: `met` true once reached, false only for a week seen whole (begun on or after
///   the history's first day, over by the as-of date, with data for the goal on some day
///   of it), nil otherwise.
///
/// `daysInWeek` counts the week's days up to the as-of date. The first week's previous
/// values are nil.
enum WeeklyRowBuilder {
  static let workoutMetrics: [MetricID] = [
    .workoutCount, .workoutMinutes, .workoutEnergy, .workoutDistance,
  ]

  static func rows(
    data: DailyData, baselines: [MetricID: [Int32: BaselineRow]],
    goals: [(GoalDefinition, [Int32: GoalDayState])], days: ClosedRange<LocalDay>
  ) -> [WeeklyRow] {
    let asOf = days.upperBound
    var rows: [WeeklyRow] = []
    var monday = days.lowerBound.isoWeek.monday
    var activities: [String] = []
    for key in data.series.keys where key.metric == .workoutCount && !key.category.isEmpty {
      activities.append(key.category)
    }
    activities.sort()
    while monday <= asOf {
      let week = monday.isoWeek
      let end = min(monday.adding(days: 6), asOf)
      let range = monday...end
      let previous = monday.adding(days: -7)...monday.adding(days: -1)
      let hasPrevious = monday > days.lowerBound
      let daysInWeek = Int64(monday.distance(to: end) + 1)
      for metric in MetricCatalog.keyMetrics {
        let series = data.series(metric)
        let values = series.values(in: range)
        let value = Statistics.mean(values)
        let prior = hasPrevious ? Statistics.mean(series.values(in: previous)) : nil
        var position = ""
        if let value, let b = baselines[metric]?[end.dayNumber], let low = b.rangeLow,
          let high = b.rangeHigh
        {
          position = WindowRules.position(value, low: low, high: high)
        }
        rows.append(
          WeeklyRow(
            week: week, metric: metric, value: value, previousValue: prior, position: position,
            daysWithData: Int64(values.count), daysInWeek: daysInWeek, unit: series.unit))
      }
      for category in [""] + activities {
        let counts = data.series(.workoutCount, category)
        let present = counts.values(in: range).count
        if !category.isEmpty && present == 0 { continue }
        for metric in workoutMetrics {
          let series = data.series(metric, category)
          let value = series.values(in: range).reduce(0, +)
          let prior = hasPrevious ? series.values(in: previous).reduce(0, +) : nil
          rows.append(
            WeeklyRow(
              week: week, metric: metric, category: category, value: value, previousValue: prior,
              daysWithData: Int64(present), daysInWeek: daysInWeek,
              unit: series.unit))
        }
      }
      for (goal, states) in goals {
        func tally(_ r: ClosedRange<LocalDay>) -> (met: Int, data: Int) {
          var met = 0
          var seen = 0
          for d in r {
            let s = states[d.dayNumber] ?? .noData
            if s.isMet { met += 1 }
            if s != .noData { seen += 1 }
          }
          return (met, seen)
        }
        let now = tally(range)
        let prior = hasPrevious ? Double(tally(previous).met) : nil
        // Met once the target is reached; missed only for a week seen whole (begun inside
        // the history, over by the as-of date, with data for the goal on some day);
        // otherwise not decided (nil).
        let whole = monday >= days.lowerBound && monday.adding(days: 6) <= asOf && now.data > 0
        rows.append(
          WeeklyRow(
            week: week, metric: .goalMet, category: goal.name, value: Double(now.met),
            previousValue: prior, daysWithData: Int64(now.data), daysInWeek: daysInWeek,
            target: goal.weeklyTarget.map(Int64.init),
            met: goal.weeklyTarget.flatMap { now.met >= $0 ? true : (whole ? false : nil) },
            unit: "days"))
      }
      monday = monday.adding(days: 7)
    }
    return rows
  }
}
