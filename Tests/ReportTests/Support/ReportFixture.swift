import Foundation
import HealthCore
import HealthModel

/// A realistic, deterministic aggregate folder written by hand with `TableFile.write`:
/// 150 days ending Sun 6 Jul 2025 of every key metric (with gaps), sleep stages, baselines
/// computed here by the window rules of docs/aggregate.md (independently of the report code, which
/// only reads them), scores, streaks, weekly rows and the aggregate facts of the header.
struct ReportFixture {
  static let asOf = LocalDay(year: 2025, month: 7, day: 6)!
  let asOf: LocalDay
  let dayCount: Int
  var daily: [DailyValue] = []
  var baselines: [BaselineRow] = []
  var scores: [ScoreRow] = []
  var streaks: [StreakRow] = []
  var weekly: [WeeklyRow] = []
  var facts = AggregateFacts()

  /// Canonical daily values per key metric (nil = missing day), index 0 = first day.
  var values: [MetricID: [Double?]] = [:]

  var firstDay: LocalDay { asOf.adding(days: -(dayCount - 1)) }

  /// Builds the fixture.
  init(asOf: LocalDay = ReportFixture.asOf, days: Int = 150) {
    self.asOf = asOf
    self.dayCount = days
    var rng = SeededRandom(seed: 20_250_706)
    func wave(_ i: Int, _ period: Double) -> Double { sin(Double(i) / period * 2 * .pi) }
    var series: [MetricID: [Double?]] = [:]
    for m in MetricCatalog.keyMetrics { series[m] = Array(repeating: nil, count: days) }
    var stages: [[MetricID: Double]] = Array(repeating: [:], count: days)
    for i in 0..<days {
      let fromEnd = days - 1 - i
      // HRV: missing every 11th day and on three days in a row 9-11 days before as-of.
      if i % 11 != 4 && !(9...11).contains(fromEnd) {
        series[.hrvLnSDNN]![i] = log(48 + 8 * wave(i, 23) + rng.uniform(-6, 6))
      }
      if i % 13 != 6 {
        series[.restingHeartRate]![i] = (56 + 2 * wave(i, 17) + rng.uniform(-2, 2)).rounded()
      }
      if fromEnd != 2 {
        series[.steps]![i] = (8500 + 3000 * wave(i, 9) + rng.uniform(-2500, 2500)).rounded()
      }
      series[.activeEnergy]![i] = (520 + 140 * wave(i, 9) + rng.uniform(-90, 90)).rounded()
      if i % 3 == 0 { series[.bodyMass]![i] = 72.4 - Double(i) * 0.004 + rng.uniform(-0.3, 0.3) }
      if i % 4 != 1 { series[.respiratoryRate]![i] = 14.6 + rng.uniform(-0.8, 0.8) }
      if i % 2 == 0 { series[.spo2]![i] = 0.965 + rng.uniform(-0.015, 0.015) }
      // Sleep: one missing night per week (not the last one); stage minutes add up.
      if i % 7 != 3 {
        let asleep = (430 + 40 * wave(i, 13) + rng.uniform(-45, 45)).rounded()
        let deep = (asleep * (0.13 + rng.uniform(-0.03, 0.03))).rounded()
        let rem = (asleep * (0.22 + rng.uniform(-0.04, 0.04))).rounded()
        let core = asleep - deep - rem
        let awake = (18 + rng.uniform(0, 20)).rounded()
        series[.sleepAsleep]![i] = asleep
        stages[i] = [
          .sleepDeep: deep, .sleepREM: rem, .sleepCore: core, .sleepAwake: awake,
          .sleepInBed: asleep + awake + (8 + rng.uniform(0, 12)).rounded(),
        ]
      }
    }
    values = series
    let units: [MetricID: String] = [
      .hrvLnSDNN: "ln(ms)", .restingHeartRate: "count/min", .sleepAsleep: "min", .steps: "count",
      .activeEnergy: "kcal", .bodyMass: "kg", .respiratoryRate: "count/min", .spo2: "fraction",
    ]
    for i in 0..<days {
      let day = firstDay.adding(days: i)
      for m in MetricCatalog.keyMetrics {
        if let v = series[m]![i] {
          daily.append(DailyValue(day: day, metric: m, value: v, count: 3, unit: units[m]!))
        }
      }
      for (m, v) in stages[i].sorted(by: { $0.key < $1.key }) {
        daily.append(
          DailyValue(day: day, metric: m, value: v, count: 4, unit: "min", source: "Apple Watch"))
      }
      let active: Double = (i * 7 % 5 < 3) ? 1 : 0
      daily.append(
        DailyValue(
          day: day, metric: .goalMet, category: "active", value: active, count: 1, unit: "bool"))
    }
    for m in MetricCatalog.keyMetrics {
      for i in 0..<days {
        baselines.append(Self.baseline(m, i, series[m]!, firstDay, asOf, units[m]!))
      }
    }

    var score = ScoreRow(day: asOf)
    score.condition = 68
    score.conditionZ = -0.13
    score.restingHRPenalty = 0
    score.conditionReference = "base60"
    score.sleep = 81
    score.bodyNote = "calibrating: needs 2 weigh-ins a week"
    score.wellness = 74
    score.status = "good"
    score.coaching = "Keep your bedtime steady <tonight> & aim for 7½ h."
    score.coachingRule = "steady"
    scores = [score]

    let windowStart = asOf.adding(days: -89)
    var active = StreakRow(
      goal: "active", goalDescription: "exercise ≥ 30 min or a workout ≥ 20 min", cadence: "daily",
      target: 1, weekStart: "", windowStart: windowStart, windowEnd: asOf)
    active.current = 12
    active.longest = 19
    active.freezesUsed = "2025-06-27"
    active.freezeAvailable = false
    active.lastGoalDay = asOf
    active.history = String(repeating: "1101100.10", count: 8) + "1111F11111"
    active.milestone3 = LocalDay(year: 2025, month: 6, day: 27)
    active.milestone7 = LocalDay(year: 2025, month: 7, day: 1)
    active.nextMilestone = 14
    active.progress = 100 * 12.0 / 14
    var weeklySteps = StreakRow(
      goal: "steps", goalDescription: "steps ≥ 8,000 on 3 days a week", cadence: "weekly",
      target: 3,
      weekStart: "monday", windowStart: windowStart, windowEnd: asOf)
    weeklySteps.current = 4
    weeklySteps.longest = 6
    weeklySteps.history = "1101111101111"
    weeklySteps.milestone3 = LocalDay(year: 2025, month: 6, day: 22)
    weeklySteps.nextMilestone = 7
    weeklySteps.progress = 100 * 4.0 / 7
    streaks = [active, weeklySteps]

    let week = asOf.isoWeek
    let previous = asOf.adding(days: -7).isoWeek
    weekly.append(
      WeeklyRow(
        week: week, metric: .goalMet, category: "active", value: 3, previousValue: 4,
        daysWithData: 7, daysInWeek: 7, target: 5, met: false, unit: "days"))
    let workouts: [(String, Double, Double, Double, Double?)] = [
      ("HKWorkoutActivityTypeRunning", 2, 64, 610, 10.4),
      ("HKWorkoutActivityTypeTraditionalStrengthTraining", 1, 45, 230, nil),
    ]
    var totals = (0.0, 0.0, 0.0, 0.0)
    for (type, n, minutes, energy, distance) in workouts {
      weekly.append(
        WeeklyRow(
          week: week, metric: .workoutCount, category: type, value: n, previousValue: nil,
          daysWithData: 7, daysInWeek: 7, unit: "count"))
      weekly.append(
        WeeklyRow(
          week: week, metric: .workoutMinutes, category: type, value: minutes, previousValue: nil,
          daysWithData: 7, daysInWeek: 7, unit: "min"))
      weekly.append(
        WeeklyRow(
          week: week, metric: .workoutEnergy, category: type, value: energy, previousValue: nil,
          daysWithData: 7, daysInWeek: 7, unit: "kcal"))
      if let distance {
        weekly.append(
          WeeklyRow(
            week: week, metric: .workoutDistance, category: type, value: distance,
            previousValue: nil, daysWithData: 7, daysInWeek: 7, unit: "km"))
      }
      totals.0 += n
      totals.1 += minutes
      totals.2 += energy
      totals.3 += distance ?? 0
    }
    weekly.append(
      WeeklyRow(
        week: week, metric: .workoutCount, value: totals.0, previousValue: 4, daysWithData: 7,
        daysInWeek: 7, unit: "count"))
    weekly.append(
      WeeklyRow(
        week: week, metric: .workoutMinutes, value: totals.1, previousValue: 150, daysWithData: 7,
        daysInWeek: 7, unit: "min"))
    weekly.append(
      WeeklyRow(
        week: week, metric: .workoutEnergy, value: totals.2, previousValue: 900, daysWithData: 7,
        daysInWeek: 7, unit: "kcal"))
    weekly.append(
      WeeklyRow(
        week: week, metric: .workoutDistance, value: totals.3, previousValue: 15.2, daysWithData: 7,
        daysInWeek: 7, unit: "km"))
    weekly.append(
      WeeklyRow(
        week: previous, metric: .workoutCount, value: 4, previousValue: 2, daysWithData: 7,
        daysInWeek: 7, unit: "count"))
    weekly.append(
      WeeklyRow(
        week: previous, metric: .workoutMinutes, value: 150, previousValue: 80, daysWithData: 7,
        daysInWeek: 7, unit: "min"))
    weekly.append(
      WeeklyRow(
        week: previous, metric: .workoutEnergy, value: 900, previousValue: 500, daysWithData: 7,
        daysInWeek: 7, unit: "kcal"))
    weekly.append(
      WeeklyRow(
        week: previous, metric: .workoutDistance, value: 15.2, previousValue: 8, daysWithData: 7,
        daysInWeek: 7, unit: "km"))
    for m in MetricCatalog.keyMetrics {
      let s = series[m]!
      func mean(_ r: Range<Int>) -> Double? {
        let v = r.filter { $0 >= 0 }.compactMap { s[$0] }
        return v.isEmpty ? nil : v.reduce(0, +) / Double(v.count)
      }
      let n = s[(days - 7)..<days].compactMap { $0 }.count
      weekly.append(
        WeeklyRow(
          week: week, metric: m, value: mean((days - 7)..<days),
          previousValue: mean((days - 14)..<(days - 7)), position: "within", daysWithData: Int64(n),
          daysInWeek: 7, unit: units[m]!))
    }

    facts = AggregateFacts(
      asOf: asOf, pinned: ["hrv", "restingHeartRate", "sleep"], weekStart: .monday,
      goals: [AggregateFacts.Goal(name: "active", weeklyTarget: 5)],
      quality: DataQualityFacts(
        recordsRead: 184_467, recordsKept: 180_012, rejected: 1201,
        rejectedByCode: ["out-of-range": 1180, "unknown-unit": 21], duplicates: 2210,
        overlapped: 1044,
        sources: ["manual", "Jo's Apple Watch", "Jo's iPhone", "Withings <Body+>"],
        priority: "manual,Apple Watch,iPhone,*"))
  }

  /// The window rules (docs/aggregate.md, "Windows") for day index i.
  static func baseline(
    _ m: MetricID, _ i: Int, _ s: [Double?], _ first: LocalDay, _ asOf: LocalDay, _ unit: String
  ) -> BaselineRow {
    let day = first.adding(days: i)
    var r = BaselineRow(day: day, metric: m, unit: unit)
    func window(_ from: Int, _ to: Int) -> [Double] {
      (max(0, from)...max(0, to)).compactMap { $0 <= to && $0 >= 0 && $0 < s.count ? s[$0] : nil }
    }
    func mean(_ v: [Double]) -> Double { v.reduce(0, +) / Double(v.count) }
    func sd(_ v: [Double]) -> Double {
      let mu = mean(v)
      return (v.map { ($0 - mu) * ($0 - mu) }.reduce(0, +) / Double(v.count - 1)).squareRoot()
    }
    r.value = s[i]
    let w7 = window(i - 6, i)
    r.avg7Days = Int64(w7.count)
    if w7.count >= 4 { r.avg7 = mean(w7) }
    let w14 = i >= 1 ? window(i - 14, i - 1) : []
    r.base14Days = Int64(w14.count)
    if w14.count >= 7 {
      r.base14Mean = mean(w14)
      r.base14SD = sd(w14)
    }
    let w60 = i >= 1 ? window(i - 60, i - 1) : []
    r.base60Days = Int64(w60.count)
    if w60.count >= 21 {
      r.base60Mean = mean(w60)
      r.base60SD = sd(w60)
      r.rangeLow = r.base60Mean! - 0.5 * r.base60SD!
      r.rangeHigh = r.base60Mean! + 0.5 * r.base60SD!
    }
    var notes: [String] = []
    if r.avg7 == nil { notes.append("calibrating \(w7.count)/7") }
    if r.base60Mean == nil { notes.append("calibrating \(w60.count)/21") }
    r.note = notes.joined(separator: "; ")
    if let v = s[i] {
      if i >= 1, let y = s[i - 1] {
        r.deltaYesterday = v - y
        r.deltaYesterdayPercent = y == 0 ? nil : 100 * (v - y) / y
      }
      if let b = r.base14Mean {
        r.delta14 = v - b
        r.delta14Percent = 100 * (v - b) / b
      }
      if let b = r.base60Mean {
        r.delta60 = v - b
        r.delta60Percent = 100 * (v - b) / b
      }
    }
    if let last = (0...i).reversed().first(where: { s[$0] != nil }) {
      r.lastDay = first.adding(days: last)
      let age = i - last
      r.freshness = age == 0 ? "Today" : (age == 1 ? "Yesterday" : "\(age)d ago")
      r.stale = age > 3
    }
    return r
  }

  /// Writes the five tables into `directory`.
  func write(to directory: String) throws {
    try TableFile.write(
      daily, to: directory + "/daily.hpt", stage: "aggregate", facts: StageFacts(aggregate: facts))
    try TableFile.write(
      baselines, to: directory + "/baselines.hpt", stage: "aggregate",
      facts: StageFacts(aggregate: facts))
    try TableFile.write(
      scores, to: directory + "/scores.hpt", stage: "aggregate", facts: StageFacts(aggregate: facts)
    )
    try TableFile.write(
      streaks, to: directory + "/streaks.hpt", stage: "aggregate",
      facts: StageFacts(aggregate: facts))
    try TableFile.write(
      weekly, to: directory + "/weekly.hpt", stage: "aggregate", facts: StageFacts(aggregate: facts)
    )
  }

  /// The canonical value of a key metric on a day, if any.
  func value(_ m: MetricID, on day: LocalDay) -> Double? {
    let i = firstDay.distance(to: day)
    guard i >= 0, i < dayCount else { return nil }
    return values[m]?[i] ?? nil
  }

  /// The baseline row of a metric on a day.
  func baselineRow(_ m: MetricID, on day: LocalDay) -> BaselineRow? {
    baselines.first { $0.metric == m && $0.day == day }
  }
}
