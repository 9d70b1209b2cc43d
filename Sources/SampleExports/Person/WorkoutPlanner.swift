import Foundation
import HealthModel

/// Chooses the day's workouts: a weekly rhythm (strength Monday, runs Tuesday and
/// Thursday, a long run or ride on Saturday, a walk on Sunday), none when sick, walks when
/// travelling.
enum WorkoutPlanner {
  static func plan(
    day: LocalDayNumber, weekday: Int, sick: Bool, low: Bool, travelDay: Int?,
    awake: Span, zones: ZoneSchedule, rng: inout SeededRandom
  ) -> [WorkoutPlan] {
    guard !sick else { return [] }
    var kind: WorkoutKind?
    var long = false
    let roll = rng.unit()
    if let travelDay {
      if travelDay == 3 { kind = .running } else if roll < 0.55 { kind = .walking }
    } else {
      switch weekday {
      case 1: if roll < 0.5 { kind = .strength }
      case 2, 4: if roll < 0.6 { kind = .running }
      case 3: if roll < 0.35 { kind = .hiit } else if roll < 0.55 { kind = .yoga }
      case 5: if roll < 0.2 { kind = .yoga }
      case 6:
        if roll < 0.45 {
          kind = .running
          long = true
        } else if roll < 0.75 {
          kind = .cycling
        }
      default: if roll < 0.5 { kind = .walking } else if roll < 0.7 { kind = .yoga }
      }
    }
    guard var first = kind else { return [] }
    if low && rng.chance(0.5) { return [] }
    if low && first == .hiit { first = .yoga }
    let weekend = weekday >= 6
    let startMinutes: Double =
      travelDay != nil
      ? rng.uniform(8 * 60, 9 * 60)
      : weekend
        ? rng.uniform(9 * 60, 10 * 60 + 30)
        : rng.uniform(18 * 60 + 10, 18 * 60 + 45)
    var start = zones.epoch(local: Int64(day) * 86_400 + Int64(startMinutes * 60))
    start += Int64(rng.int(0...59))
    var workouts: [WorkoutPlan] = []
    let main = make(first, long: long, start: start, day: day, rng: &rng)
    guard main.span.end < awake.end - 1800, main.span.start > awake.start + 1800 else { return [] }
    workouts.append(main)
    if weekend, travelDay == nil, main.span.length < 80 * 60, rng.chance(0.12) {
      let second = make(
        .strength, long: false, start: main.span.end + Int64(rng.uniform(300, 600)), day: day,
        rng: &rng)
      if second.span.end < awake.end - 1800 { workouts.append(second) }
    }
    return workouts
  }

  /// One workout of a kind starting at `start`.
  static func make(
    _ kind: WorkoutKind, long: Bool, start: Int64, day: LocalDayNumber,
    rng: inout SeededRandom
  ) -> WorkoutPlan {
    let d = KindDraw(kind, long: long, rng: &rng)
    let activeSeconds = Int64(d.activeMinutes * 60) + Int64(rng.int(0...59))
    // Pauses at random points of the activity.
    let (pauses, shift) = Self.pauses(
      count: d.pauseCount, activeSeconds: activeSeconds, start: start, rng: &rng)
    let span = Span(start: start, end: start + activeSeconds + shift)
    let doy = Double(((day % 365) + 365) % 365)
    let temperature = 55 + 25 * sin(2 * Double.pi * (doy - 110) / 365) + rng.normal(0, 5)
    return WorkoutPlan(
      kind: kind, span: span, pauses: pauses, activeSeconds: activeSeconds,
      kcalPerMinute: d.kcal, speed: d.speed, cadence: d.cadence, heartRateAverage: d.hr,
      heartRateMaximum: d.hr + rng.uniform(12, 24), indoor: d.indoor, phoneCarried: d.phone,
      hard: d.hard,
      temperatureF: (temperature * 10).rounded() / 10,
      humidityPercent: rng.uniform(35, 92).rounded())
  }
}
