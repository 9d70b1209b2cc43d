import HealthModel

/// Bedtimes, wake times and sleep stages.
enum SleepPlanner {
  /// When the person slept in the night ending on `day`'s morning.
  static func timing(
    day: LocalDayNumber, weekday: Int, sick: Bool, low: Bool, arrival: Bool,
    zones: ZoneSchedule, rng: inout SeededRandom
  ) -> SleepTiming {
    let weekendMorning = weekday == 6 || weekday == 7
    var bed: Double  // minutes from the day's local midnight (negative: the evening before)
    var wake: Double
    if weekendMorning {
      bed = rng.normal(15, 30, within: -60, 110)
      wake = rng.normal(8 * 60 + 20, 35, within: 7 * 60, 10 * 60 + 15)
    } else {
      bed = rng.normal(-55, 20, within: -120, 30)
      wake = rng.normal(6 * 60 + 45, 7, within: 6 * 60 + 20, 7 * 60 + 15)
    }
    if sick {
      bed -= 35
      wake += 70
    }
    if low { bed += rng.uniform(70, 120) }
    if arrival {
      // Overnight flight east: to bed early at home, woken at 07:40 in the new zone.
      bed = -80
      wake = 7 * 60 + 40
    }
    let midnightLocal = Int64(day) * 86_400
    let inBedStart = zones.epoch(local: midnightLocal + Int64(bed * 60))
    let wakeEpoch = zones.epoch(local: midnightLocal + Int64(wake * 60))
    let latency = Int64(rng.uniform(6, 24) * 60)
    let outOfBed = wakeEpoch + Int64(rng.uniform(2, 14) * 60)
    let sleepStart = min(inBedStart + latency, wakeEpoch - 3600)
    return SleepTiming(
      inBed: Span(start: inBedStart, end: outOfBed), sleep: Span(start: sleepStart, end: wakeEpoch))
  }

  /// The watch's stages for a sleep span: ~90-minute cycles, deep sleep early, REM late,
  /// short awakenings between some cycles.
  static func stages(
    _ sleep: Span, staged: Bool, nap: Bool, rng: inout SeededRandom
  ) -> [SleepSegment] {
    var raw: [SleepSegment] = []
    var t = sleep.start
    var cycle = 0
    func add(_ minutes: Double, _ stage: SleepStageKind) {
      guard t < sleep.end, minutes > 0 else { return }
      let end = min(sleep.end, t + Int64(minutes * 60))
      if end > t { raw.append(SleepSegment(span: Span(start: t, end: end), stage: stage)) }
      t = end
    }
    if nap {
      add(rng.uniform(8, 18), .core)
      add(rng.uniform(0, 6), .deep)
      add(Double(sleep.end - t) / 60, .core)
    } else {
      while t < sleep.end {
        let c = Double(cycle)
        add(rng.uniform(cycle == 0 ? 28 : 18, cycle == 0 ? 48 : 35), .core)
        add(max(0, rng.normal(34 - 9 * c, 7)), .deep)
        add(rng.uniform(8, 22), .core)
        add(min(45, max(4, rng.normal(9 + 7 * c, 4))), .rem)
        if rng.chance(0.4) { add(rng.uniform(1, 5), .awake) }
        cycle += 1
      }
    }
    // Merge neighbours of one stage; a trailing awake piece is dropped (the night ends
    // asleep at the wake time).
    var merged: [SleepSegment] = []
    for seg in raw {
      if let last = merged.last, last.stage == seg.stage, last.span.end == seg.span.start {
        merged[merged.count - 1].span.end = seg.span.end
      } else {
        merged.append(seg)
      }
    }
    if merged.last?.stage == .awake { merged.removeLast() }
    guard !staged else { return merged }
    // Before the cutover the watch wrote unstaged asleep stretches, split by awakenings.
    var unstaged: [SleepSegment] = []
    for seg in merged where seg.stage != .awake {
      if let last = unstaged.last, last.span.end == seg.span.start {
        unstaged[unstaged.count - 1].span.end = seg.span.end
      } else {
        unstaged.append(SleepSegment(span: seg.span, stage: .asleepUnspecified))
      }
    }
    return unstaged
  }
}
