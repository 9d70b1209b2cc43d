import HealthCore

/// Builds a `ReportModel` from the aggregate tables. Pure: the same inputs, as-of and
/// window always give the same model.
public enum ReportModelBuilder {
  /// Builds the model. `asOf` nil is the as-of recorded in the tables' meta, else the last
  /// day in the daily table (`ReportAsOf`).
  public static func build(_ inputs: ReportInputs, asOf requested: LocalDay?, window: Int) throws
    -> ReportModel
  {
    let meta = ReportMeta(inputs.meta)
    let asOf = try ReportAsOf.day(requested, inputs: inputs)
    let buckets = Buckets(asOf: asOf, window: window)
    let first = buckets.first
    let days = (0...first.distance(to: asOf)).map { first.adding(days: $0) }

    // Index the rows up to as-of (the stage read only the window and the year before it).
    var baselineIndex: [MetricID: [Int32: BaselineRow]] = [:]
    for r in inputs.baselines where r.day <= asOf {
      baselineIndex[r.metric, default: [:]][r.day.dayNumber] = r
    }
    var daily: SeriesBuilder.DailyIndex = [:]
    var lastDataDay: LocalDay?
    for r in inputs.daily where r.category.isEmpty && r.day <= asOf && r.value.isFinite {
      daily[r.metric, default: [:]][r.day.dayNumber] = r.value
      if r.metric != .goalMet, lastDataDay.map({ r.day > $0 }) ?? true { lastDataDay = r.day }
    }

    let series = MetricCatalog.keyMetrics.map { m in
      SeriesBuilder.keyMetric(
        m, buckets: buckets, asOf: asOf, baselines: baselineIndex[m] ?? [:],
        daily: daily[m] ?? [:])
    }
    let cards = meta.pinned.map { m in
      CardBuilder.card(m, asOf: asOf, rows: baselineIndex[m] ?? [:], daily: daily[m] ?? [:])
    }
    let nights = SeriesBuilder.nights(buckets: buckets, daily: daily)
    let dataThrough = meta.dataThrough ?? lastDataDay
    var stale: String?
    if let through = dataThrough, through < asOf {
      stale = "No new data since \(through.shortLabel): export again or check the automation."
    } else if dataThrough == nil {
      stale = "No data yet: export from the Health app (or an automation) into the input folder."
    }

    return ReportModel(
      asOf: asOf, window: window, grouping: buckets.grouping, days: days,
      coverage: coverage(asOf: asOf, daily: daily),
      dataThrough: dataThrough, staleNotice: stale,
      hero: hero(inputs, asOf: asOf, meta: meta),
      cards: cards, series: series, nights: nights,
      sleepTimes: SeriesBuilder.sleepTimes(buckets: buckets, asOf: asOf, daily: daily),
      vo2Max: SeriesBuilder.plain(
        MetricPresentation.of(.vo2Max), buckets: buckets, asOf: asOf, daily: daily[.vo2Max] ?? [:]),
      wristTemperature: SeriesBuilder.wristTemperature(
        buckets: buckets, asOf: asOf, daily: daily[.wristTemperature] ?? [:]),
      bloodPressure: SeriesBuilder.bloodPressure(buckets: buckets, daily: daily),
      workoutBars: SeriesBuilder.workoutBars(buckets: buckets, asOf: asOf, daily: daily),
      workouts: workouts(inputs.weekly, asOf: asOf, first: first),
      streaks: inputs.streaks,
      week: weekMetrics(inputs.weekly, asOf: asOf),
      trends: TrendRule.summary(daily: daily, asOf: asOf, metrics: MetricCatalog.keyMetrics),
      meta: meta)
  }

  static func coverage(asOf: LocalDay, daily: SeriesBuilder.DailyIndex) -> String {
    let week = (0..<7).map { asOf.adding(days: -$0).dayNumber }
    if let sleep = daily[.sleepAsleep], !sleep.isEmpty {
      return "\(week.filter { sleep[$0] != nil }.count) of 7 nights"
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
        // Which HRV measure the score uses is said when it is not SDNN (docs/aggregate.md).
        name: row?.conditionMeasure == HRVKind.rmssd.rawValue
          ? "Condition (HRV: RMSSD)" : "Condition",
        score: row?.condition,
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
