import Foundation
import HealthCore

/// The synthetic person's life, one `DayPlan` per local day, from the day before the
/// Health Auto Export CSV period to the day after the Apple export.
///
/// Slow processes run day by day in order (fitness, weight, illness); everything else about
/// a day comes from streams seeded by the run's seed and the day, so it never depends on
/// which formats are written.
struct SyntheticTimeline: Sendable {
  let options: SyntheticOptions
  let calendar: SyntheticCalendar
  /// First day with a plan.
  let firstDay: LocalDayNumber
  /// Plans, `firstDay` first (nil for days no requested period needs).
  let plans: [DayPlan?]

  /// The plan of a day (nil outside the timeline or the periods asked for).
  func plan(_ day: LocalDayNumber) -> DayPlan? {
    let i = day - firstDay
    return i >= 0 && i < plans.count ? plans[i] : nil
  }

  /// Builds the plans of the periods `needs` (all by default). A plan depends only on its
  /// day, the slow state and its neighbours' sleep and workouts, so leaving periods out
  /// never changes the others.
  init(_ options: SyntheticOptions, needs: Set<SyntheticPeriod>? = nil) throws {
    self.options = options
    let calendar = try SyntheticCalendar(options)
    self.calendar = calendar
    let seed = options.seed
    let first = calendar.csvFirst - 1
    let last = calendar.appleLast + 1
    firstDay = first
    let count = last - first + 1
    let zones = calendar.zones

    // 1. Slow state.
    var state = SeededRandom(seed: seed, 1)
    var sick = [Bool](repeating: false, count: count + 1)
    var low = [Bool](repeating: false, count: count + 1)
    var fitness = [Double](repeating: 0, count: count + 1)
    var weight = [Double](repeating: 0, count: count + 1)
    var fat = [Double](repeating: 0, count: count + 1)
    var sickLeft = 0
    var fit = state.uniform(-0.3, 0.3)
    var wobble = 0.0
    let startWeight = state.uniform(80, 88)
    for i in 0...count {
      if sickLeft > 0 {
        sick[i] = true
        sickLeft -= 1
      } else if state.chance(1.0 / 75) {
        sick[i] = true
        sickLeft = state.int(2...4)
      }
      low[i] = !sick[i] && state.chance(0.06)
      fit = min(1, max(-1, fit * 0.997 + state.normal(0, 0.035) + (sick[i] ? -0.01 : 0.0015)))
      fitness[i] = fit
      wobble = 0.75 * wobble + state.normal(0, 0.22)
      let day = Double(first + i)
      let trend = startWeight - 3.2 * (1 - exp(-Double(i) / 260))
      let season = 0.9 * sin(2 * Double.pi * (day - 340) / 365.25)
      weight[i] = trend + season + wobble - (sick[i] ? 0.4 : 0)
      fat[i] = 0.2 + (weight[i] - 82) * 0.0045 + state.normal(0, 0.002)
    }

    // 2. Sleep timing of the night ending on each day (one extra for the last day's
    //    evening).
    func weekday(_ day: LocalDayNumber) -> Int { LocalDay(dayNumber: Int32(day)).isoWeekday }
    func tripDay(_ day: LocalDayNumber) -> Int? {
      for t in calendar.trips where day >= t.first && day <= t.last { return day - t.first }
      return nil
    }
    var timings: [SleepTiming] = []
    for i in 0...count {
      let day = first + i
      var rng = SeededRandom(seed: seed, UInt64(bitPattern: Int64(day)), 2)
      timings.append(
        SleepPlanner.timing(
          day: day, weekday: weekday(day), sick: sick[i], low: low[i], arrival: tripDay(day) == 0,
          zones: zones, rng: &rng))
    }

    // 3. Workouts, then 4. physiology that answers to them and to sleep.
    var workouts: [[WorkoutPlan]] = []
    for i in 0..<count {
      let day = first + i
      var rng = SeededRandom(seed: seed, UInt64(bitPattern: Int64(day)), 3)
      let awake = Span(start: timings[i].sleep.end, end: timings[i + 1].inBed.start)
      workouts.append(
        WorkoutPlanner.plan(
          day: day, weekday: weekday(day), sick: sick[i], low: low[i], travelDay: tripDay(day),
          awake: awake, zones: zones, rng: &rng))
    }

    var ranges: [ClosedRange<LocalDayNumber>] = []
    for period in needs ?? [.autoExportCSV, .autoExportJSON, .apple] {
      let r = calendar.range(of: period)
      ranges.append((r.lowerBound - 1)...(r.upperBound + 1))
    }
    var plans: [DayPlan?] = []
    plans.reserveCapacity(count)
    for i in 0..<count {
      let day = first + i
      guard ranges.contains(where: { $0.contains(day) }) else {
        plans.append(nil)
        continue
      }
      var rng = SeededRandom(seed: seed, UInt64(bitPattern: Int64(day)), 4)
      let timing = timings[i]
      let wd = weekday(day)
      let travelDay = tripDay(day)
      let travel = calendar.isTravel(day)
      let asleepHours = Double(timing.sleep.length) / 3600
      let hardYesterday = i > 0 && workouts[i - 1].contains { $0.hard }
      let jetLag = travelDay.map { $0 <= 1 } ?? false
      let saturdayNight = wd == 7
      let f = fitness[i]
      var rhr = 57 - 3.2 * f + rng.normal(0, 1.1)
      var hrvFactor = exp(0.16 * f + rng.normal(0, 0.07))
      if sick[i] {
        rhr += 6
        hrvFactor *= 0.72
      }
      if hardYesterday {
        rhr += 2
        hrvFactor *= 0.88
      }
      if asleepHours < 6 {
        rhr += 1.5
        hrvFactor *= 0.9
      }
      if jetLag {
        rhr += 2
        hrvFactor *= 0.9
      }
      if saturdayNight { hrvFactor *= 0.94 }
      let hrv = 46 * hrvFactor
      let body = Physiology(
        restingHeartRate: rhr, hrvSDNN: hrv, hrvRMSSD: hrv * 1.12 * exp(rng.normal(0, 0.05)),
        spo2: min(0.99, 0.965 - (sick[i] ? 0.012 : 0) + rng.normal(0, 0.004)),
        respiratoryRate: 14.2 + (sick[i] ? 1.8 : 0) + rng.normal(0, 0.35),
        wristTemperatureC: 35.55 + (sick[i] ? 0.6 : 0) + rng.normal(0, 0.14),
        vo2Max: 41 + 3 * f + rng.normal(0, 0.25), weightKg: weight[i], bodyFat: fat[i])

      let midnight = zones.midnight(day)
      let nextMidnight = zones.midnight(day + 1)
      let windowStart = timing.inBed.start
      let windowEnd = timings[i + 1].inBed.start
      let awake = Span(start: timing.sleep.end, end: windowEnd)
      let preCutover = day >= calendar.appleFirst && day < calendar.cutover

      // The night: the watch charges overnight on about one night in ten; the phone's
      // bedtime is recorded on most nights. A night whose bedtime falls in another period
      // (another phone) is not recorded at all.
      let bedDay = zones.day(of: timing.inBed.start)
      let boundary = calendar.period(of: bedDay) != calendar.period(of: day)
      let watchNight = !rng.chance(0.1)
      var watchOff: [Span] = []
      var night: NightRecord?
      var stagesRNG = SeededRandom(seed: seed, UInt64(bitPattern: Int64(day)), 5)
      if !boundary {
        let segments =
          watchNight
          ? SleepPlanner.stages(timing.sleep, staged: !preCutover, nap: false, rng: &stagesRNG) : []
        var inBed: [Span] = []
        if rng.chance(0.95) {
          if rng.chance(0.08) {
            let mid = timing.inBed.start + timing.inBed.length / 2
            inBed = [
              Span(start: timing.inBed.start, end: mid),
              Span(start: mid + Int64(rng.uniform(300, 900)), end: timing.inBed.end),
            ]
          } else {
            inBed = [timing.inBed]
          }
        }
        if !segments.isEmpty || !inBed.isEmpty {
          night = NightRecord(segments: segments, inBed: inBed)
        }
      }
      if !watchNight {
        watchOff.append(
          Span(start: windowStart, end: timing.sleep.end + Int64(rng.uniform(3, 12) * 60)))
      }

      // A nap on some weekend or sick afternoons.
      var nap: NightRecord?
      var blocked: [Span] = []
      if travelDay == nil, (wd >= 6 && rng.chance(0.25)) || (sick[i] && rng.chance(0.5)) {
        let start = zones.epoch(
          local: Int64(day) * 86_400 + Int64(rng.uniform(14 * 60, 15 * 60 + 30) * 60))
        let span = Span(start: start, end: start + Int64(rng.uniform(20, 50) * 60))
        if !workouts[i].contains(where: {
          $0.span.overlaps(Span(start: span.start - 1800, end: span.end + 1800))
        }) {
          nap = NightRecord(
            segments: SleepPlanner.stages(span, staged: !preCutover, nap: true, rng: &stagesRNG),
            inBed: [])
          blocked.append(Span(start: span.start - 300, end: span.end + 300))
        }
      }
      // The daily charge: after waking (shower) or in the evening.
      if watchNight {
        let charge: Span
        if rng.chance(0.6) {
          let s = awake.start + Int64(rng.uniform(4, 14) * 60)
          charge = Span(start: s, end: s + Int64(rng.uniform(40, 70) * 60))
        } else {
          let s = zones.epoch(local: Int64(day) * 86_400 + Int64(rng.normal(21 * 60, 25) * 60))
          charge = Span(start: s, end: min(windowEnd - 60, s + Int64(rng.uniform(45, 75) * 60)))
        }
        if charge.length > 600 { watchOff.append(charge) }
      }
      var napRecord: NightRecord?
      if let n = nap, let s = n.segments.first, let e = n.segments.last {
        let span = Span(start: s.span.start, end: e.span.end)
        if watchOff.contains(where: { $0.overlaps(span) }) {
          blocked.removeAll()
        } else {
          napRecord = n
        }
      }

      var boutRNG = SeededRandom(seed: seed, UInt64(bitPattern: Int64(day)), 6)
      let bouts = BoutPlanner.plan(
        day: day, weekday: wd, sick: sick[i], travel: travel && travelDay != nil, awake: awake,
        workouts: workouts[i], blocked: blocked, zones: zones, rng: &boutRNG)

      // Occasional events.
      var weighIn: Int64?
      if !travel, rng.chance(0.72) {
        weighIn = awake.start + Int64(rng.uniform(8, 25) * 60) + Int64(rng.int(0...59))
      }
      var manual: Int64?
      if (travel && day % 2 == 0) || rng.chance(0.04) {
        manual = awake.start + Int64(rng.uniform(30, 50) * 60) + Int64(rng.int(0...59))
      }
      var bp: Int64?
      if rng.chance(1.0 / 12) {
        bp = awake.start + Int64(rng.uniform(28, 40) * 60) + Int64(rng.int(0...59))
      }
      var mindful: Span?
      if rng.chance(1.0 / 9) {
        let s = zones.epoch(local: Int64(day) * 86_400 + Int64(rng.uniform(13 * 60, 16 * 60) * 60))
        mindful = Span(start: s, end: s + Int64(rng.int(1...3)) * 60)
      }
      var vo2: Int64?
      if let w = workouts[i].first(where: {
        ($0.kind == .running || $0.kind == .walking) && !$0.indoor && $0.activeSeconds >= 1200
      }), rng.chance(0.5) {
        vo2 = w.span.end + Int64(rng.uniform(60, 300))
      }

      var defectRNG = SeededRandom(seed: seed, UInt64(bitPattern: Int64(day)), 9)
      let defects = DefectPlanner.plan(rng: &defectRNG)

      plans.append(
        DayPlan(
          day: day, midnight: midnight, nextMidnight: nextMidnight, weekday: wd, travel: travel,
          sick: sick[i], low: low[i], preCutover: preCutover, body: body, sleep: timing,
          night: night, nap: napRecord, windowStart: windowStart, windowEnd: windowEnd,
          watchOff: watchOff.sorted { $0.start < $1.start }, bouts: bouts, workouts: workouts[i],
          weighIn: weighIn, manualWeighIn: manual, bloodPressure: bp, mindful: mindful,
          vo2Reading: vo2, defects: defects))
    }
    self.plans = plans
  }
}
