import HealthModel

extension RecordFactory {
  /// What the person is doing at an instant, for heart rate.
  private enum HeartState {
    case asleep, rest
    case moving(Double)
    case workout(WorkoutPlan, Int64)
    case paused(Int64)
  }

  private func heartState(_ plan: DayPlan, _ t: Int64, bout: inout Int) -> HeartState {
    for w in plan.workouts where w.span.contains(t) {
      for p in w.pauses where p.contains(t) { return .paused(p.end) }
      return .workout(w, t - w.span.start)
    }
    if plan.sleep.sleep.contains(t) { return .asleep }
    if let nap = plan.nap, let s = nap.segments.first, let e = nap.segments.last,
      t >= s.span.start && t < e.span.end
    {
      return .asleep
    }
    while bout < plan.bouts.count && plan.bouts[bout].span.end <= t { bout += 1 }
    if bout < plan.bouts.count && plan.bouts[bout].span.contains(t) {
      return .moving(plan.bouts[bout].cadence)
    }
    return .rest
  }

  /// Heart rate from the watch: every 8-14 minutes asleep, 5-10 minutes awake, 2-4 minutes
  /// on walks and every 8-13 seconds in workouts (sparser in the sample density).
  func heartRate(_ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [SyntheticRecord]) {
    let sparse = density == .sample
    let rhr = plan.body.restingHeartRate
    var t = plan.windowStart + Int64(rng.int(0...300))
    var bout = 0
    var off = 0
    while t < plan.windowEnd {
      while off < plan.watchOff.count && plan.watchOff[off].end <= t { off += 1 }
      if off < plan.watchOff.count && plan.watchOff[off].contains(t) {
        t = plan.watchOff[off].end + Int64(rng.int(30...240))
        continue
      }
      var value: Double
      var gap: Double
      var motion: UInt8 = 1
      var hasMotion = true
      switch heartState(plan, t, bout: &bout) {
      case .asleep:
        value = rng.normal(rhr - 4, 2.5)
        gap = sparse ? rng.uniform(400, 500) * 60 : rng.uniform(8, 14) * 60
      case .rest:
        value = rng.normal(rhr + 15, 6)
        gap = sparse ? rng.uniform(300, 400) * 60 : rng.uniform(5, 10) * 60
      case .moving(let cadence):
        value = rng.normal(88 + (cadence - 90) * 0.5, 5)
        gap = sparse ? rng.uniform(150, 200) * 60 : rng.uniform(2, 4) * 60
        motion = 2
      case .workout(let w, let elapsed):
        let warm = min(1, Double(elapsed) / 300)
        value = min(w.heartRateMaximum, rng.normal(w.heartRateAverage - 25 * (1 - warm), 4))
        gap = sparse ? rng.uniform(25, 35) * 60 : rng.uniform(8, 13)
        motion = 2
        hasMotion = shape.motionOnEveryHeartRate
      case .paused(let resume):
        t = resume + Int64(rng.int(1...5))
        continue
      }
      var r = record(.heartRate, .watch, t, t, max(38, value), &rng, delay: 30...900)
      if hasMotion {
        r.meta |= RecordMeta.motion
        r.motion = motion
      }
      out.append(r)
      t += Int64(gap)
    }
  }

  /// One resting heart rate a day.
  func restingHeartRate(
    _ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [SyntheticRecord]
  ) {
    let worn = Span(start: plan.midnight, end: plan.nextMidnight)
    let offSeconds = plan.watchOff.reduce(Int64(0)) { sum, off in
      sum + max(0, min(off.end, worn.end) - max(off.start, worn.start))
    }
    guard worn.length - offSeconds > 8 * 3600 else { return }
    let start = plan.midnight + Int64(rng.uniform(240, 1200))
    let end = plan.nextMidnight - Int64(rng.uniform(300, 1500))
    out.append(
      record(
        .restingHeartRate, .watch, start, end, rng.normal(plan.body.restingHeartRate, 0.6), &rng,
        delay: 60...300))
  }

  /// Walking heart rate average on days with enough walking.
  func walkingHeartRate(
    _ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [SyntheticRecord]
  ) {
    if density == .sample && plan.weekday != 7 { return }
    let brisk = plan.bouts.filter { $0.cadence >= 95 && $0.cadence < 140 }
    let seconds = brisk.reduce(Int64(0)) { $0 + $1.span.length }
    guard seconds >= 20 * 60, let first = brisk.first, let last = brisk.last else { return }
    let cadence = brisk.reduce(0.0) { $0 + $1.cadence } / Double(brisk.count)
    out.append(
      record(
        .walkingHeartRate, .watch, first.span.start, last.span.end,
        rng.normal(100 + (cadence - 105) * 0.6 + (plan.body.restingHeartRate - 57) * 0.5, 2.5),
        &rng, delay: 300...3600))
  }

  /// HRV (SDNN) readings: during the night and at quiet moments of the day, each a minute
  /// long with its beat-to-beat list.
  func hrv(_ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [SyntheticRecord]) {
    let sparse = density == .sample
    var times: [(Int64, Bool)] = []
    if let night = plan.night, !night.segments.isEmpty {
      let s = plan.sleep.sleep
      let n = sparse ? 1 : 3
      for k in 0..<n {
        let at = s.start + s.length * Int64(k + 1) / Int64(n + 1) + Int64(rng.int(-900...900))
        times.append((at, true))
      }
    }
    let daytime = sparse ? (rng.chance(0.5) ? 1 : 0) : rng.int(1...3)
    let awake = Span(start: plan.sleep.sleep.end + 3600, end: plan.windowEnd - 3600)
    if awake.length > 3600 {
      for _ in 0..<daytime {
        let at = awake.start + Int64(rng.unit() * Double(awake.length))
        let busy =
          plan.bouts.contains { $0.span.contains(at) || $0.span.contains(at + 60) }
          || plan.workouts.contains { $0.span.contains(at) }
        if !busy && plan.watchWorn(at: at) && plan.watchWorn(at: at + 70) {
          times.append((at, false))
        }
      }
    }
    for (at, night) in times.sorted(by: { $0.0 < $1.0 }) where plan.watchWorn(at: at) {
      let ln = (plan.body.hrvSDNN).logOfPositive + (night ? 0.08 : -0.06) + rng.normal(0, 0.15)
      let length = Int64(rng.int(55...66))
      var r = record(.hrv, .watch, at, at + length, ln.expOfReal, &rng, delay: 5...120)
      r.meta |= RecordMeta.beats
      out.append(r)
    }
  }
}

extension Double {
  /// Natural logarithm (for values known to be positive).
  var logOfPositive: Double { naturalLog(self) }
  /// e to the power of self.
  var expOfReal: Double { exponential(self) }
}
