/// One day's monitoring (wellness) FIT file, as a Garmin watch writes it (file type 32,
/// `monitoring_b`): `monitoring_info` with the local time, a `monitoring` message a minute
/// (every 15 minutes in the thin density) with heart rate and a 16-bit `timestamp_16`
/// instead of a full time, and every 15 minutes the day's cumulative walking and running
/// steps with a full time;
/// `stress_level` every 3 minutes (15), -1 off the wrist and -2 in a workout; the night that
/// ended this morning as `sleep_level` changes closed by an awake level at the wake time;
/// `hrv_value` every 5 minutes asleep; `respiration_rate` and `spo2_data` through the
/// night; the day's `monitoring_hr_data` resting heart rate. Quirks: odd days have a
/// 12-byte (legacy) header, stress definitions are big-endian on a fifth of the days.
struct GarminMonitoringFIT {
  let day: WearableDay
  let dense: Bool
  let zones: ZoneSchedule

  func bytes() -> [UInt8] {
    let w = FITWriter()
    let plan = day.plan
    let fit = GarminDeviceProfile.fitTime
    w.define(
      local: 0, global: 0,
      fields: [.enumeration(0), .uint16(1), .uint16(2), .uint32z(3), .uint32(4)])
    w.message(
      local: 0,
      [
        .int(32), .int(GarminDeviceProfile.manufacturer), .int(GarminDeviceProfile.product),
        .int(GarminDeviceProfile.serial), .int(fit(plan.midnight)),
      ])
    w.define(local: 1, global: 103, fields: [.uint32(253), .uint32(0)])
    let offset = Int64(zones.offset(at: plan.midnight))
    w.message(local: 1, [.int(fit(plan.midnight)), .int(fit(plan.midnight) + offset)])
    sleep(w)
    minutes(w)
    w.define(local: 6, global: 211, fields: [.uint32(253), .uint8(0), .uint8(1)])
    let rhr = Int64(plan.body.restingHeartRate.rounded())
    w.message(local: 6, [.int(fit(plan.nextMidnight - 60)), .int(rhr + 1), .int(rhr)])
    let legacy = plan.day % 2 != 0
    return w.file(headerSize: legacy ? 12 : 14)
  }

  /// Monitoring messages and stress readings through the day: a heart-rate message a minute
  /// (every 15 in the thin density) with only `timestamp_16` and `heart_rate` (4 bytes),
  /// and every 15 minutes the cumulative walking count (and the running one when it
  /// changed) with a full timestamp, distance, active time and calories (21 bytes).
  private func minutes(_ w: FITWriter) {
    let plan = day.plan
    let fit = GarminDeviceProfile.fitTime
    w.define(
      local: 2, global: 55,
      fields: [
        .uint32(253), .uint32(2), .uint32(3), .uint32(4), .uint16(19), .enumeration(5),
        .uint8(28),
      ])
    w.define(local: 3, global: 55, fields: [.uint16(26), .uint8(27)])
    let bigEndian = plan.day % 5 == 0
    w.define(
      local: 4, global: 227, fields: [.sint16(0), .uint32(1)], bigEndian: bigEndian)
    let step: Int64 = dense ? 60 : 900
    let stressStep: Int64 = dense ? 180 : 900
    var totals = [6: 0, 1: 0]  // walking, running
    var written = [6: -1, 1: 0]
    var seconds = [6: 0, 1: 0]
    var t = plan.midnight
    while t < plan.nextMidnight {
      let end = t + step
      for m in stride(from: t, to: end, by: 60) {
        let s = day.steps(minute: m)
        let type = s.running ? 1 : 6
        totals[type, default: 0] += s.steps
        if s.steps > 0 { seconds[type, default: 0] += 60 }
      }
      let hr: FITValue = day.worn(at: t) ? .int(Int64(day.heartRate(at: t).rounded())) : .invalid
      w.message(local: 3, [.int(fit(end) & 0xFFFF), hr])
      if (end - plan.midnight) % 900 == 0 {
        for type in [6, 1] where totals[type]! != written[type]! {
          let count = totals[type]!
          let metres = Double(count) * (type == 1 ? 1.1 : 0.75)
          w.message(
            local: 2,
            [
              .int(fit(end)), .int(Int64((metres * 100).rounded())), .int(Int64(count)),
              .int(Int64(seconds[type]! * 1000)), .int(Int64(count / 20)), .int(Int64(type)),
              .int(type == 1 ? 30 : 10),
            ])
          written[type] = count
        }
      }
      // Stress on its own 3-minute grid from midnight.
      var s = plan.midnight + (t - plan.midnight + stressStep - 1) / stressStep * stressStep
      while s < end {
        w.message(local: 4, [.int(Int64(day.stress(at: s))), .int(fit(s))])
        s += stressStep
      }
      t = end
    }
  }

  /// The night ending this morning: sleep levels, HRV, respiration and SpO2.
  private func sleep(_ w: FITWriter) {
    guard let segments = day.night, let last = segments.last else { return }
    let fit = GarminDeviceProfile.fitTime
    w.define(local: 5, global: 275, fields: [.uint32(253), .enumeration(0)])
    for seg in segments {
      let level: Int64 =
        switch seg.stage {
        case .awake: 1
        case .deep: 3
        case .rem: 4
        default: 2
        }
      w.message(local: 5, [.int(fit(seg.span.start)), .int(level)])
    }
    w.message(local: 5, [.int(fit(last.span.end)), .int(1)])
    w.define(local: 7, global: 371, fields: [.uint32(253), .uint16(0)])
    w.define(local: 8, global: 297, fields: [.uint32(253), .sint16(0)])
    w.define(local: 9, global: 269, fields: [.uint32(253), .uint8(0), .uint8(1)])
    let first = segments[0].span.start
    for t in stride(from: first, to: last.span.end, by: 300) {
      w.message(local: 7, [.int(fit(t)), .int(Int64((day.rmssd(at: t) * 128).rounded()))])
      if (t - first) % 1800 == 0 {
        let rate = day.plan.body.respiratoryRate + (day.noise(t, 4) - 0.5)
        w.message(local: 8, [.int(fit(t)), .int(Int64((rate * 100).rounded()))])
      }
      if (t - first) % 3600 == 0 {
        let spo2 = day.plan.body.spo2 * 100 + (day.noise(t, 5) - 0.5) * 2
        w.message(local: 9, [.int(fit(t)), .int(Int64(spo2.rounded())), .int(80)])
      }
    }
  }
}
