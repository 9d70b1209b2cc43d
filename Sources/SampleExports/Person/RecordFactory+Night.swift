import HealthModel

extension RecordFactory {
  /// Blood oxygen, respiratory rate and wrist temperature, measured by the watch asleep.
  func night(
    _ type: SyntheticRecordType, _ plan: DayPlan, _ rng: inout SeededRandom,
    _ out: inout [SyntheticRecord]
  ) {
    guard let night = plan.night, !night.segments.isEmpty else { return }
    let sleep = plan.sleep.sleep
    let sparse = density == .sample
    switch type {
    case .oxygenSaturation:
      let n = sparse ? 1 : rng.int(5...8)
      var times = (0..<n).map { _ in sleep.start + Int64(rng.unit() * Double(sleep.length)) }
      times.sort()
      for t in times {
        let v = min(1, rng.normal(plan.body.spo2, 0.009))
        out.append(record(.oxygenSaturation, .watch, t, t, v, &rng, delay: 60...1800))
      }
    case .respiratoryRate:
      var t = sleep.start + Int64(rng.uniform(600, 1800))
      let gap: ClosedRange<Double> = sparse ? 43_200...43_200 : 1500...2700
      while t < sleep.end {
        let v = (rng.normal(plan.body.respiratoryRate, 0.7) * 2).rounded() / 2
        out.append(record(.respiratoryRate, .watch, t, t, v, &rng, delay: 60...1800))
        t += Int64(rng.uniform(gap.lowerBound, gap.upperBound))
      }
    case .wristTemperature:
      guard sleep.length >= 4 * 3600 else { return }
      let c = rng.normal(plan.body.wristTemperatureC, 0.08)
      out.append(
        record(
          .wristTemperature, .watch, sleep.start, sleep.end, c * 1.8 + 32, &rng, delay: 600...3600))
    default:
      break
    }
  }

  /// Sleep analysis: the watch's stages (with `HKTimeZone`), the phone's in-bed time, and
  /// naps.
  func sleep(_ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [SyntheticRecord]) {
    var all: [(SleepSegment, DeviceSource)] = []
    if let night = plan.night {
      for s in coarse(night.segments) { all.append((s, .watch)) }
      for s in night.inBed { all.append((SleepSegment(span: s, stage: .inBed), .phone)) }
    }
    if let nap = plan.nap { for s in coarse(nap.segments) { all.append((s, .watch)) } }
    if shape.sleepApp { sleepAppNight(plan, into: &all) }
    let lastEnd = all.reduce(Int64(0)) { max($0, $1.0.span.end) }
    for (segment, source) in all {
      var r = record(
        .sleepAnalysis, source, segment.span.start, segment.span.end, 0, &rng, delay: 0...0)
      r.created = min(
        lastEnd + Int64(rng.int(60...900)), max(segment.span.end, calendar.exportEpoch - 1))
      r.category = segment.stage.rawValue
      if source == .watch { r.meta |= RecordMeta.timeZone }
      out.append(r)
    }
  }

  /// The sample density's coarser stages: deep and REM pieces under 20 minutes count as
  /// core, awake pieces under 5 minutes join the stage before them.
  func coarse(_ segments: [SleepSegment]) -> [SleepSegment] {
    guard density == .sample else { return segments }
    var merged: [SleepSegment] = []
    for original in segments {
      var s = original
      if s.stage == .deep || s.stage == .rem, s.span.length < 1200 { s.stage = .core }
      let shortAwake = s.stage == .awake && s.span.length < 300
      if let last = merged.last, shortAwake || last.stage == s.stage {
        merged[merged.count - 1].span.end = s.span.end
      } else {
        merged.append(s)
      }
    }
    return merged
  }

  /// Stand hours (full density): each waking hour the watch was worn throughout, stood or
  /// idle.
  func standHours(
    _ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [SyntheticRecord]
  ) {
    guard density == .full else { return }
    var h = (plan.sleep.sleep.end / 3600 + 1) * 3600
    while h + 3600 <= plan.windowEnd {
      let hour = Span(start: h, end: h + 3600)
      if !plan.watchOff.contains(where: { $0.overlaps(hour) }) {
        let moved = plan.bouts.contains { $0.span.overlaps(hour) && $0.kind != .house }
        let stood = moved || rng.chance(0.35)
        var r = record(.standHour, .watch, h, h + 3600, 0, &rng, delay: 60...600)
        r.category = stood ? 1 : 0
        out.append(r)
      }
      h += 3600
    }
  }

  /// A Breathe session (category record without a value).
  func mindful(_ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [SyntheticRecord]) {
    guard let m = plan.mindful, plan.watchWorn(at: m.start) else { return }
    out.append(record(.mindfulSession, .watch, m.start, m.end, 0, &rng, delay: 1...20))
  }

  /// Environmental sound levels (a type the catalog does not know).
  func audio(_ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [SyntheticRecord]) {
    let awake = Span(start: plan.sleep.sleep.end + 1800, end: plan.windowEnd - 1800)
    guard awake.length > 3600 else { return }
    if density == .sample {
      guard plan.day % 3 == 0 else { return }
      let t = awake.start + awake.length / 2
      if plan.watchWorn(at: t) {
        out.append(
          record(.environmentalAudio, .watch, t, t + 1800, rng.normal(62, 6), &rng))
      }
      return
    }
    var t = awake.start
    while t < awake.end {
      let len = Int64(rng.uniform(900, 1800))
      if plan.watchWorn(at: t) {
        out.append(record(.environmentalAudio, .watch, t, t + len, rng.normal(62, 7), &rng))
      }
      t += len + Int64(rng.uniform(1800, 4200))
    }
  }

  /// VO2 max estimates after outdoor runs and walks.
  func vo2(_ plan: DayPlan, _ rng: inout SeededRandom, _ out: inout [SyntheticRecord]) {
    guard let t = plan.vo2Reading else { return }
    out.append(record(.vo2Max, .watch, t, t, rng.normal(plan.body.vo2Max, 0.2), &rng))
  }
}
