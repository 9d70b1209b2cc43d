import Foundation
import HealthModel

extension HealthConnectDayRecords {
  /// The watch's heart rate: one reading a minute while worn, one record per local hour
  /// (the series under it), synced a few minutes after the hour.
  func heartRate(_ plan: DayPlan, _ out: inout [Record]) {
    var rng = stream(plan, 2)
    let rest = plan.body.restingHeartRate
    var hour: Record?
    var minute = plan.windowStart - plan.windowStart % 60 + 60
    var bout = 0
    while minute < plan.windowEnd {
      defer { minute += 60 }
      guard plan.watchWorn(at: minute) else { continue }
      let hourStart = minute - ((minute + Int64(zones.offset(at: minute))) % 3600 + 3600) % 3600
      if hour.map({ $0.start != hourStart * 1000 }) ?? true {
        if let done = hour { out.append(done) }
        hour = interval(
          "heart_rate_record_table", .samsungHealth, hourStart, hourStart + 3600,
          synced: hourStart + 3600 + Int64(rng.int(60...600)), values: [])
      }
      while bout < plan.bouts.count && plan.bouts[bout].span.end <= minute { bout += 1 }
      var bpm = rng.normal(rest + 14, 5)
      if plan.asleep(at: minute) { bpm = rng.normal(rest - 4, 2) }
      if bout < plan.bouts.count && plan.bouts[bout].span.contains(minute) {
        bpm = rng.normal(88 + (plan.bouts[bout].cadence - 90) * 0.5, 5)
      }
      for w in plan.workouts where w.span.contains(minute) {
        bpm = rng.normal(w.heartRateAverage, 6)
      }
      hour!.children.append((minute * 1000, 0, max(35, min(200, bpm.rounded()))))
    }
    if let done = hour { out.append(done) }
  }

  /// The night's vitals from the ring (HRV as RMSSD, SpO2, breathing rate, resting heart
  /// rate, skin temperature) and the watch's resting heart rate, at wake time.
  func night(_ plan: DayPlan, _ out: inout [Record]) {
    var rng = stream(plan, 3)
    let wake = plan.sleep.sleep.end
    let synced = wake + Int64(rng.int(300...1800))
    let body = plan.body
    out.append(
      instant(
        "heart_rate_variability_rmssd_record_table", .oura, wake, synced: synced,
        values: [(body.hrvRMSSD * 10).rounded() / 10]))
    out.append(
      instant(
        "oxygen_saturation_record_table", .oura, wake, synced: synced,
        values: [(body.spo2 * 1000).rounded() / 10]))
    out.append(
      instant(
        "respiratory_rate_record_table", .oura, wake, synced: synced,
        values: [(body.respiratoryRate * 10).rounded() / 10]))
    out.append(
      instant(
        "resting_heart_rate_record_table", .oura, wake, synced: synced,
        values: [(body.restingHeartRate + rng.normal(1, 1)).rounded()]))
    out.append(
      instant(
        "resting_heart_rate_record_table", .samsungHealth, wake + 1800, synced: wake + 2400,
        values: [body.restingHeartRate.rounded()]))
    guard version >= 11 else { return }
    var skin = interval(
      "skin_temperature_record_table", .oura, plan.sleep.sleep.start, wake, synced: synced,
      values: [rng.chance(0.5) ? Double.leastNonzeroMagnitude : 33.4])
    var t = plan.sleep.sleep.start + 1800
    while t < wake {
      skin.children.append(
        (t * 1000, 0, (rng.normal(body.wristTemperatureC - 35.55, 0.1) * 100).rounded() / 100))
      t += 1800
    }
    out.append(skin)
  }

  /// Weigh-ins: the scale's weight (grams) and body fat (percent); a weight typed in by
  /// hand; a blood-pressure reading typed in; the watch's basal metabolic rate (a table
  /// healthpipe does not read).
  func body(_ plan: DayPlan, _ out: inout [Record]) {
    var rng = stream(plan, 4)
    if let at = plan.weighIn {
      let synced = at + Int64(rng.int(30...300))
      out.append(
        instant(
          "weight_record_table", .withings, at, synced: synced,
          values: [(plan.body.weightKg * 1000).rounded()]))
      out.append(
        instant(
          "body_fat_record_table", .withings, at, synced: synced,
          values: [(plan.body.bodyFat * 1000).rounded() / 10]))
    }
    if let at = plan.manualWeighIn {
      out.append(
        instant(
          "weight_record_table", .healthConnect, at, synced: at + 60,
          values: [(plan.body.weightKg * 10).rounded() * 100], manual: true))
    }
    if let at = plan.bloodPressure {
      out.append(
        instant(
          "blood_pressure_record_table", .healthConnect, at, synced: at + 60,
          values: [rng.normal(121, 6).rounded(), rng.normal(79, 4).rounded()], manual: true))
    }
    let wake = plan.sleep.sleep.end
    out.append(
      instant(
        "basal_metabolic_rate_record_table", .samsungHealth, wake, synced: wake + 600,
        values: [(plan.body.weightKg * 1.05).rounded()]))
  }

  /// Sleep (the watch's night with stages and its naps; the ring's night, now and then
  /// without stages), workouts and mindfulness from the watch.
  func sessions(_ plan: DayPlan, _ out: inout [Record]) {
    var rng = stream(plan, 5)
    if let night = plan.night, let first = night.segments.first, let last = night.segments.last {
      out.append(sleep(.samsungHealth, first.span.start, last.span.end, night.segments, &rng))
    }
    out.append(
      sleep(
        .oura, plan.sleep.sleep.start, plan.sleep.sleep.end,
        rng.chance(0.1) ? [] : ringStages(plan.sleep.sleep, &rng), &rng))
    if let nap = plan.nap, let first = nap.segments.first, let last = nap.segments.last {
      out.append(sleep(.samsungHealth, first.span.start, last.span.end, nap.segments, &rng))
    }
    for w in plan.workouts {
      out.append(
        interval(
          "exercise_session_record_table", .samsungHealth, w.span.start, w.span.end,
          synced: w.span.end + 120, values: [Double(Self.exerciseType(w.kind))]))
    }
    if version >= 14, let m = plan.mindful {
      out.append(
        interval(
          "mindfulness_session_record_table", .samsungHealth, m.start, m.end,
          synced: m.end + 60, values: [1]))
    }
  }

  private func sleep(
    _ app: HealthConnectSyntheticApp, _ start: Int64, _ end: Int64, _ segments: [SleepSegment],
    _ rng: inout SeededRandom
  ) -> Record {
    var session = interval(
      "sleep_session_record_table", app, start, end, synced: end + Int64(rng.int(300...3600)),
      values: [])
    for s in segments {
      session.children.append(
        (s.span.start * 1000, s.span.end * 1000, Double(Self.stageType(s.stage))))
    }
    return session
  }

  /// The ring's own stages: 90-minute cycles of light, deep and REM with a short wake.
  private func ringStages(_ span: Span, _ rng: inout SeededRandom) -> [SleepSegment] {
    var stages: [SleepSegment] = []
    var t = span.start
    let cycle: [(SleepStageKind, Int64)] = [
      (.core, 2400), (.deep, 1500), (.core, 900), (.rem, 1200),
    ]
    var i = 0
    while t < span.end {
      let (stage, length) = cycle[i % cycle.count]
      let end = min(span.end, t + length + Int64(rng.int(-300...300)))
      stages.append(SleepSegment(span: Span(start: t, end: end), stage: stage))
      t = end
      i += 1
      if i % 4 == 0 && t < span.end - 600 {
        stages.append(SleepSegment(span: Span(start: t, end: t + 300), stage: .awake))
        t += 300
      }
    }
    return stages
  }

  /// AOSP's `SleepSessionRecord.StageType` of a plan's stage.
  static func stageType(_ stage: SleepStageKind) -> Int {
    switch stage {
    case .awake, .inBed: 1
    case .asleepUnspecified: 2
    case .core: 4
    case .deep: 5
    case .rem: 6
    }
  }

  /// AOSP's `ExerciseSessionType` of a workout.
  static func exerciseType(_ kind: WorkoutKind) -> Int {
    switch kind {
    case .running: 33
    case .walking: 53
    case .cycling: 4
    case .strength: 45
    case .hiit: 20
    case .yoga: 57
    }
  }
}
