import Foundation

/// One activity FIT file as a Garmin watch writes it for a workout: `file_id`, developer
/// data (a running-power field from a Connect IQ app, which readers skip), one `record` a
/// second (every 5 s in the thin density) with position, distance, speed, running dynamics,
/// heart rate and cadence as a fēnix 5 writes them, most of them with
/// compressed-timestamp headers, a `lap` per 10 minutes, the `session`, the `activity` with
/// its local time. Quirks: some workouts are written big-endian, a few records carry the
/// invalid heart rate 0xFF (the strap lost contact).
struct GarminActivityFIT {
  let day: WearableDay
  let workout: WorkoutPlan
  let dense: Bool
  /// The UTC offset of the workout's start.
  let offset: Int32

  /// FIT `sport`: running 1, cycling 2, walking 11, training 10 (strength), HIIT 62, yoga 43
  /// (`training`'s sub-sport is not written).
  var sport: Int64 {
    switch workout.kind {
    case .running: 1
    case .cycling: 2
    case .walking: 11
    case .strength, .yoga: 10
    case .hiit: 62
    }
  }

  func bytes() -> [UInt8] {
    let w = FITWriter()
    let bigEndian = day.noise(workout.span.start, 7) < 0.3
    let t0 = GarminDeviceProfile.fitTime(workout.span.start)
    let t1 = GarminDeviceProfile.fitTime(workout.span.end)
    w.define(
      local: 0, global: 0,
      fields: [.enumeration(0), .uint16(1), .uint16(2), .uint32z(3), .uint32(4)],
      bigEndian: bigEndian)
    w.message(
      local: 0,
      [
        .int(4), .int(GarminDeviceProfile.manufacturer), .int(GarminDeviceProfile.product),
        .int(GarminDeviceProfile.serial), .int(t0),
      ])
    // Developer data: the app's id, the field's description, then one 2-byte value per record.
    w.define(local: 6, global: 207, fields: [.uint8(3)])
    w.message(local: 6, [.int(0)])
    w.define(local: 7, global: 206, fields: [.uint8(0), .uint8(1), .uint8(2)])
    w.message(local: 7, [.int(0), .int(0), .int(132)])
    records(w, bigEndian: bigEndian, t0: t0)
    laps(w, bigEndian: bigEndian)
    w.define(
      local: 4, global: 18,
      fields: [
        .uint32(253), .uint32(2), .enumeration(5), .uint32(7), .uint32(8), .uint32(9),
        .uint16(11), .uint8(16), .uint8(17), .uint16(26),
      ], bigEndian: bigEndian)
    let elapsed = Int64(workout.span.length) * 1000
    let timer = workout.activeSeconds * 1000
    w.message(
      local: 4,
      [
        .int(t1 + 2), .int(t0), .int(sport), .int(elapsed), .int(timer),
        .int(Int64((workout.distanceMetres * 100).rounded())),
        .int(Int64(workout.activeKcal.rounded())), .int(Int64(workout.heartRateAverage.rounded())),
        .int(Int64(workout.heartRateMaximum.rounded())), .int(Int64(lapStarts.count)),
      ])
    w.define(
      local: 5, global: 34,
      fields: [.uint32(253), .uint32(0), .uint16(1), .enumeration(2), .uint32(5)],
      bigEndian: bigEndian)
    w.message(
      local: 5,
      [.int(t1 + 2), .int(timer), .int(1), .int(0), .int(t1 + 2 + Int64(offset))])
    return w.file(headerSize: 14)
  }

  /// The record layout of a fēnix 5 run (python-fitparse's `garmin-fenix-5-run.fit`, 42
  /// bytes a record there): position, distance, altitude, speed, running dynamics, heart
  /// rate, cadence, temperature. Local 1 starts with the timestamp; local 2, for the
  /// compressed-timestamp records, has none.
  private static let recordFields: [FITFieldSpec] = [
    .sint32(0), .sint32(1), .uint32(5), .uint16(2), .uint16(6), .uint16(39), .uint16(40),
    .uint16(41), .uint16(83), .uint16(85), .uint8(3), .uint8(4), .sint8(13), .uint8(53),
  ]

  /// Records: a full timestamp every 30th (local 1), compressed headers between (local 2).
  private func records(_ w: FITWriter, bigEndian: Bool, t0: Int64) {
    w.define(
      local: 1, global: 20, fields: [.uint32(253)] + Self.recordFields, bigEndian: bigEndian,
      developer: [(number: 0, size: 2)])
    w.define(
      local: 2, global: 20, fields: Self.recordFields, bigEndian: bigEndian,
      developer: [(number: 0, size: 2)])
    let step: Int64 = dense ? 1 : 5
    let outdoor = workout.kind.hasDistance && !workout.indoor
    let running = workout.kind == .running || workout.kind == .walking
    // Semicircles (2^31 / 180°) of a start near home, and a heading that drifts.
    let semicircles = Double(1 << 31) / 180
    var lat = 40.70 + day.noise(workout.span.start, 9) * 0.05
    var long = -74.00 + day.noise(workout.span.start, 10) * 0.05
    var t = workout.span.start
    var n = 0
    var distance = 0.0
    while t < workout.span.end {
      let moving = !workout.pauses.contains { $0.contains(t) }
      let speed = moving ? workout.speed : 0
      distance += speed * Double(step)
      let heading = 6.283 * day.noise(t / 120, 11)
      lat += speed * Double(step) * cos(heading) / 111_320
      long += speed * Double(step) * sin(heading) / 84_300
      let hr: FITValue =
        day.noise(t, 8) < 0.01 ? .invalid : .int(Int64(day.heartRate(at: t).rounded()))
      let cadence = moving ? workout.cadence / (running ? 2 : 1) : 0
      let altitude = 30 + 20 * sin(Double(t - workout.span.start) / 900)
      func dynamics(_ v: Double) -> FITValue { running && moving ? .int(Int64(v)) : .invalid }
      var values: [FITValue] = [
        outdoor ? .int(Int64(lat * semicircles)) : .invalid,
        outdoor ? .int(Int64(long * semicircles)) : .invalid,
        .int(Int64((distance * 100).rounded())),
        outdoor ? .int(Int64(((altitude + 500) * 5).rounded())) : .invalid,
        .int(Int64((speed * 1000).rounded())),
        dynamics(850 + 100 * day.noise(t, 12)), dynamics(3300 + 200 * day.noise(t, 13)),
        dynamics(2500 + 300 * day.noise(t, 14)), dynamics(800 + 100 * day.noise(t, 15)),
        dynamics(1000 * speed * 60 / max(1, workout.cadence)),
        hr, .int(Int64(cadence)), .int(Int64(workout.temperatureF - 32) * 5 / 9),
        .int(Int64(128 * day.noise(t, 16))),
      ]
      let power: [UInt8] = [UInt8(truncatingIfNeeded: n), 1]
      let fit = GarminDeviceProfile.fitTime(t)
      if n % 30 == 0 {
        values.insert(.int(fit), at: 0)
        w.message(local: 1, values, developer: power)
      } else {
        w.message(local: 2, values, developer: power, compressedSeconds: UInt8(fit & 0x1F))
      }
      n += 1
      t += step
    }
  }

  /// Lap starts: every 10 minutes of the workout.
  private var lapStarts: [Int64] {
    Array(stride(from: workout.span.start, to: workout.span.end, by: 600))
  }

  private func laps(_ w: FITWriter, bigEndian: Bool) {
    w.define(
      local: 3, global: 19,
      fields: [
        .uint32(253), .uint32(2), .uint32(7), .uint32(8), .uint32(9), .uint16(11),
        .enumeration(25),
      ], bigEndian: bigEndian)
    let starts = lapStarts
    for (i, s) in starts.enumerated() {
      let e = i + 1 < starts.count ? starts[i + 1] : workout.span.end
      let share = Double(e - s) / Double(max(1, workout.span.length))
      w.message(
        local: 3,
        [
          .int(GarminDeviceProfile.fitTime(e)), .int(GarminDeviceProfile.fitTime(s)),
          .int((e - s) * 1000), .int(Int64(Double(workout.activeSeconds) * share * 1000)),
          .int(Int64((workout.distanceMetres * share * 100).rounded())),
          .int(Int64((workout.activeKcal * share).rounded())), .int(sport),
        ])
    }
  }
}
