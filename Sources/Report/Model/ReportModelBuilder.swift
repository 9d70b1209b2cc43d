import HealthCore

/// Builds a `ReportModel` from the aggregate tables. Pure: the same inputs, as-of and
/// window always give the same model.
public enum ReportModelBuilder {
  /// Builds the model. `asOf` defaults to the as-of recorded in the tables' meta, else the
  /// last day in the daily table.
  public static func build(_ inputs: ReportInputs, asOf requested: LocalDay?, window: Int) throws
    -> ReportModel
  {
    let meta = ReportMeta(inputs.meta)
    guard let asOf = requested ?? meta.asOf ?? inputs.daily.map(\.day).max()
    else {
      throw HealthError(
        .dataError, "the aggregate tables record no as-of date and hold no days",
        at: inputs.files.first.map { SourceLocation(file: $0) },
        hint: "pass --as-of DATE, or rerun `healthpipe aggregate` on data with at least one day")
    }
    let window = max(1, window)
    let first = asOf.adding(days: -(window - 1))
    let days = (0..<window).map { first.adding(days: $0) }

    // Index the rows of the window (and the week before it, for deltas) by metric and day.
    var baselineIndex: [MetricID: [Int32: BaselineRow]] = [:]
    for r in inputs.baselines where r.day <= asOf && r.day >= first.adding(days: -7) {
      baselineIndex[r.metric, default: [:]][r.day.dayNumber] = r
    }
    var dailyIndex: [MetricID: [Int32: DailyValue]] = [:]
    for r in inputs.daily
    where r.category.isEmpty && r.day <= asOf && r.day >= first && r.value.isFinite {
      dailyIndex[r.metric, default: [:]][r.day.dayNumber] = r
    }

    var seriesByMetric: [MetricID: MetricSeries] = [:]
    var allMetrics = MetricCatalog.keyMetrics
    for m in meta.pinned where !allMetrics.contains(m) { allMetrics.append(m) }
    for m in allMetrics {
      seriesByMetric[m] = series(
        m, days: days, asOf: asOf, baselines: baselineIndex[m] ?? [:], daily: dailyIndex[m] ?? [:])
    }

    let cards = meta.pinned.map { m in
      card(
        m, series: seriesByMetric[m]!, asOf: asOf, rows: baselineIndex[m] ?? [:],
        daily: inputs.daily)
    }
    let nights = days.map { day -> SleepNight in
      var n = SleepNight(day: day)
      n.asleep = dailyIndex[.sleepAsleep]?[day.dayNumber]?.value
      n.inBed = dailyIndex[.sleepInBed]?[day.dayNumber]?.value
      n.core = dailyIndex[.sleepCore]?[day.dayNumber]?.value
      n.deep = dailyIndex[.sleepDeep]?[day.dayNumber]?.value
      n.rem = dailyIndex[.sleepREM]?[day.dayNumber]?.value
      n.awake = dailyIndex[.sleepAwake]?[day.dayNumber]?.value
      n.napMinutes = dailyIndex[.napMinutes]?[day.dayNumber]?.value
      n.napCount = dailyIndex[.napCount]?[day.dayNumber].map { Int($0.value) }
      return n
    }

    return ReportModel(
      asOf: asOf, window: window, days: days,
      coverage: coverage(asOf: asOf, nights: nights, daily: dailyIndex),
      hero: hero(inputs, asOf: asOf, meta: meta),
      cards: cards,
      series: MetricCatalog.keyMetrics.compactMap { seriesByMetric[$0] },
      nights: nights,
      workouts: workouts(inputs.weekly, asOf: asOf, first: first),
      streaks: inputs.streaks.sorted { $0.goal < $1.goal },
      week: weekMetrics(inputs.weekly, asOf: asOf),
      meta: meta)
  }

  static func series(
    _ metric: MetricID, days: [LocalDay], asOf: LocalDay, baselines: [Int32: BaselineRow],
    daily: [Int32: DailyValue]
  ) -> MetricSeries {
    let p = MetricPresentation.of(metric)
    var s = MetricSeries(presentation: p, days: days)
    func finite(_ v: Double?) -> Double? { v.flatMap { $0.isFinite ? p.display($0) : nil } }
    let useDaily = baselines.isEmpty
    for (i, day) in days.enumerated() {
      if useDaily {
        s.values[i] = finite(daily[day.dayNumber]?.value)
      } else if let row = baselines[day.dayNumber] {
        s.values[i] = finite(row.value)
        if let lo = finite(row.rangeLow), let hi = finite(row.rangeHigh) {
          s.rangeLow[i] = min(lo, hi)
          s.rangeHigh[i] = max(lo, hi)
        }
      }
    }
    // Baseline: the latest day in the window that has a valid base60 mean.
    for day in days.reversed() {
      if let b = finite(baselines[day.dayNumber]?.base60Mean) {
        s.baseline = b
        break
      }
    }
    if s.baseline == nil {
      if let row = baselines[asOf.dayNumber] {
        s.baselineNote = "calibrating \(row.base60Days)/21"
      } else {
        s.baselineNote = "not available"
      }
    }
    return s
  }

  static func card(
    _ metric: MetricID, series: MetricSeries, asOf: LocalDay, rows: [Int32: BaselineRow],
    daily: [DailyValue]
  ) -> MetricCard {
    let p = series.presentation
    let today = rows[asOf.dayNumber]
    // The row whose value is shown: today's, else the last day with a value.
    var shown: BaselineRow? = today?.value != nil ? today : nil
    if shown == nil, let last = today?.lastDay, let row = rows[last.dayNumber], row.value != nil {
      shown = row
    }
    if shown == nil {
      shown = rows.values.filter { $0.value != nil && $0.day <= asOf }.max { $0.day < $1.day }
    }
    var value = shown?.value.flatMap { $0.isFinite ? p.display($0) : nil }
    var valueDay = value == nil ? nil : shown?.day
    if value == nil, rows.isEmpty {
      // Not a key metric: the last daily value on or before as-of.
      if let last = daily.filter({
        $0.metric == metric && $0.category.isEmpty && $0.day <= asOf && $0.value.isFinite
      })
      .max(by: { $0.day < $1.day }) {
        value = p.display(last.value)
        valueDay = last.day
      }
    }
    var freshness = "no data"
    var stale = false
    if let d = valueDay {
      let age = d.distance(to: asOf)
      freshness = age == 0 ? "Today" : (age == 1 ? "Yesterday" : "\(age)d ago")
      stale = age > 3
    }
    if let t = today, !t.freshness.isEmpty, valueDay == t.lastDay {
      freshness = t.freshness
      stale = t.stale
    }

    func delta(_ label: String, _ d: Double?, note: String) -> MetricCard.Delta {
      guard let raw = shown?.value, let d, raw.isFinite, d.isFinite else {
        return MetricCard.Delta(
          label: label, text: nil, note: shown == nil ? "not available" : note)
      }
      let now = p.display(raw)
      let then = p.display(raw - d)
      let diff = now - then
      var text = p.formatDifference(diff)
      if then != 0 { text += " (" + Numbers.signed(100 * diff / abs(then), 0) + "%)" }
      return MetricCard.Delta(label: label, text: text, note: "")
    }
    let deltas = [
      delta("vs yesterday", shown?.deltaYesterday, note: "no value the day before"),
      delta("vs 14d", shown?.delta14, note: "calibrating \(shown?.base14Days ?? 0)/7"),
      delta("vs 60d", shown?.delta60, note: "calibrating \(shown?.base60Days ?? 0)/21"),
    ]
    return MetricCard(
      presentation: p, value: value, valueDay: valueDay, freshness: freshness, stale: stale,
      deltas: deltas, series: series)
  }

  static func coverage(asOf: LocalDay, nights: [SleepNight], daily: [MetricID: [Int32: DailyValue]])
    -> String
  {
    let week = (0..<7).map { asOf.adding(days: -$0).dayNumber }
    let hasSleep = !(daily[.sleepAsleep]?.isEmpty ?? true)
    if hasSleep {
      let n = week.filter { daily[.sleepAsleep]?[$0] != nil }.count
      return "\(n) of 7 nights"
    }
    let n = week.filter { d in daily.values.contains { $0[d] != nil } }.count
    return "\(n) of 7 days with data"
  }

  static func hero(_ inputs: ReportInputs, asOf: LocalDay, meta: ReportMeta) -> Hero {
    let row = inputs.scores.first { $0.day == asOf }
    func note(_ text: String?) -> String {
      guard let text, !text.isEmpty else { return "not available" }
      return text
    }
    let parts = [
      Hero.Part(
        name: "Condition", score: row?.condition,
        note: row?.condition == nil ? note(row?.conditionNote) : ""),
      Hero.Part(
        name: "Sleep", score: row?.sleep, note: row?.sleep == nil ? note(row?.sleepNote) : ""),
      Hero.Part(name: "Body", score: row?.body, note: row?.body == nil ? note(row?.bodyNote) : ""),
    ]
    var status = row?.status ?? ""
    if status.isEmpty, let w = row?.wellness { status = ScoreStatus.word(for: w) }

    // Weekly goal progress for the `active` goal.
    let week = asOf.isoWeek.description
    var progress: (Int, Int)?
    if let w = inputs.weekly.first(where: {
      $0.week == week && $0.metric == .goalMet && $0.category == "active"
    }),
      let v = w.value, v.isFinite
    {
      let target = w.target.map(Int.init) ?? meta.weeklyTargets["active"] ?? 5
      progress = (Int(v.rounded()), target)
    } else {
      let monday = asOf.isoWeek.monday
      let goalRows = inputs.daily.filter { $0.metric == .goalMet && $0.category == "active" }
      if !goalRows.isEmpty {
        let done = goalRows.filter { $0.day >= monday && $0.day <= asOf && $0.value >= 1 }.count
        progress = (done, meta.weeklyTargets["active"] ?? 5)
      }
    }
    return Hero(
      wellness: row?.wellness, status: status,
      wellnessNote: row?.wellness == nil ? note(row?.wellnessNote) : "",
      parts: parts, coaching: row?.coaching ?? "",
      weeklyGoal: progress.map { "\($0.0)/\($0.1) active days" },
      weeklyGoalProgress: progress.map { (done: $0.0, target: $0.1) })
  }

  static func weekMetrics(_ weekly: [WeeklyRow], asOf: LocalDay) -> [WeekMetric] {
    let week = asOf.isoWeek.description
    var out: [WeekMetric] = []
    for m in MetricCatalog.keyMetrics {
      guard
        let r = weekly.first(where: { $0.week == week && $0.metric == m && $0.category.isEmpty })
      else { continue }
      let p = MetricPresentation.of(m)
      out.append(
        WeekMetric(
          presentation: p, value: r.value.flatMap { $0.isFinite ? p.display($0) : nil },
          previous: r.previousValue.flatMap { $0.isFinite ? p.display($0) : nil },
          position: r.position,
          daysWithData: Int(r.daysWithData), daysInWeek: Int(r.daysInWeek)))
    }
    return out
  }

  static let workoutMetrics: [MetricID] = [
    .workoutCount, .workoutMinutes, .workoutEnergy, .workoutDistance,
  ]

  static func workouts(_ weekly: [WeeklyRow], asOf: LocalDay, first: LocalDay) -> WorkoutSummary {
    let current = asOf.isoWeek.description
    var totals: [String: WorkoutSummary.Totals] = [:]
    var types: [String: WorkoutSummary.Totals] = [:]
    for r in weekly where workoutMetrics.contains(r.metric) {
      guard r.weekStart.adding(days: 6) >= first, r.weekStart <= asOf else { continue }
      let value = r.value.flatMap { $0.isFinite ? $0 : nil }
      if r.category.isEmpty {
        var t = totals[r.week] ?? WorkoutSummary.Totals(label: r.week)
        set(&t, r.metric, value)
        totals[r.week] = t
      } else if r.week == current {
        var t = types[r.category] ?? WorkoutSummary.Totals(label: activityName(r.category))
        set(&t, r.metric, value)
        types[r.category] = t
      }
    }
    return WorkoutSummary(
      weeks: totals.values.sorted { $0.label > $1.label },
      byType: types.values.sorted { ($0.minutes ?? 0, $1.label) > ($1.minutes ?? 0, $0.label) },
      currentWeek: current)
  }

  private static func set(_ t: inout WorkoutSummary.Totals, _ m: MetricID, _ v: Double?) {
    switch m {
    case .workoutCount: t.count = v
    case .workoutMinutes: t.minutes = v
    case .workoutEnergy: t.energy = v
    default: t.distance = v
    }
  }

  /// `HKWorkoutActivityTypeTraditionalStrengthTraining` → `Traditional strength training`.
  public static func activityName(_ raw: String) -> String {
    var name = Substring(raw)
    if name.hasPrefix("HKWorkoutActivityType") { name = name.dropFirst(21) }
    var out = ""
    var previousLower = false
    for ch in name {
      if ch == "_" || ch == "-" {
        out += " "
        previousLower = false
        continue
      }
      if ch.isUppercase, previousLower { out += " " }
      out += out.isEmpty ? String(ch).uppercased() : String(ch).lowercased()
      previousLower = ch.isLowercase || ch.isNumber
    }
    return out.isEmpty ? raw : out
  }
}
