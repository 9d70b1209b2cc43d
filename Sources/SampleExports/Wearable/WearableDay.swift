import Foundation
import HealthModel

/// What a second wrist device (the Garmin watch, the Fitbit tracker of the vendor
/// generators) sees of one planned day: it is worn when the Apple Watch is (it charges at
/// the same times, so the nights the watch charged are off-wrist nights here too), counts
/// the same walks, sleeps the same night, with its own noise. Every value is a pure
/// function of the plan, the run's seed and the instant, so formats never depend on each
/// other.
struct WearableDay {
  let plan: DayPlan
  let seed: UInt64
  /// Separates this device's noise from another's.
  let channel: UInt64

  /// Local midnight to the next (the day's own span).
  var span: Span { Span(start: plan.midnight, end: plan.nextMidnight) }

  /// Whether the device is on the wrist at `t`.
  func worn(at t: Int64) -> Bool { plan.watchWorn(at: t) }

  /// A deterministic noise value in [0, 1) for instant `t` and purpose `k`.
  func noise(_ t: Int64, _ k: UInt64) -> Double {
    var rng = SeededRandom(seed: seed, UInt64(bitPattern: t), channel &* 31 &+ k)
    return rng.unit()
  }

  /// The workout going on at `t`, if any.
  func workout(at t: Int64) -> WorkoutPlan? {
    plan.workouts.first { $0.span.contains(t) && !$0.pauses.contains { $0.contains(t) } }
  }

  /// Heart rate at `t` in bpm: resting rate asleep, a little above it awake, higher on a
  /// walk, the workout's level in a workout.
  func heartRate(at t: Int64) -> Double {
    let rhr = plan.body.restingHeartRate
    let jitter = (noise(t, 1) - 0.5) * 6
    if let w = workout(at: t) {
      let phase = Double(t - w.span.start) / Double(max(1, w.span.length))
      return min(w.heartRateMaximum, w.heartRateAverage + 6 * sin(phase * 6.28) + jitter)
    }
    if plan.asleep(at: t) { return rhr - 2 + jitter / 2 }
    if let bout = plan.bouts.first(where: { $0.span.contains(t) }) {
      return rhr + 25 + (bout.cadence - 100) * 0.3 + jitter
    }
    return rhr + 12 + jitter
  }

  /// Steps in `[t, t + 60)` and whether they were running (cadence over 140).
  func steps(minute t: Int64) -> (steps: Int, running: Bool) {
    var total = 0.0
    var running = false
    for b in plan.bouts where b.span.start < t + 60 && t < b.span.end {
      let overlap = min(b.span.end, t + 60) - max(b.span.start, t)
      total += b.cadence * Double(overlap) / 60
      if b.cadence > 140 { running = true }
    }
    return (Int(total.rounded()), running)
  }

  /// Garmin-style stress 0-100 at `t`: low asleep, moderate awake; -2 (too much motion) in
  /// a workout, -1 off the wrist.
  func stress(at t: Int64) -> Int {
    if !worn(at: t) { return -1 }
    if workout(at: t) != nil { return -2 }
    let base = plan.asleep(at: t) ? 12.0 : (plan.sick ? 45.0 : 28.0)
    return max(0, min(99, Int(base + (noise(t, 2) - 0.5) * 30)))
  }

  /// The night's segments as this device scores them (the watch's segments), or nil when
  /// it was off the wrist.
  var night: [SleepSegment]? {
    guard let n = plan.night, !n.segments.isEmpty else { return nil }
    return n.segments.filter { $0.stage != .inBed }
  }

  /// RMSSD in ms at `t` during sleep (the device's 5-minute values).
  func rmssd(at t: Int64) -> Double {
    max(8, plan.body.hrvRMSSD * (0.85 + 0.3 * noise(t, 3)))
  }

  /// The day's Body Battery high and low (0-100).
  var bodyBattery: (high: Int, low: Int) {
    let sleepHours = Double(plan.sleep.sleep.length) / 3600
    let high = Int(min(100, 40 + sleepHours * 8 - (plan.sick ? 20 : 0)))
    return (max(20, high), max(5, high - 55 - plan.workouts.count * 10))
  }
}
