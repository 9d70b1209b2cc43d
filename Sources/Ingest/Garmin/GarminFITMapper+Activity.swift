import HealthModel

/// One lap of an activity, kept to build the workout when a file has no `session`.
struct GarminLap {
  var start: Int64
  var elapsed: Double
  var timer: Double?
  var distance: Double?
  var calories: Double?
  var sport: UInt64?
  var record: Int64
}

/// Activity files: `file_id`, `activity`, `session`, `lap`, `record`, `hrv`.
extension GarminFITMapper {
  func readFileID(_ m: FITMessage) {
    let field = GarminFIT.Field.self
    fileType = m.uint(field.fileType)
    device.manufacturer = m.uint(field.manufacturer)
    device.product = m.uint(field.product)
    device.serial = m.uint(field.serialNumber)
    device.productName = m.string(field.productName)
    // File types 15 (monitoring_a), 28 (monitoring_daily), 32 (monitoring_b): worn all day.
    device.worn = [15, 28, 32].contains(fileType ?? 0)
    notKept(m.globalNumber)
  }

  /// `activity`: its `local_timestamp` minus its `timestamp` is the file's UTC offset.
  func readActivity(_ m: FITMessage) {
    setOffset(local: m.uint(GarminFIT.Field.activityLocalTimestamp), utc: m.timestamp)
    notKept(m.globalNumber)
  }

  /// Takes `local − utc` as the file's offset when it is a plausible one (within ±18 h).
  func setOffset(local: UInt64?, utc: UInt32?) {
    guard fileOffset == nil, let local, let utc else { return }
    let difference = Int64(local) - Int64(utc)
    guard abs(difference) <= 18 * 3600 else { return }
    fileOffset = Int32(difference)
    if let at = Self.epoch(UInt64(utc)) {
      fileOffsetAgreesWithZone = zone.offset(atEpoch: at) == Int32(difference)
    }
  }

  /// `session`: one workout row with its energy, distance and heart-rate rows.
  func readSession(_ m: FITMessage) throws {
    let field = GarminFIT.Field.self
    sessions += 1
    let elapsed = m.number(field.totalElapsedTime).map { $0 / 1000 }
    let timer = m.number(field.totalTimerTime).map { $0 / 1000 }
    var start = m.uint(field.startTime).flatMap(Self.epoch)
    if start == nil, let ts = m.timestamp.flatMap({ Self.epoch(UInt64($0)) }), let elapsed {
      start = ts - Int64(elapsed.rounded())
    }
    guard let start, let duration = elapsed ?? timer else {
      return try reject(
        type: "session", .missingField,
        "the session has no start_time (field 2) or no total_elapsed_time (field 7)",
        metric: .workout, record: m.record)
    }
    let sport = GarminNames.sport(m.uint(field.sessionSport))
    try holdWorkout(
      start: start, elapsed: duration, timer: timer, sport: sport,
      distance: m.number(field.totalDistance).map { $0 / 100 },
      calories: m.number(field.totalCalories), heartRate: sessionHeartRate(m), record: m.record,
      type: "session")
  }

  private func sessionHeartRate(_ m: FITMessage) -> (Double, Double?, Double?)? {
    let field = GarminFIT.Field.self
    guard let average = m.number(field.sessionAverageHeartRate) else { return nil }
    return (
      average, m.number(field.sessionMinimumHeartRate), m.number(field.sessionMaximumHeartRate)
    )
  }

  /// The rows of one workout: `workout` (minutes of timer time, pauses excluded; the
  /// interval is start … start + elapsed), `workoutEnergy`, `workoutDistance` (metres) and
  /// `workoutHeartRate` (average, with minimum and maximum).
  func holdWorkout(
    start: Int64, elapsed: Double, timer: Double?, sport: String, distance: Double?,
    calories: Double?, heartRate: (Double, Double?, Double?)?, record: Int64, type: String
  ) throws {
    let end = start + Int64(elapsed.rounded())
    hold(
      .workout, type: type, start: start, end: end, value: (timer ?? elapsed) / 60, unit: "min",
      category: sport, record: record)
    if let calories {
      hold(
        .workoutEnergy, type: "\(type).calories", start: start, end: end, value: calories,
        unit: "kcal", category: sport, record: record)
    }
    if let distance {
      hold(
        .workoutDistance, type: "\(type).distance", start: start, end: end, value: distance,
        unit: "m", category: sport, record: record)
    }
    if let (average, minimum, maximum) = heartRate {
      hold(
        Self.workoutHeartRate, type: "\(type).heart_rate", start: start, end: end,
        value: average, unit: "count/min", category: sport, minimum: minimum, maximum: maximum,
        record: record)
    }
  }

  /// A workout's average heart rate (with minimum and maximum): not a catalog metric, kept
  /// under this name (docs/ingest-garmin.md).
  static let workoutHeartRate: MetricID = "workoutHeartRate"

  /// `lap`: kept to rebuild a workout whose file has no session; otherwise counted.
  func readLap(_ m: FITMessage) {
    let field = GarminFIT.Field.self
    guard let start = m.uint(field.startTime).flatMap(Self.epoch),
      let elapsed = m.number(field.totalElapsedTime).map({ $0 / 1000 })
    else {
      notKept(m.globalNumber, .incomplete)
      return
    }
    laps.append(
      GarminLap(
        start: start, elapsed: elapsed, timer: m.number(field.totalTimerTime).map { $0 / 1000 },
        distance: m.number(field.totalDistance).map { $0 / 100 },
        calories: m.number(field.totalCalories), sport: m.uint(field.lapSport), record: m.record))
  }

  /// A file with laps but no session (a recording cut before its summary): one workout over
  /// the laps, its totals their sums.
  func workoutFromLaps() throws {
    let start = laps.map(\.start).min()!
    let end = laps.map { $0.start + Int64($0.elapsed.rounded()) }.max()!
    let timers = laps.compactMap(\.timer)
    let distances = laps.compactMap(\.distance)
    let calories = laps.compactMap(\.calories)
    sink.notes.append(
      "\(entryName ?? sink.path): no session message; the workout was built from "
        + "\(laps.count) laps")
    try holdWorkout(
      start: start, elapsed: Double(end - start),
      timer: timers.count == laps.count ? timers.reduce(0, +) : nil,
      sport: GarminNames.sport(laps[0].sport),
      distance: distances.isEmpty ? nil : distances.reduce(0, +),
      calories: calories.isEmpty ? nil : calories.reduce(0, +), heartRate: nil,
      record: laps[0].record, type: "lap")
  }

  /// `record`: its heart rate, one reading at the record's time.
  func readRecord(_ m: FITMessage) throws {
    guard let bpm = m.number(GarminFIT.Field.recordHeartRate) else {
      notKept(m.globalNumber, .withoutHeartRate)
      return
    }
    guard let t = m.timestamp.flatMap({ Self.epoch(UInt64($0)) }) else {
      return try reject(
        type: "record.heart_rate", .badDate,
        "a heart-rate record has no timestamp (or only a device-relative one)",
        metric: .heartRate, record: m.record, value: NumberFormatting.shortest(bpm))
    }
    hold(
      .heartRate, counter: recordHeartRate, start: t, value: bpm, unit: "count/min",
      record: m.record)
  }

  /// `hrv`: beat-to-beat intervals during an activity. Counted (`fit.beats`), not kept: a
  /// minute of intervals during exercise is no resting HRV reading.
  func readRRIntervals(_ m: FITMessage) {
    var beats: Int64 = 0
    for i in 0..<m.count(GarminFIT.Field.hrvTime)
    where m.uint(GarminFIT.Field.hrvTime, element: i) != nil {
      beats += 1
    }
    sink.extra["fit.beats", default: 0] += beats
    notKept(m.globalNumber)
  }
}
