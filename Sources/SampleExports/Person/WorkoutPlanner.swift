import Foundation
import HealthCore

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
    var activeMinutes: Double
    var pauseCount = 0
    var kcal: Double
    var speed = 0.0
    var cadence = 0.0
    var hr: Double
    var indoor = true
    var phone = true
    var hard = false
    switch kind {
    case .running:
      activeMinutes = long ? rng.uniform(60, 95) : rng.uniform(28, 55)
      pauseCount = rng.int(0...2)
      kcal = rng.uniform(11, 12.5)
      speed = rng.uniform(2.7, 3.1)
      cadence = rng.uniform(162, 170)
      hr = rng.uniform(148, 158)
      indoor = rng.chance(0.1)
      phone = rng.chance(0.5)
      hard = activeMinutes >= 45 || speed > 3.0
    case .walking:
      activeMinutes = rng.uniform(30, 70)
      pauseCount = rng.int(0...1)
      kcal = rng.uniform(4.3, 5.3)
      speed = rng.uniform(1.4, 1.6)
      cadence = rng.uniform(108, 118)
      hr = rng.uniform(100, 112)
      indoor = false
      phone = rng.chance(0.85)
    case .cycling:
      activeMinutes = rng.uniform(40, 100)
      pauseCount = rng.int(0...2)
      kcal = rng.uniform(8, 10)
      indoor = rng.chance(0.25)
      speed = indoor ? 0 : rng.uniform(5.5, 7)
      hr = rng.uniform(128, 142)
      phone = rng.chance(0.6)
      hard = activeMinutes >= 70
    case .strength:
      activeMinutes = rng.uniform(30, 55)
      kcal = rng.uniform(5.5, 7)
      cadence = 15
      hr = rng.uniform(112, 128)
      phone = rng.chance(0.8)
      hard = rng.chance(0.3)
    case .hiit:
      activeMinutes = rng.uniform(16, 30)
      pauseCount = rng.int(0...1)
      kcal = rng.uniform(10.5, 12.5)
      cadence = 60
      hr = rng.uniform(150, 162)
      hard = true
    case .yoga:
      activeMinutes = rng.uniform(20, 45)
      kcal = rng.uniform(2.8, 3.6)
      hr = rng.uniform(88, 98)
    }
    let activeSeconds = Int64(activeMinutes * 60) + Int64(rng.int(0...59))
    // Pauses at random points of the activity.
    var pauseOffsets: [Int64] = []
    for _ in 0..<pauseCount {
      pauseOffsets.append(Int64(rng.uniform(0.15, 0.85) * Double(activeSeconds)))
    }
    pauseOffsets.sort()
    var pauses: [Span] = []
    var shift: Int64 = 0
    var lastOffset: Int64 = -1
    for offset in pauseOffsets where offset > lastOffset + 120 {
      let length = Int64(rng.uniform(30, 240))
      let pauseStart = start + offset + shift
      pauses.append(Span(start: pauseStart, end: pauseStart + length))
      shift += length
      lastOffset = offset
    }
    let span = Span(start: start, end: start + activeSeconds + shift)
    let doy = Double(((day % 365) + 365) % 365)
    let temperature = 55 + 25 * sin(2 * Double.pi * (doy - 110) / 365) + rng.normal(0, 5)
    return WorkoutPlan(
      kind: kind, span: span, pauses: pauses, activeSeconds: activeSeconds, kcalPerMinute: kcal,
      speed: speed, cadence: cadence, heartRateAverage: hr,
      heartRateMaximum: hr + rng.uniform(12, 24), indoor: indoor, phoneCarried: phone, hard: hard,
      temperatureF: (temperature * 10).rounded() / 10,
      humidityPercent: rng.uniform(35, 92).rounded())
  }
}
