import HealthCore
import HealthModel

/// Builds a `ReportModel` from the aggregate tables. Pure: the same inputs, as-of and
/// window always give the same model.
public enum ReportModelBuilder {
  /// Builds the model. `asOf` nil is the as-of recorded in the tables' meta, else the last
  /// day in the daily table (`ReportAsOf`).
  public static func build(_ inputs: ReportInputs, asOf requested: LocalDay?, window: Int) throws
    -> ReportModel
  {
    let meta = inputs.meta
    let asOf = try ReportAsOf.day(requested, inputs: inputs)
    let rows = Rows(inputs, asOf: asOf)
    let firstDay = meta.firstDay ?? rows.firstDataDay
    let buckets = Buckets(asOf: asOf, window: window, firstDay: firstDay)
    let first = buckets.first
    let days = (0...first.distance(to: asOf)).map { first.adding(days: $0) }
    let (daily, baselineIndex) = (rows.daily, rows.baselines)

    let keyMetrics = PinnedMetrics.keyMetrics(measuredAs: meta.pinned)
    let series = keyMetrics.map { m in
      SeriesBuilder.keyMetric(
        m, buckets: buckets, asOf: asOf, baselines: baselineIndex[m] ?? [:],
        daily: daily[m] ?? [:])
    }
    let cards = meta.pinned.map { m in
      CardBuilder.card(m, asOf: asOf, rows: baselineIndex[m] ?? [:], daily: daily[m] ?? [:])
    }
    var nights = SeriesBuilder.nights(buckets: buckets, daily: daily)
    let partialNights = SeriesBuilder.markPartial(&nights, buckets: buckets, partial: rows.partial)
    let dataThrough = (meta.dataThrough ?? rows.lastDataDay).map { min($0, asOf) }
    let trendEnd = dataThrough ?? asOf
    let trends = TrendRule.summary(
      daily: daily, asOf: trendEnd, metrics: keyMetrics,
      referenceSD: {
        baselineIndex[$0]?[trendEnd.dayNumber].flatMap { $0.base60SD ?? $0.base14SD }
      },
      endLabel: trendEnd < asOf ? LocalDayText.short(trendEnd, year: asOf.components.year) : nil)
    var model = ReportModel(
      asOf: asOf, window: window, grouping: buckets.grouping, days: days,
      coverage: coverage(asOf: asOf, daily: daily),
      dataThrough: dataThrough, firstDay: firstDay, daysSinceData: nil, staleNotice: nil,
      calibration: nil, partialNights: partialNights,
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
      week: weekMetrics(
        inputs.weekly, asOf: asOf, baselines: baselineIndex, metrics: keyMetrics),
      trends: trends, meta: meta)
    finish(&model, rows: rows, buckets: buckets, facts: inputs.facts)
    model.habits = HabitsSummary.build(inputs, asOf: asOf)
    return model
  }

  /// The rows up to the as-of date, indexed by metric and day number (the stage read only
  /// the window and the year before it), and the days with data.
  struct Rows {
    var baselines: [MetricID: [Int32: BaselineRow]] = [:]
    var daily: SeriesBuilder.DailyIndex = [:]
    /// Values of nights cut by the export (the daily table's partial category).
    var partial: SeriesBuilder.DailyIndex = [:]
    var firstDataDay: LocalDay?
    var lastDataDay: LocalDay?
    /// Day numbers with any value (goal rows aside).
    var recorded = Set<Int32>()

    init(_ inputs: ReportInputs, asOf: LocalDay) {
      for r in inputs.baselines where r.day <= asOf {
        baselines[r.metric, default: [:]][r.day.dayNumber] = r
      }
      for r in inputs.daily where r.day <= asOf && r.value.isFinite {
        if r.category == AggregateFacts.partialNightCategory {
          partial[r.metric, default: [:]][r.day.dayNumber] = r.value
          continue
        }
        guard r.category.isEmpty else { continue }
        daily[r.metric, default: [:]][r.day.dayNumber] = r.value
        guard r.metric != .goalMet else { continue }
        recorded.insert(r.day.dayNumber)
        if lastDataDay.map({ r.day > $0 }) ?? true { lastDataDay = r.day }
        if firstDataDay.map({ r.day < $0 }) ?? true { firstDataDay = r.day }
      }
    }
  }

  /// What depends on the rest of the model: the stale notice, the calibration note and the
  /// hero's notes in its words, the short history, the monthly workouts.
  static func finish(
    _ model: inout ReportModel, rows: Rows, buckets: Buckets, facts: AggregateFacts
  ) {
    let asOf = model.asOf
    let year = model.reportYear
    model.shortHistory = buckets.first > Buckets(asOf: asOf, window: model.window).first
    model.recordedDays = rows.recorded
    if buckets.grouping == .month {
      model.workouts.weeks = monthlyWorkouts(buckets, daily: rows.daily)
      model.workouts.byMonth = true
    }
    if let through = model.dataThrough, through < asOf {
      let n = through.distance(to: asOf)
      model.daysSinceData = n
      model.staleNotice =
        "No new data since \(LocalDayText.short(through, year: year)) (\(Words.count(n, "day"))): "
        + "export again or check the automation."
    } else if model.dataThrough == nil {
      model.staleNotice =
        "No data yet: export from the Health app (or an automation) into the input folder."
    }
    let noted = model.meta.pinned.filter { !MetricPresentation.of($0).joinsReadings }
    model.calibration = CalibrationBuilder.build(
      asOf: asOf, firstDay: model.firstDay,
      metrics: noted.isEmpty ? PinnedMetrics.defaults : noted,
      daily: rows.daily.mapValues { Set($0.keys) }, baselines: rows.baselines,
      trendsPending: model.trends.sentences.isEmpty && model.trends.steady.isEmpty, facts: facts)
    model.hero = HeroWords.translate(model.hero, calibration: model.calibration, year: year)
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

  /// The as-of week against the week before, per key metric: the weekly table's means, and
  /// where this week's mean sits against the usual range of the week's last day with data,
  /// outside only beyond the metric's minimum meaningful change.
  static func weekMetrics(
    _ weekly: [WeeklyRow], asOf: LocalDay, baselines: [MetricID: [Int32: BaselineRow]],
    metrics: [MetricID] = MetricCatalog.keyMetrics
  ) -> [WeekMetric] {
    let week = asOf.isoWeek.description
    let monday = asOf.isoWeek.monday
    var out: [WeekMetric] = []
    for m in metrics {
      guard
        let r = weekly.first(where: { $0.week == week && $0.metric == m && $0.category.isEmpty })
      else { continue }
      let p = MetricPresentation.of(m)
      var w = WeekMetric(
        presentation: p, value: r.value.flatMap { $0.isFinite ? p.display($0) : nil },
        previous: r.previousValue.flatMap { $0.isFinite ? p.display($0) : nil },
        position: "",
        daysWithData: Int(r.daysWithData), daysInWeek: Int(r.daysInWeek))
      let rows = baselines[m] ?? [:]
      var d = asOf
      while d >= monday {
        if let row = rows[d.dayNumber], row.value != nil {
          w.referenceSD = row.base60SD ?? row.base14SD
          if let v = w.value, let lo = row.rangeLow, let hi = row.rangeHigh,
            lo.isFinite, hi.isFinite
          {
            w.position = ChangeWords.position(
              v, low: p.display(lo), high: p.display(hi), p, referenceSD: w.referenceSD)
          }
          break
        }
        d = d.adding(days: -1)
      }
      out.append(w)
    }
    return out
  }

  static let workoutMetrics: [MetricID] = [
    .workoutCount, .workoutMinutes, .workoutEnergy, .workoutDistance,
  ]

  static func workouts(_ weekly: [WeeklyRow], asOf: LocalDay, first: LocalDay) -> WorkoutSummary {
    let current = asOf.isoWeek.description
    let year = asOf.components.year
    var totals: [String: WorkoutSummary.Totals] = [:]
    var types: [String: WorkoutSummary.Totals] = [:]
    for r in weekly where workoutMetrics.contains(r.metric) {
      guard r.weekStart.adding(days: 6) >= first, r.weekStart <= asOf else { continue }
      let value = r.value.flatMap { $0.isFinite ? $0 : nil }
      if r.category.isEmpty {
        var t =
          totals[r.week]
          ?? WorkoutSummary.Totals(
            label: "Week of " + LocalDayText.short(r.weekStart, year: year), week: r.week)
        set(&t, r.metric, value)
        totals[r.week] = t
      } else if r.week == current {
        var t = types[r.category] ?? WorkoutSummary.Totals(label: activityName(r.category))
        set(&t, r.metric, value)
        types[r.category] = t
      }
    }
    let monday = asOf.isoWeek.monday
    return WorkoutSummary(
      weeks: totals.values.sorted { $0.week > $1.week },
      byType: types.values.sorted { ($0.minutes ?? 0, $1.label) > ($1.minutes ?? 0, $0.label) },
      currentWeek: LocalDayText.span(monday, monday.adding(days: 6), year: year))
  }

  /// Workout totals per calendar month of the window (the 12-month view), newest first,
  /// from the daily workout values.
  static func monthlyWorkouts(_ buckets: Buckets, daily: SeriesBuilder.DailyIndex)
    -> [WorkoutSummary.Totals]
  {
    let sums = workoutMetrics.map { buckets.sums(daily[$0] ?? [:]) }
    return buckets.ranges.indices.reversed().compactMap { i in
      var t = WorkoutSummary.Totals(label: LocalDayText.monthYear(buckets.ranges[i].lowerBound))
      for (k, m) in workoutMetrics.enumerated() where sums[k][i].days > 0 {
        set(&t, m, sums[k][i].sum)
      }
      if t.count == nil, t.minutes == nil { t.count = 0 }
      return t
    }
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
