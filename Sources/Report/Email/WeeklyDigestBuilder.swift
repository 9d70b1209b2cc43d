import HealthCore
import HealthModel

/// Builds the `WeeklyDigest` from the aggregate tables for an as-of date. Pure: the same
/// tables and as-of always give the same digest.
///
/// The weeks are ISO weeks (Monday to Sunday), as in the weekly table. Metric means come
/// from the weekly table when it has the metric (key metrics) for the same as-of, else
/// from the daily values;
/// scores are the mean of the daily scores of each week; the daily values for the charts
/// come from `ReportModelBuilder` over the 14 days ending at the as-of date, which always
/// reach back to last week's Monday.
public enum WeeklyDigestBuilder {
  /// Metrics that fill the charts up to two when fewer pinned metrics have data.
  static let fallbackCharts: [MetricID] = [.sleepAsleep, .restingHeartRate, .steps, .hrvLnSDNN]
  /// At most this many charts.
  static let maximumCharts = 3

  /// Builds the digest; `attachmentWindow` is the window of the attached full report.
  public static func build(_ inputs: ReportInputs, asOf: LocalDay, attachmentWindow: Int) throws
    -> WeeklyDigest
  {
    let model = try ReportModelBuilder.build(inputs, asOf: asOf, window: 14)
    let monday = asOf.isoWeek.monday
    let lastMonday = monday.adding(days: -7)
    let thisWeek = asOf.isoWeek.description
    let lastWeek = lastMonday.isoWeek.description
    let daysSoFar = monday.distance(to: asOf) + 1
    let twoWeeks = (0..<14).map { lastMonday.adding(days: $0) }

    // Displayed daily values over the two weeks, per metric, straight from the daily table
    // (the web report's series and sparklines have windows of their own).
    var dailyByMetric: [MetricID: [Int32: Double]] = [:]
    let firstDay = twoWeeks[0]
    for v in inputs.daily
    where v.category.isEmpty && v.value.isFinite && v.day >= firstDay && v.day <= asOf {
      dailyByMetric[v.metric, default: [:]][v.day.dayNumber] = v.value
    }
    func values(_ m: MetricID) -> [Double?] {
      let p = MetricPresentation.of(m)
      let byDay = dailyByMetric[m] ?? [:]
      return twoWeeks.map { byDay[$0.dayNumber].map(p.display) }
    }

    func metric(_ m: MetricID) -> WeeklyDigest.Metric {
      Self.metric(
        m, inputs: inputs, asOf: asOf,
        referenceSD: model.series.first { $0.presentation.metric == m }?.referenceSD)
    }

    // Charts: pinned metrics with data in the two weeks, then the fallbacks, two or three.
    var chartMetrics: [MetricID] = []
    for m in model.cards.map(\.presentation.metric) + fallbackCharts
    where !chartMetrics.contains(m) && values(m).contains(where: { $0 != nil }) {
      let pinned = model.cards.contains { $0.presentation.metric == m }
      if pinned || chartMetrics.count < 2 { chartMetrics.append(m) }
    }
    let charts = chartMetrics.prefix(maximumCharts).map { m in
      WeeklyDigest.Chart(
        metric: metric(m), days: twoWeeks, values: values(m), asOfIndex: 7 + daysSoFar - 1)
    }

    let sleep = values(.sleepAsleep)
    let hasSleep = inputs.daily.contains { $0.metric == .sleepAsleep && $0.category.isEmpty }
    let thisWeekDays = twoWeeks[7..<(7 + daysSoFar)].map(\.dayNumber)
    let daysWithData = thisWeekDays.filter { d in
      inputs.daily.contains { $0.day.dayNumber == d && $0.category.isEmpty && $0.value.isFinite }
    }.count

    // An input that failed or kept nothing is said at the top: a weekly reader must not take
    // a week without that input's data for a quiet week.
    let quality = inputs.meta
    let scoreRow = inputs.scores.first { $0.day == asOf }
    var goals = goals(inputs, asOf: asOf, monday: monday, week: thisWeek)
    for i in goals.indices {
      goals[i].wholeWeekObserved = model.firstDay.map { $0 <= monday } ?? true
    }
    var digest = WeeklyDigest(
      asOf: asOf, dataThrough: model.dataThrough, calibration: model.calibration,
      coachingRule: scoreRow?.coachingRule ?? "", monday: monday,
      sleepNights: hasSleep ? sleep[7..<(7 + daysSoFar)].filter { $0 != nil }.count : nil,
      daysWithData: daysWithData,
      scores: scores(inputs.scores, asOf: asOf, monday: monday, calibration: model.calibration),
      coaching: scoreRow?.coaching ?? "",
      pinned: model.cards.map { metric($0.presentation.metric) },
      goals: goals,
      workouts: WeeklyDigest.Workouts(
        thisWeek: model.workouts.weeks.first { $0.week == thisWeek },
        lastWeek: model.workouts.weeks.first { $0.week == lastWeek },
        byType: model.workouts.byType),
      charts: Array(charts),
      inputProblemsHeading: quality.inputProblemsHeading, inputProblems: quality.inputProblems,
      attachmentName: "health-report-\(asOf).html", attachmentWindow: attachmentWindow)
    digest.habits = habitsLine(model, inputs: inputs)
    return digest
  }

  /// A metric's week against the week before: the weekly row when it holds the week up to
  /// this as-of (same days so far), else the mean of the canonical daily values, displayed
  /// afterwards (as the weekly table does, so HRV's mean of ln values is a geometric mean).
  static func metric(
    _ m: MetricID, inputs: ReportInputs, asOf: LocalDay, referenceSD: Double?
  ) -> WeeklyDigest.Metric {
    let p = MetricPresentation.of(m)
    let monday = asOf.isoWeek.monday
    let lastMonday = monday.adding(days: -7)
    let daysSoFar = monday.distance(to: asOf) + 1
    func row(_ week: String) -> WeeklyRow? {
      inputs.weekly.first { $0.week == week && $0.metric == m && $0.category.isEmpty }
    }
    func shown(_ v: Double?) -> Double? { v.flatMap { $0.isFinite ? p.display($0) : nil } }
    if let r = row(asOf.isoWeek.description), r.daysInWeek == daysSoFar {
      return WeeklyDigest.Metric(
        presentation: p, thisWeek: shown(r.value),
        lastWeek: shown(r.previousValue ?? row(lastMonday.isoWeek.description)?.value),
        daysWithData: Int(r.daysWithData), daysInWeek: daysSoFar, referenceSD: referenceSD)
    }
    func mean(_ from: LocalDay, _ to: LocalDay) -> (Double?, Int) {
      let v = inputs.daily.filter {
        $0.metric == m && $0.category.isEmpty && $0.day >= from && $0.day <= to
          && $0.value.isFinite
      }.map(\.value)
      return (v.isEmpty ? nil : p.display(v.reduce(0, +) / Double(v.count)), v.count)
    }
    let now = mean(monday, asOf)
    return WeeklyDigest.Metric(
      presentation: p, thisWeek: now.0, lastWeek: mean(lastMonday, monday.adding(days: -1)).0,
      daysWithData: now.1, daysInWeek: daysSoFar, referenceSD: referenceSD)
  }

  /// Weekly means of the daily scores, rounded half up like every score.
  static func scores(
    _ rows: [ScoreRow], asOf: LocalDay, monday: LocalDay, calibration: Calibration?
  ) -> [WeeklyDigest.Score] {
    let today = rows.first { $0.day == asOf }
    let parts: [(String, (ScoreRow) -> Int64?, (ScoreRow) -> String)] = [
      ("Wellness", \.wellness, \.wellnessNote), ("Condition", \.condition, \.conditionNote),
      ("Sleep", \.sleep, \.sleepNote), ("Body", \.body, \.bodyNote),
    ]
    return parts.map { name, score, note in
      func mean(_ from: LocalDay, _ to: LocalDay) -> (Int64?, Int) {
        let v = rows.filter { $0.day >= from && $0.day <= to }.compactMap(score)
        guard !v.isEmpty else { return (nil, 0) }
        let m = Double(v.reduce(0, +)) / Double(v.count)
        return (Int64(NumberFormatting.roundHalfUp(m)), v.count)
      }
      let now = mean(monday, asOf)
      let before = mean(monday.adding(days: -7), monday.adding(days: -1))
      var why = ""
      if now.0 == nil {
        why = today.map(note) ?? ""
        if why.isEmpty { why = "not available" }
        why = DigestWords.weekNote(
          HeroWords.note(why, part: name, calibration: calibration, year: asOf.components.year),
          asOf: asOf)
      }
      return WeeklyDigest.Score(
        name: name, thisWeek: now.0, lastWeek: before.0, daysThisWeek: now.1, note: why)
    }
  }

  /// Goals in the streaks table's order (then any goal that has only weekly rows).
  static func goals(_ inputs: ReportInputs, asOf: LocalDay, monday: LocalDay, week: String)
    -> [WeeklyDigest.Goal]
  {
    let meta = inputs.meta
    var names: [String] = []
    for s in inputs.streaks where !names.contains(s.goal) { names.append(s.goal) }
    for r in inputs.weekly
    where r.metric == .goalMet && r.week == week && !r.category.isEmpty
      && !names.contains(r.category)
    {
      names.append(r.category)
    }
    let daysSoFar = monday.distance(to: asOf) + 1
    return names.map { name in
      let daily = inputs.streaks.first { $0.goal == name && $0.cadence == "daily" }
      let weekly = inputs.streaks.first { $0.goal == name && $0.cadence == "weekly" }
      // The weekly row only when it is as of the digest's date (see `metric`).
      let row = inputs.weekly.first {
        $0.week == week && $0.metric == .goalMet && $0.category == name
          && $0.daysInWeek == daysSoFar
      }
      var met = row?.value.flatMap { $0.isFinite ? NumberFormatting.roundHalfUp($0) : nil }
      if met == nil {
        // No weekly row: count the daily goal rows of the week so far.
        let days = inputs.daily.filter {
          $0.metric == .goalMet && $0.category == name && $0.day >= monday && $0.day <= asOf
        }
        if !days.isEmpty { met = days.filter { $0.value >= 1 }.count }
      }
      let target =
        row?.target.map(Int.init) ?? weekly.map { Int($0.target) }
        ?? meta.weeklyTargets[name]
      let description =
        (daily ?? weekly)?.goalDescription ?? meta.goalDescriptions[name] ?? ""
      var goal = WeeklyDigest.Goal(
        name: name, description: description, daysMet: met, daysInWeek: daysSoFar,
        target: target, daily: daily, weekly: weekly)
      goal.missed = row.map { $0.met == false }
      return goal
    }
  }
}
