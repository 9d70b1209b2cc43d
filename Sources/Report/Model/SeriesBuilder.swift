import HealthCore
import HealthModel

/// Builds the chart series of a report from the aggregate rows: the key metrics with their
/// 7-day averages and normal ranges, the sparse and optional metrics (VO₂ max, wrist
/// temperature, blood pressure), sleep stages and times, and workouts per week or month.
enum SeriesBuilder {
  /// Canonical daily values (category "") by metric and day number.
  typealias DailyIndex = [MetricID: [Int32: Double]]

  /// A key metric over the window. Daily points take the baselines table's value, `avg7`
  /// and range; weekly points take the mean of the week's days and the range on its last
  /// day; monthly points take the month's mean and no range (the range is for 7-day
  /// averages, not months). Weekly and monthly points carry the middle half of their days.
  /// Nothing is drawn after the metric's last day with a value (docs/report.md, "Stale
  /// data"): the line, the band and the 7-day average stop at the last dot.
  static func keyMetric(
    _ metric: MetricID, buckets: Buckets, asOf: LocalDay, baselines: [Int32: BaselineRow],
    daily: [Int32: Double]
  ) -> MetricSeries {
    let p = MetricPresentation.of(metric)
    var s = MetricSeries(presentation: p, days: buckets.starts, grouping: buckets.grouping)
    s.joinsReadings = p.joinsReadings
    func show(_ v: Double?) -> Double? { v.flatMap { $0.isFinite ? p.display($0) : nil } }
    let useDaily = baselines.isEmpty
    func value(_ d: LocalDay) -> Double? {
      (useDaily ? daily[d.dayNumber] : baselines[d.dayNumber]?.value).flatMap {
        $0.isFinite ? $0 : nil
      }
    }
    var lastValueDay: LocalDay?
    var day = asOf
    while day >= buckets.first.adding(days: -366) {
      if value(day) != nil {
        lastValueDay = day
        break
      }
      day = day.adding(days: -1)
    }
    let means = buckets.grouping == .day ? [] : buckets.means(daily)
    let spread = buckets.grouping == .day ? [] : buckets.quartiles(daily)
    for (i, r) in buckets.ranges.enumerated() {
      // The band and line of a point stop after the last day with a value.
      let end = min(r.upperBound, lastValueDay ?? r.lowerBound.adding(days: -1))
      switch buckets.grouping {
      case .day:
        s.values[i] = show(value(r.lowerBound))
        if end >= r.lowerBound { s.average[i] = show(baselines[r.lowerBound.dayNumber]?.avg7) }
      case .week, .month:
        s.values[i] = show(means[i])
        if let q = spread[i] {
          s.spreadLow[i] = show(q.low)
          s.spreadHigh[i] = show(q.high)
        }
      }
      if buckets.grouping != .month, end >= r.lowerBound, let row = baselines[end.dayNumber],
        let lo = show(row.rangeLow), let hi = show(row.rangeHigh)
      {
        s.rangeLow[i] = min(lo, hi)
        s.rangeHigh[i] = max(lo, hi)
        s.middle[i] = show(row.base60Mean)
      }
    }
    day = buckets.first
    while day <= asOf {
      if value(day) != nil { s.daysWithValue += 1 }
      day = day.adding(days: 1)
    }
    s.windowDays = buckets.first.distance(to: asOf) + 1
    // Baseline: the latest day up to the last value with a valid base60 mean.
    var d = lastValueDay ?? asOf
    while d >= buckets.first {
      if let row = baselines[d.dayNumber], let b = show(row.base60Mean) {
        s.baseline = b
        s.referenceSD = row.base60SD ?? row.base14SD
        break
      }
      d = d.adding(days: -1)
    }
    if s.baseline == nil {
      s.baselineNote = baselines.isEmpty ? "not available" : "not yet"
    }
    // The 7-day average of the last day with a value, and where it sits.
    if let last = lastValueDay, last >= buckets.first, let row = baselines[last.dayNumber],
      let avg = show(row.avg7), !p.joinsReadings
    {
      s.latestAverage = avg
      s.latestAverageDay = last
      if let lo = show(row.rangeLow), let hi = show(row.rangeHigh) {
        s.position = ChangeWords.position(
          avg, low: lo, high: hi, p, referenceSD: row.base60SD ?? row.base14SD)
      }
    }
    return s
  }

  /// A metric without baselines over the window (daily values or bucket means); nil when
  /// it has no value in the window.
  static func plain(
    _ presentation: MetricPresentation, buckets: Buckets, asOf: LocalDay, daily: [Int32: Double]
  ) -> MetricSeries? {
    var s = MetricSeries(
      presentation: presentation, days: buckets.starts, grouping: buckets.grouping)
    s.joinsReadings = presentation.joinsReadings
    let means = buckets.means(daily)
    for i in means.indices { s.values[i] = means[i].map(presentation.display) }
    if buckets.grouping != .day {
      for (i, q) in buckets.quartiles(daily).enumerated() {
        s.spreadLow[i] = q.map { presentation.display($0.low) }
        s.spreadHigh[i] = q.map { presentation.display($0.high) }
      }
    }
    s.daysWithValue = buckets.sums(daily).reduce(0) { $0 + $1.days }
    s.windowDays = buckets.first.distance(to: asOf) + 1
    return s.hasData ? s : nil
  }

  /// Wrist temperature as the deviation from the usual (docs/report.md, "Other charts"):
  /// each night's value minus the mean of the nights in the 60 days before it, when there
  /// are at least 14 of them.
  static func wristTemperature(buckets: Buckets, asOf: LocalDay, daily: [Int32: Double])
    -> MetricSeries?
  {
    var deviations: [Int32: Double] = [:]
    var d = buckets.first
    while d <= asOf {
      if let v = daily[d.dayNumber] {
        var before: [Double] = []
        var k = d.adding(days: -referenceDays)
        while k < d {
          if let x = daily[k.dayNumber] { before.append(x) }
          k = k.adding(days: 1)
        }
        if before.count >= referenceMinNights, let mean = Statistics.mean(before) {
          deviations[d.dayNumber] = v - mean
        }
      }
      d = d.adding(days: 1)
    }
    var p = MetricPresentation.of(.wristTemperature)
    p.note = "Deviation of each night from the mean of the 60 nights before it."
    return plain(p, buckets: buckets, asOf: asOf, daily: deviations)
  }

  /// Days before a night whose wrist temperatures make its reference.
  static let referenceDays = 60
  /// Nights needed in them.
  static let referenceMinNights = 14

  /// Blood pressure, or nil when there is none in the window.
  static func bloodPressure(buckets: Buckets, daily: DailyIndex) -> BloodPressure? {
    let sys = buckets.means(daily[.bloodPressureSystolic] ?? [:])
    let dia = buckets.means(daily[.bloodPressureDiastolic] ?? [:])
    guard sys.contains(where: { $0 != nil }) || dia.contains(where: { $0 != nil }) else {
      return nil
    }
    return BloodPressure(
      days: buckets.starts, systolic: sys, diastolic: dia, grouping: buckets.grouping)
  }

  /// Sleep stage minutes per point: the night, or the mean of the nights of a week or month.
  static func nights(buckets: Buckets, daily: DailyIndex) -> [ReportSleepNight] {
    func m(_ id: MetricID) -> [Double?] { buckets.means(daily[id] ?? [:]) }
    let stages = Dictionary(
      uniqueKeysWithValues: SleepStageMinutes.series.map { ($0.id, m($0.id)) })
    let napMinutes = m(.napMinutes)
    let napCount = m(.napCount)
    return buckets.starts.enumerated().map { i, day in
      var n = ReportSleepNight(day: day)
      n.minutes = SleepStageMinutes { stages[$0]?[i] ?? nil }
      // Naps are noted on their own day only: a week's or month's mean night has none.
      if buckets.grouping == .day {
        n.napMinutes = napMinutes[i]
        n.napCount = napCount[i].map { Int($0) }
      }
      return n
    }
  }

  /// Marks the nights cut by the export (daily points only; a week's or month's mean night
  /// leaves them out): their minutes come from the partial rows, and the night says so.
  /// Returns the sleep days of every partial night up to the as-of date.
  static func markPartial(
    _ nights: inout [ReportSleepNight], buckets: Buckets, partial: DailyIndex
  ) -> Set<LocalDay> {
    let days = Set((partial[.sleepAsleep] ?? [:]).keys).union((partial[.sleepInBed] ?? [:]).keys)
    guard buckets.grouping == .day else { return Set(days.map(LocalDay.init(dayNumber:))) }
    for i in nights.indices where days.contains(nights[i].day.dayNumber) {
      let d = nights[i].day.dayNumber
      nights[i].partial = true
      nights[i].minutes = SleepStageMinutes { partial[$0]?[d] }
    }
    return Set(days.map(LocalDay.init(dayNumber:)))
  }

  /// Nights the bedtime spread looks back over, and the fewest it needs (the sleep score's
  /// consistency part: docs/aggregate.md).
  static let spreadNights = 14
  /// See `spreadNights`.
  static let spreadMinNights = 5

  /// Bedtime and wake time per point, and the bedtime spread of the last 14 nights.
  static func sleepTimes(buckets: Buckets, asOf: LocalDay, daily: DailyIndex) -> SleepTimes {
    let bed = daily[.sleepBedtime] ?? [:]
    var wake: [Int32: Double] = [:]
    // Wake time is stored after midnight; +6 h puts it on bedtime's scale (after 18:00).
    for (k, v) in daily[.sleepWake] ?? [:] { wake[k] = v + 360 }
    let recent = (0..<spreadNights).compactMap { bed[asOf.adding(days: -$0).dayNumber] }
    return SleepTimes(
      days: buckets.starts, bedtime: buckets.means(bed), wake: buckets.means(wake),
      grouping: buckets.grouping,
      bedtimeSpread: recent.count >= spreadMinNights ? Statistics.sampleSD(recent) : nil,
      spreadNights: recent.count)
  }

  /// Workout minutes and counts per ISO week overlapping the window (per month for the
  /// 12-month view), from the daily table.
  static func workoutBars(buckets: Buckets, asOf: LocalDay, daily: DailyIndex) -> WorkoutBars {
    var ranges: [ClosedRange<LocalDay>]
    if buckets.grouping == .month {
      ranges = buckets.ranges
    } else {
      ranges = []
      var monday = buckets.first.isoWeek.monday
      while monday <= asOf {
        ranges.append(max(monday, buckets.first)...min(monday.adding(days: 6), asOf))
        monday = monday.adding(days: 7)
      }
    }
    let minutes = daily[.workoutMinutes] ?? [:]
    let counts = daily[.workoutCount] ?? [:]
    var bars = WorkoutBars(
      days: ranges.map(\.lowerBound), minutes: [], counts: [],
      unit: buckets.grouping == .month ? "month" : "week")
    for r in ranges {
      var m = 0.0
      var c = 0.0
      var d = r.lowerBound
      while d <= r.upperBound {
        m += minutes[d.dayNumber] ?? 0
        c += counts[d.dayNumber] ?? 0
        d = d.adding(days: 1)
      }
      bars.minutes.append(m)
      bars.counts.append(Int(c.rounded()))
    }
    return bars
  }
}
