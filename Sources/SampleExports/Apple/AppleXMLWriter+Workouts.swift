import HealthModel

extension AppleXMLWriter {
  /// Blood pressure `Correlation`s: the pair of readings repeated inside.
  func writeCorrelations() throws {
    var pair: [SyntheticRecord] = []
    var n = 0
    for day in selection.planDays {
      guard let plan = timeline.plan(day), plan.bloodPressure != nil else { continue }
      pair.removeAll(keepingCapacity: true)
      factory.records(.diastolic, plan, into: &pair)
      factory.records(.systolic, plan, into: &pair)
      let readings = pair.filter { $0.defect == .none && selection.includes($0, planDay: day) }
      guard readings.count == 2 else { continue }
      let r = readings[0]
      try out.append(
        " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"")
      try out.append(string: PersonProfile.cuffName)
      try out.append("\" sourceVersion=\"")
      try out.append(string: PersonProfile.cuffVersion)
      try out.append("\"")
      try date(" creationDate=\"", r.created)
      try date(" startDate=\"", r.start)
      try date(" endDate=\"", r.end)
      try out.append(">\n  <MetadataEntry key=\"HKWasUserEntered\" value=\"0\"/>\n")
      for reading in readings { try writeRecord(reading, indent: 2) }
      try out.append(" </Correlation>\n")
      n += 1
    }
    counts["Correlation"] = n
  }

  /// `Workout` elements: totals as attributes before the cutover, `WorkoutStatistics`
  /// children after it; pauses as `WorkoutEvent`s; outdoor routes as a `WorkoutRoute` with
  /// a `FileReference`.
  func writeWorkouts() throws {
    var n = 0
    for day in selection.planDays {
      guard let plan = timeline.plan(day) else { continue }
      for w in plan.workouts where selection.includes(w) {
        try writeWorkout(w, plan)
        n += 1
      }
    }
    counts["Workout"] = n
  }

  private func writeWorkout(_ w: WorkoutPlan, _ plan: DayPlan) throws {
    var rng = SeededRandom(seed: timeline.options.seed, UInt64(bitPattern: w.span.start), 77)
    let step = SoftwareVersions.step(day: plan.day, cutover: timeline.calendar.cutover)
    let version = text.version(.watch, step: step)
    let created = w.span.end + Int64(rng.int(5...90))
    let old = plan.preCutover
    let miles = RecordFactory.round(w.distanceMetres / 1609.344, 5)
    let kcal = RecordFactory.round(w.activeKcal, 3)
    try out.append(" <Workout workoutActivityType=\"")
    try out.append(string: w.kind.appleName)
    try out.append("\" duration=\"")
    try out.append(number: RecordFactory.durationMinutes(w), decimals: 6)
    try out.append("\" durationUnit=\"min\"")
    if old {
      if w.kind.hasDistance {
        try out.append(" totalDistance=\"")
        try out.append(number: miles, decimals: 5)
        try out.append("\" totalDistanceUnit=\"mi\"")
      }
      try out.append(" totalEnergyBurned=\"")
      try out.append(number: kcal, decimals: 3)
      try out.append("\" totalEnergyBurnedUnit=\"kcal\"")
    }
    try out.append(" sourceName=\"")
    try watchSourceAndDevice(version: version, rng: &rng)
    try date(" creationDate=\"", created)
    try date(" startDate=\"", w.span.start)
    try date(" endDate=\"", w.span.end)
    try out.append(">\n")
    try meta("HKIndoorWorkout", w.indoor ? "1" : "0")
    try meta("HKTimeZone", zones.zoneName(at: w.span.start))
    if !w.indoor {
      try meta("HKWeatherTemperature", "\(w.temperatureF) degF")
      try meta("HKWeatherHumidity", "\(Int(w.humidityPercent) * 100) %")
    }
    let mets = w.kcalPerMinute * 60 / plan.body.weightKg
    try meta("HKAverageMETs", "\(RecordFactory.round(mets, 3)) kcal/hr\u{00B7}kg")
    for p in w.pauses {
      try out.append("  <WorkoutEvent type=\"HKWorkoutEventTypePause\"")
      try date(" date=\"", p.start)
      try out.append("/>\n  <WorkoutEvent type=\"HKWorkoutEventTypeResume\"")
      try date(" date=\"", p.end)
      try out.append("/>\n")
    }
    if !old { try writeStatistics(w, kcal: kcal, miles: miles) }
    if w.kind.hasDistance && !w.indoor {
      try writeRoute(w, version: version, created: created, rng: &rng)
    }
    try out.append(" </Workout>\n")
  }

  /// A workout's statistics (from the cutover on): active and basal energy, distance and
  /// heart rate.
  private func writeStatistics(_ w: WorkoutPlan, kcal: Double, miles: Double) throws {
    try statistic(
      "HKQuantityTypeIdentifierActiveEnergyBurned", w, sum: kcal, decimals: 3, unit: "Cal")
    let basal = RecordFactory.round(1.08 * Double(w.activeSeconds) / 60, 3)
    try statistic(
      "HKQuantityTypeIdentifierBasalEnergyBurned", w, sum: basal, decimals: 3, unit: "Cal")
    if w.kind.hasDistance && miles > 0 {
      let type =
        w.kind == .cycling
        ? "HKQuantityTypeIdentifierDistanceCycling"
        : "HKQuantityTypeIdentifierDistanceWalkingRunning"
      try statistic(type, w, sum: miles, decimals: 5, unit: "mi")
    }
    try out.append("  <WorkoutStatistics type=\"HKQuantityTypeIdentifierHeartRate\"")
    try date(" startDate=\"", w.span.start)
    try date(" endDate=\"", w.span.end)
    try out.append(" average=\"")
    try out.append(number: RecordFactory.round(w.heartRateAverage, 2), decimals: 2)
    try out.append("\" minimum=\"")
    try out.append(number: (w.heartRateAverage - 30).rounded(), decimals: 0)
    try out.append("\" maximum=\"")
    try out.append(number: w.heartRateMaximum.rounded(), decimals: 0)
    try out.append("\" unit=\"count/min\"/>\n")
  }

  /// The `WorkoutRoute` of an outdoor workout with distance, naming its GPX file.
  private func writeRoute(
    _ w: WorkoutPlan, version: [UInt8], created: Int64, rng: inout SeededRandom
  ) throws {
    let path = routePath(w)
    try out.append("  <WorkoutRoute sourceName=\"")
    try watchSourceAndDevice(version: version, rng: &rng)
    try date(" creationDate=\"", created + 2)
    try date(" startDate=\"", w.span.start)
    try date(" endDate=\"", w.span.end)
    try out.append(">\n   <MetadataEntry key=\"HKMetadataKeySyncVersion\" value=\"2\"/>\n")
    try out.append("   <MetadataEntry key=\"HKMetadataKeySyncIdentifier\" value=\"")
    try out.append(string: SyntheticUUID.make(&rng))
    try out.append("\"/>\n   <FileReference path=\"/")
    try out.append(string: path)
    try out.append("\"/>\n  </WorkoutRoute>\n")
  }

  private func meta(_ key: String, _ value: String) throws {
    try out.append("  <MetadataEntry key=\"")
    try out.append(string: key)
    try out.append("\" value=\"")
    try out.append(string: value)
    try out.append("\"/>\n")
  }

  private func statistic(
    _ type: String, _ w: WorkoutPlan, sum: Double, decimals: Int, unit: StaticString
  ) throws {
    try out.append("  <WorkoutStatistics type=\"")
    try out.append(string: type)
    try out.append("\"")
    try date(" startDate=\"", w.span.start)
    try date(" endDate=\"", w.span.end)
    try out.append(" sum=\"")
    try out.append(number: sum, decimals: decimals)
    try out.append("\" unit=\"")
    try out.append(unit)
    try out.append("\"/>\n")
  }

  /// `workout-routes/route_2026-07-04_6.12pm.gpx` from the local start time.
  func routePath(_ w: WorkoutPlan) -> String {
    let local = zones.local(w.span.start)
    let day = CivilFloor.div(local, 86_400)
    let secs = Int(local - Int64(day) * 86_400)
    let hour = secs / 3600
    let hour12 = hour % 12 == 0 ? 12 : hour % 12
    let minute = secs / 60 % 60
    let date = LocalDay(dayNumber: Int32(day)).description
    let mm = minute < 10 ? "0\(minute)" : "\(minute)"
    return "workout-routes/route_\(date)_\(hour12).\(mm)\(hour < 12 ? "am" : "pm").gpx"
  }

  /// One `ActivitySummary` per day: the watch's active energy, exercise minutes and stand
  /// hours of that local day, with the ring goals.
  func writeActivitySummaries() throws {
    var energy: [SyntheticRecord] = []
    var exercise: [SyntheticRecord] = []
    var n = 0
    let calendar = timeline.calendar
    for day in calendar.appleFirst...calendar.appleLast {
      energy.removeAll(keepingCapacity: true)
      exercise.removeAll(keepingCapacity: true)
      var hours = Set<Int64>()
      for planDay in [day - 1, day] {
        guard let plan = timeline.plan(planDay) else { continue }
        factory.records(.activeEnergy, plan, into: &energy)
        factory.records(.exerciseTime, plan, into: &exercise)
        for b in plan.bouts
        where zones.day(of: b.span.start) == day && plan.watchWorn(at: b.span.start) {
          hours.insert(zones.local(b.span.start) / 3600)
        }
      }
      // The watch's own records of that local day, each counted once.
      func total(_ records: [SyntheticRecord]) -> Double {
        records.reduce(0) { sum, r in
          r.source == .watch && r.defect == .none && zones.day(of: r.start) == day
            && selection.includes(r, planDay: day)
            ? sum + r.value : sum
        }
      }
      let kcal = RecordFactory.round(total(energy), 3)
      let minutes = total(exercise)
      try out.append(" <ActivitySummary dateComponents=\"")
      try out.append(day: day)
      try out.append("\" activeEnergyBurned=\"")
      try out.append(number: kcal, decimals: 3)
      try out.append(
        "\" activeEnergyBurnedGoal=\"520\" activeEnergyBurnedUnit=\"kcal\" appleMoveTime=\"0\" appleMoveTimeGoal=\"0\" appleExerciseTime=\""
      )
      try out.append(int: Int64(minutes))
      try out.append("\" appleExerciseTimeGoal=\"30\" appleStandHours=\"")
      try out.append(int: Int64(min(16, hours.count)))
      try out.append("\" appleStandHoursGoal=\"12\"/>\n")
      n += 1
    }
    counts["ActivitySummary"] = n
  }

  /// The watch's name, `" sourceVersion="`, the version and the watch's `device` text (a
  /// random six-digit id drawn from `rng`), ending with the device attribute's closing quote.
  private func watchSourceAndDevice(version: [UInt8], rng: inout SeededRandom) throws {
    try out.append(string: PersonProfile.watchName)
    try out.append("\" sourceVersion=\"")
    try out.append(version)
    try out.append(AppleRecordText.devicePrefix)
    try out.append(hex: rng.next() & 0xFF_FFFF, digits: 6)
    try out.append(AppleRecordText.deviceBody(.watch)!)
    try out.append(version)
    try out.append("&gt;\"")
  }
}

extension RecordFactory {
  /// A workout's `duration` in minutes as written (six decimals).
  static func durationMinutes(_ w: WorkoutPlan) -> Double {
    (Double(w.activeSeconds) / 60 * 1_000_000).rounded() / 1_000_000
  }
}

/// Random version-4-style UUIDs from the generator's stream.
enum SyntheticUUID {
  static func make(_ rng: inout SeededRandom) -> String {
    let a = rng.next()
    let b = rng.next()
    func hex(_ v: UInt64, _ digits: Int) -> String {
      let s = String(v, radix: 16, uppercase: true)
      return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
    return hex(a >> 32, 8) + "-" + hex((a >> 16) & 0xFFFF, 4) + "-4" + hex(a & 0xFFF, 3) + "-"
      + hex(0x8000 | ((b >> 48) & 0x3FFF), 4) + "-" + hex(b & 0xFFFF_FFFF_FFFF, 12)
  }

}
