import HealthModel

extension FitbitCSVRows {
  /// A daily value: the row's `timestamp` date, `[local midnight, next midnight)`.
  mutating func daily(_ metric: MetricID, _ name: String, unit: String, hrv: HRVKind = .none)
    throws
  {
    guard let t = timestamp() else {
      return try reject(
        .badDate, "timestamp '\(text("timestamp"))' is not a date", metric: metric,
        value: text("timestamp"))
    }
    guard let v = value() else {
      return try reject(
        .badNumber, "\(name) '\(text(name))' is not a number", metric: metric, value: text(name))
    }
    let localStart = CivilDate.floorDiv(t.localSeconds, 86_400) * 86_400
    let offset = local.offset(atLocal: localStart, sink: sink, what: "Fitbit CSV dates")
    let start = localStart - Int64(offset)
    try keep(
      metric, start: start, end: start + DayInterval.daySeconds, utcOffset: offset, value: v,
      unit: unit, hrv: hrv)
  }

  /// The nightly SpO2: average with its lower and upper bound, a daily value of the date.
  mutating func spo2() throws {
    guard let t = timestamp() else {
      return try reject(
        .badDate, "timestamp '\(text("timestamp"))' is not a date", metric: .spo2,
        value: text("timestamp"))
    }
    guard let v = value() else {
      return try reject(
        .badNumber, "average_value '\(text("average_value"))' is not a number", metric: .spo2,
        value: text("average_value"))
    }
    let localStart = CivilDate.floorDiv(t.localSeconds, 86_400) * 86_400
    let offset = local.offset(atLocal: localStart, sink: sink, what: "Fitbit CSV dates")
    let start = localStart - Int64(offset)
    try keep(
      Sample(
        metric: .spo2, start: start, end: start + DayInterval.daySeconds, utcOffset: offset,
        value: v, minimum: number("lower_bound"), maximum: number("upper_bound"), unit: "%",
        source: source(), device: Self.device, sourceKind: .app, origin: sink.origin(record)))
  }

  /// A reading at the row's time (`length` seconds long): a time with `Z` or an offset is
  /// an instant placed in the assumed zone, one without is the local wall clock.
  mutating func instant(
    _ metric: MetricID, _ name: String, unit: String, length: Int64 = 0, zeroIsNone: Bool = false
  ) throws {
    guard let t = timestamp(), t.hasTime else {
      return try reject(
        .badDate, "timestamp '\(text("timestamp"))' is not a time", metric: metric,
        value: text("timestamp"))
    }
    guard let v = value() else {
      return try reject(
        .badNumber, "\(name) '\(text(name))' is not a number", metric: metric, value: text(name))
    }
    if zeroIsNone && v == 0 {
      sink.extra["fitbit.zeroStepMinutes", default: 0] += 1
      return
    }
    let epoch: Int64
    let offset: Int32
    if let given = t.utcOffset {
      epoch = t.localSeconds - Int64(given)
      offset = instants.offset(atEpoch: epoch, sink: sink, what: "Fitbit CSV times in UTC")
    } else {
      offset = local.offset(atLocal: t.localSeconds, sink: sink, what: "Fitbit CSV times")
      epoch = t.localSeconds - Int64(offset)
    }
    try keep(metric, start: epoch, end: epoch + length, utcOffset: offset, value: v, unit: unit)
  }

  /// A `UserSleepStages` row: `LIGHT`/`DEEP`/`REM`/`WAKE` from `sleep_stage_start` to
  /// `sleep_stage_end` (UTC), in the row's `start_utc_offset` when it has one.
  mutating func sleepStage() throws {
    let word = text("sleep_stage_type")
    let stage: SleepStage?
    switch word.uppercased() {
    case "LIGHT": stage = .asleepCore
    case "DEEP": stage = .asleepDeep
    case "REM": stage = .asleepREM
    case "WAKE", "AWAKE": stage = .awake
    case "ASLEEP": stage = .asleepUnspecified
    default: stage = nil
    }
    guard let stage else {
      return try reject(
        .unknownCategory, "sleep stage '\(word)' is not known", metric: .sleep, value: word)
    }
    guard let s = timestamp("sleep_stage_start"), let e = timestamp("sleep_stage_end"),
      s.hasTime, e.hasTime
    else {
      return try reject(
        .badDate, "sleep_stage_start or sleep_stage_end is not a time", metric: .sleep,
        value: text("sleep_stage_start"))
    }
    let start = s.localSeconds - Int64(s.utcOffset ?? 0)
    let end = e.localSeconds - Int64(e.utcOffset ?? 0)
    let offset =
      FitbitCSVRows.offset(text("start_utc_offset"))
      ?? instants.offset(atEpoch: start, sink: sink, what: "Fitbit sleep stage times in UTC")
    try keep(
      Sample(
        metric: .sleep, start: start, end: end, utcOffset: offset,
        value: Double(end - start) / 60, unit: "min", category: stage.rawValue, source: source(),
        device: Self.device,
        sourceKind: .app, origin: sink.origin(record)))
  }

  /// Keeps `value` as one sample of the row's source (`source()`, an app's, device
  /// `device`): written by id once the source's target is resolved (`FitbitCSVTargets`),
  /// else as the `Sample` it stands for (the same row and counts).
  mutating func keep(
    _ metric: MetricID, start: Int64, end: Int64, utcOffset: Int32, value: Double, unit: String,
    hrv: HRVKind = .none
  ) throws {
    let source = source()
    guard
      let target = targets.target(
        metric, unit: unit, hrv: hrv, source: source, device: Self.device, sink: sink)
    else {
      return try keep(
        Sample(
          metric: metric, start: start, end: end, utcOffset: utcOffset, value: value, unit: unit,
          source: source, device: Self.device, sourceKind: .app, hrvKind: hrv,
          origin: sink.origin(record)))
    }
    sink.read(counter)
    try sink.keep(
      target, counter: counter, start: start, end: end, utcOffset: utcOffset, value: value,
      record: record)
  }

  /// `+01:00`, `-0500`, `+05` → seconds; nil for anything else.
  static func offset(_ text: String) -> Int32? {
    TimestampParser.parse("2000-01-01T00:00:00" + text)?.utcOffset
  }
}
