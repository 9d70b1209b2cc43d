import HealthModel

/// Monitoring (wellness) files and the body and vitals messages: `monitoring_info`,
/// `monitoring`, `monitoring_hr_data`, `stress_level`, `spo2_data`, `respiration_rate`,
/// `hrv_value`, `weight_scale`.
extension GarminFITMapper {
  /// `monitoring_info`: its `local_timestamp` minus its `timestamp` is the file's offset.
  func readMonitoringInfo(_ m: FITMessage) {
    setOffset(local: m.uint(GarminFIT.Field.monitoringInfoLocalTimestamp), utc: m.timestamp)
    notKept(m.globalNumber)
  }

  /// The time of a monitoring message: its timestamp, or its `timestamp_16` (the low 16
  /// bits of the time, completed from the last full timestamp of the file).
  func monitoringTime(_ m: FITMessage, decoder: FITDecoder) -> Int64? {
    if let ts = m.timestamp { return Self.epoch(UInt64(ts)) }
    guard let low = m.uint(GarminFIT.Field.timestamp16), decoder.hasTimestamp else { return nil }
    let last = decoder.lastTimestamp
    let full = last &+ ((UInt32(low) &- last) & 0xFFFF)
    return Self.epoch(UInt64(full))
  }

  /// `monitoring`: a heart-rate reading and, for walking and running, the day's cumulative
  /// step count (turned into steps per interval once the whole input is read).
  func readMonitoring(_ m: FITMessage, decoder: FITDecoder) throws {
    let field = GarminFIT.Field.self
    setOffset(local: m.uint(field.monitoringLocalTimestamp), utc: m.timestamp)
    let bpm = m.number(field.monitoringHeartRate).flatMap { $0 > 0 ? $0 : nil }
    let activity =
      m.uint(field.monitoringActivityType)
      ?? m.uint(field.currentActivityTypeIntensity).map {
        $0 & 0x1F
      }
    let count = activity.flatMap {
      GarminFIT.stepActivityTypes.contains($0) ? m.uint(field.cycles) : nil
    }
    guard bpm != nil || count != nil else {
      notKept(m.globalNumber, .other)
      return
    }
    guard let t = monitoringTime(m, decoder: decoder) else {
      let type = bpm != nil ? "monitoring.heart_rate" : "monitoring.steps"
      return try reject(
        type: type, .badDate, "a monitoring message has no usable timestamp",
        metric: bpm != nil ? .heartRate : .steps, record: m.record)
    }
    if let bpm {
      hold(
        .heartRate, counter: monitoringHeartRate, start: t, value: bpm, unit: "count/min",
        record: m.record)
    }
    if let count, let activity {
      let index =
        stepDevice
        ?? steps.deviceIndex(source: sourceName, device: deviceText, kind: device.kind)
      stepDevice = index
      fileSteps.append(
        GarminStepReading(
          epoch: t, activityType: activity, count: count, record: recordBase + m.record,
          utcOffset: 0, device: index))
    }
  }

  /// `monitoring_hr_data`: today's resting heart rate (field 1; field 0, a 7-day average,
  /// is not kept).
  func readRestingHeartRate(_ m: FITMessage) throws {
    try point(
      m, .restingHeartRate, type: "monitoring_hr_data",
      value: m.number(GarminFIT.Field.currentDayRestingHeartRate), unit: "count/min")
  }

  /// `stress_level`: Garmin's stress score 0-100 at `stress_level_time`; negative values
  /// (off wrist, too much motion, ...) are no reading and are counted.
  func readStress(_ m: FITMessage) throws {
    let field = GarminFIT.Field.self
    guard let value = m.int(field.stressLevelValue) else {
      return notKept(m.globalNumber, .noValue)
    }
    guard value >= 0 else { return notKept(m.globalNumber, .noReading) }
    let time =
      m.uint(field.stressLevelTime).flatMap(Self.epoch)
      ?? m.timestamp.flatMap { Self.epoch(UInt64($0)) }
    guard let time else {
      return try reject(
        type: "stress_level", .badDate, "a stress level has no time", metric: .garminStressLevel,
        record: m.record, value: String(value))
    }
    hold(
      .garminStressLevel, counter: stressLevel, start: time, value: Double(value),
      unit: "count", record: m.record)
  }

  /// `spo2_data`: blood oxygen in percent (0-100; clean makes it a fraction).
  func readSpO2(_ m: FITMessage) throws {
    try point(m, .spo2, type: "spo2_data", value: m.number(GarminFIT.Field.readingSpO2), unit: "%")
  }

  /// `respiration_rate`: breaths per minute (scale 100); negative values are no reading.
  func readRespiration(_ m: FITMessage) throws {
    let value = m.number(GarminFIT.Field.respirationRate).map { $0 / 100 }
    if let value, value <= 0 { return notKept(m.globalNumber, .noReading) }
    try point(m, .respiratoryRate, type: "respiration_rate", value: value, unit: "count/min")
  }

  /// `hrv_value`: a 5-minute RMSSD during sleep (scale 128, ms): `hrvRMSSD`, never SDNN.
  func readHRVValue(_ m: FITMessage) throws {
    try point(
      m, .hrvRMSSD, type: "hrv_value",
      value: m.number(GarminFIT.Field.hrvValue).map { $0 / 128 }, unit: "ms", hrv: .rmssd)
  }

  /// `weight_scale`: weight (kg, scale 100), body fat (%, scale 100), BMI (scale 10).
  func readWeight(_ m: FITMessage) throws {
    let field = GarminFIT.Field.self
    let values: [(MetricID, String, Double?, String)] = [
      (.bodyMass, "weight_scale", m.number(field.weight).map { $0 / 100 }, "kg"),
      (.bodyFat, "weight_scale.percent_fat", m.number(field.percentFat).map { $0 / 100 }, "%"),
      (.bmi, "weight_scale.bmi", m.number(field.bmi).map { $0 / 10 }, "count"),
    ]
    guard values.contains(where: { $0.2 != nil }) else { return notKept(m.globalNumber, .empty) }
    for (metric, type, value, unit) in values where value != nil {
      try point(m, metric, type: type, value: value, unit: unit)
    }
  }

  /// One reading at the message's time; a message without the value is counted, one
  /// without a time is rejected.
  func point(
    _ m: FITMessage, _ metric: MetricID, type: String, value: Double?, unit: String,
    hrv: HRVKind = .none
  ) throws {
    guard let value else { return notKept(m.globalNumber, .noValue) }
    guard let t = m.timestamp.flatMap({ Self.epoch(UInt64($0)) }) else {
      return try reject(
        type: type, .badDate, "the message has no timestamp (or only a device-relative one)",
        metric: metric, record: m.record, value: NumberFormatting.shortest(value))
    }
    hold(metric, type: type, start: t, value: value, unit: unit, hrv: hrv, record: m.record)
  }
}
