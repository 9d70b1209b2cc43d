import Foundation
import HealthModel

/// Plans one day of the synthetic person from the slow state, the night's sleep timing and
/// the day's workouts (`SyntheticTimeline`, step 4). The day's own streams are seeded by the
/// run's seed and the day: 4 for the day's draws, in the order of a day (body, night, nap,
/// charge, events), 5 for sleep stages, 6 for bouts, 9 for defects.
struct SyntheticDayPlanner {
  /// The run's seed.
  let seed: UInt64
  /// The run's days, periods, trips and zones.
  let calendar: SyntheticCalendar
  /// The day planned.
  let day: LocalDayNumber
  /// The slow state on the day (`SyntheticTimeline.SlowState`).
  let sick: Bool
  let low: Bool
  let fitness: Double
  let weight: Double
  let fat: Double
  /// The night ending on this day.
  let timing: SleepTiming
  /// The next night's bedtime: the end of this day's window.
  let windowEnd: Int64
  /// The day's workouts.
  let workouts: [WorkoutPlan]
  /// Whether yesterday had a hard workout.
  let hardYesterday: Bool

  /// The day's plan.
  func plan() -> DayPlan {
    var rng = SeededRandom(seed: seed, UInt64(bitPattern: Int64(day)), 4)
    let zones = calendar.zones
    let wd = SyntheticTimeline.weekday(day)
    let travelDay = calendar.tripDay(day)
    let travel = calendar.isTravel(day)
    let body = physiology(weekday: wd, travelDay: travelDay, rng: &rng)

    let awake = Span(start: timing.sleep.end, end: windowEnd)
    let preCutover = day >= calendar.appleFirst && day < calendar.cutover
    var stagesRNG = SeededRandom(seed: seed, UInt64(bitPattern: Int64(day)), 5)
    let (night, watchNight) = self.night(preCutover: preCutover, rng: &rng, stages: &stagesRNG)
    var watchOff: [Span] = []
    if !watchNight {
      watchOff.append(
        Span(start: timing.inBed.start, end: timing.sleep.end + Int64(rng.uniform(3, 12) * 60)))
    }
    // A nap on some weekend or sick afternoons.
    let (nap, napBlocked) = self.nap(
      weekday: wd, travelDay: travelDay, preCutover: preCutover, rng: &rng, stages: &stagesRNG)
    var blocked = napBlocked
    // The daily charge: after waking (shower) or in the evening.
    if watchNight, let charge = charge(awake: awake, rng: &rng) { watchOff.append(charge) }
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
      day: day, weekday: wd, sick: sick, travel: travel && travelDay != nil, awake: awake,
      workouts: workouts, blocked: blocked, zones: zones, rng: &boutRNG)
    let events = self.events(travel: travel, awake: awake, rng: &rng)
    var defectRNG = SeededRandom(seed: seed, UInt64(bitPattern: Int64(day)), 9)
    let defects = DefectPlanner.plan(rng: &defectRNG)

    return DayPlan(
      day: day, midnight: zones.midnight(day), nextMidnight: zones.midnight(day + 1),
      weekday: wd, travel: travel, sick: sick, low: low, preCutover: preCutover, body: body,
      sleep: timing, night: night, nap: napRecord, windowStart: timing.inBed.start,
      windowEnd: windowEnd, watchOff: watchOff.sorted { $0.start < $1.start }, bouts: bouts,
      workouts: workouts, weighIn: events.weighIn, manualWeighIn: events.manual,
      bloodPressure: events.bloodPressure, mindful: events.mindful, vo2Reading: events.vo2,
      defects: defects)
  }

  /// The body's measures: fitness sets resting heart rate and HRV; illness, yesterday's
  /// hard workout, a short night, jet lag and Saturday night push them.
  func physiology(weekday wd: Int, travelDay: Int?, rng: inout SeededRandom) -> Physiology {
    let asleepHours = Double(timing.sleep.length) / 3600
    let jetLag = travelDay.map { $0 <= 1 } ?? false
    let saturdayNight = wd == 7
    let f = fitness
    var rhr = 57 - 3.2 * f + rng.normal(0, 1.1)
    var hrvFactor = exp(0.16 * f + rng.normal(0, 0.07))
    if sick {
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
    return Physiology(
      restingHeartRate: rhr, hrvSDNN: hrv, hrvRMSSD: hrv * 1.12 * exp(rng.normal(0, 0.05)),
      spo2: min(0.99, 0.965 - (sick ? 0.012 : 0) + rng.normal(0, 0.004)),
      respiratoryRate: 14.2 + (sick ? 1.8 : 0) + rng.normal(0, 0.35),
      wristTemperatureC: 35.55 + (sick ? 0.6 : 0) + rng.normal(0, 0.14),
      vo2Max: 41 + 3 * fitness + rng.normal(0, 0.25), weightKg: weight, bodyFat: fat)
  }

  /// The night: the watch charges overnight on about one night in ten (false: not worn);
  /// the phone's bedtime is recorded on most nights. A night whose bedtime falls in another
  /// period (another phone) is not recorded at all.
  func night(preCutover: Bool, rng: inout SeededRandom, stages: inout SeededRandom)
    -> (NightRecord?, watchNight: Bool)
  {
    let zones = calendar.zones
    let bedDay = zones.day(of: timing.inBed.start)
    let boundary = calendar.period(of: bedDay) != calendar.period(of: day)
    let watchNight = !rng.chance(0.1)
    guard !boundary else { return (nil, watchNight) }
    let segments =
      watchNight
      ? SleepPlanner.stages(timing.sleep, staged: !preCutover, nap: false, rng: &stages) : []
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
    guard !segments.isEmpty || !inBed.isEmpty else { return (nil, watchNight) }
    return (NightRecord(segments: segments, inBed: inBed), watchNight)
  }

  /// A nap on some weekend or sick afternoons at home, unless a workout is near; with the
  /// span kept free of bouts around it.
  func nap(
    weekday wd: Int, travelDay: Int?, preCutover: Bool, rng: inout SeededRandom,
    stages: inout SeededRandom
  ) -> (NightRecord?, blocked: [Span]) {
    guard travelDay == nil, (wd >= 6 && rng.chance(0.25)) || (sick && rng.chance(0.5)) else {
      return (nil, [])
    }
    let start = calendar.zones.epoch(
      local: Int64(day) * 86_400 + Int64(rng.uniform(14 * 60, 15 * 60 + 30) * 60))
    let span = Span(start: start, end: start + Int64(rng.uniform(20, 50) * 60))
    guard
      !workouts.contains(where: {
        $0.span.overlaps(Span(start: span.start - 1800, end: span.end + 1800))
      })
    else { return (nil, []) }
    let nap = NightRecord(
      segments: SleepPlanner.stages(span, staged: !preCutover, nap: true, rng: &stages),
      inBed: [])
    return (nap, [Span(start: span.start - 300, end: span.end + 300)])
  }

  /// The daily charge of a watch worn overnight: after waking (shower) or in the evening;
  /// nil when it would last 10 minutes or less.
  func charge(awake: Span, rng: inout SeededRandom) -> Span? {
    let charge: Span
    if rng.chance(0.6) {
      let s = awake.start + Int64(rng.uniform(4, 14) * 60)
      charge = Span(start: s, end: s + Int64(rng.uniform(40, 70) * 60))
    } else {
      let s = calendar.zones.epoch(
        local: Int64(day) * 86_400 + Int64(rng.normal(21 * 60, 25) * 60))
      charge = Span(start: s, end: min(windowEnd - 60, s + Int64(rng.uniform(45, 75) * 60)))
    }
    return charge.length > 600 ? charge : nil
  }
}
