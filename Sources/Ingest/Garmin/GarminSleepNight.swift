import HealthModel

/// One element of `*_sleepData.json`: a night as Garmin Connect summarises it
/// (docs/ingest-garmin.md, "Sleep").
///
/// - `sleepStartTimestampGMT` … `sleepEndTimestampGMT` (UTC, no suffix) is the night's
///   window; `calendarDate` is its wake date.
/// - `deepSleepSeconds`, `lightSleepSeconds`, `remSleepSeconds`, `awakeSleepSeconds`: each
///   stage with time is one per-night sleep row over the window (asleepDeep, asleepCore,
///   asleepREM, awake; value = minutes), like Health Auto Export's per-night totals;
///   `unmeasurableSeconds` is counted, not kept.
/// - An `OFF_WRIST` night, and any night without a stage of time, is no night: counted by
///   its `sleepWindowConfirmationType` (`notKept.sleepData.OFF_WRIST`), never a 0-minute
///   night.
/// - `sleepScores.overallScore` (or `sleepScores.overall.value`) is Garmin's sleep score, a
///   daily row of the wake date; `averageRespiration` and `spo2SleepSummary.averageSPO2` are
///   readings over the window.
enum GarminSleepNight {
  private static let stages: [(StaticString, String, SleepStage)] = [
    ("deepSleepSeconds", "deep", .asleepDeep), ("lightSleepSeconds", "light", .asleepCore),
    ("remSleepSeconds", "rem", .asleepREM), ("awakeSleepSeconds", "awake", .awake),
  ]

  /// Members read (all others are counted as not read); their ids in
  /// `GarminJSONContext.members` are their positions here.
  static let used: [String] = [
    "calendarDate", "sleepStartTimestampGMT", "sleepEndTimestampGMT", "deepSleepSeconds",
    "lightSleepSeconds", "remSleepSeconds", "awakeSleepSeconds", "unmeasurableSeconds",
    "sleepWindowConfirmationType", "sleepScores.overallScore", "sleepScores.overall.value",
    "averageRespiration", "spo2SleepSummary.averageSPO2",
  ]

  /// Reads the element in `flat`.
  static func emit(_ flat: JSONFlatObject, _ ctx: GarminJSONContext, index: Int) throws {
    for i in flat.fields.indices where flat.fields[i].kind != .null {
      let f = flat.fields[i]
      let n = f.kind == .beginArray ? Int64(f.elementCount) : 1
      let id = flat.withKey(i) { ctx.members.id(of: $0) }
      if n > 0 && id >= used.count { ctx.members.count(id, n) }
    }
    let type = text(flat, "sleepWindowConfirmationType") ?? "(none)"
    let seconds = stages.map { number(flat, $0.0) ?? 0 }
    if type == "OFF_WRIST" || !seconds.contains(where: { $0 > 0 }) {
      ctx.sink.extra["notKept.sleepData.\(type)", default: 0] += 1
      return try score(flat, ctx, index: index)
    }
    guard let start = instant(flat, "sleepStartTimestampGMT"),
      let end = instant(flat, "sleepEndTimestampGMT"), end > start
    else {
      return try ctx.reject(
        field: "night", .missingField,
        "the night has stage seconds but no usable sleepStartTimestampGMT and "
          + "sleepEndTimestampGMT", metric: .sleep, index: index)
    }
    let what = "Garmin …GMT times"
    let offset = ctx.instants.offset(atEpoch: start, sink: ctx.sink, what: what)
    checkWakeDate(
      flat, end: end, offset: ctx.instants.offset(atEpoch: end, sink: ctx.sink, what: what), ctx)
    for (k, (_, name, stage)) in stages.enumerated() where seconds[k] > 0 {
      try ctx.keep(
        Sample(
          metric: .sleep, start: start, end: end, utcOffset: offset, value: seconds[k] / 60,
          unit: "min", category: stage.rawValue, source: GarminJSONContext.source,
          sourceKind: .app, origin: ctx.sink.origin(ctx.record(index))), field: name)
    }
    if let unmeasurable = number(flat, "unmeasurableSeconds"), unmeasurable > 0 {
      ctx.sink.extra["notKept.sleepData.unmeasurableSeconds", default: 0] += 1
    }
    let readings: [(StaticString, MetricID, String, String)] = [
      ("averageRespiration", .respiratoryRate, "averageRespiration", "count/min"),
      ("spo2SleepSummary.averageSPO2", .spo2, "spo2", "%"),
    ]
    for (key, metric, field, unit) in readings {
      guard let v = number(flat, key) else { continue }
      try ctx.keep(
        Sample(
          metric: metric, start: start, end: end, utcOffset: offset, value: v, unit: unit,
          source: GarminJSONContext.source, sourceKind: .app,
          origin: ctx.sink.origin(ctx.record(index))), field: field)
    }
    try score(flat, ctx, index: index)
  }

  /// Garmin's sleep score, a daily row of the wake date.
  private static func score(_ flat: JSONFlatObject, _ ctx: GarminJSONContext, index: Int) throws {
    guard
      let v = number(flat, "sleepScores.overallScore") ?? number(flat, "sleepScores.overall.value"),
      let day = text(flat, "calendarDate").flatMap(GarminTime.day)
    else { return }
    try ctx.keep(
      ctx.daily(.garminSleepScore, day: day, offset: nil, value: v, unit: "count", index: index),
      field: "sleepScore")
  }

  /// `calendarDate` is the wake date: a night whose end falls on another local date in the
  /// assumed zone is counted (`sleepData.wakeDateDiffers`), the sign of a wrong zone.
  private static func checkWakeDate(
    _ flat: JSONFlatObject, end: Int64, offset: Int32, _ ctx: GarminJSONContext
  ) {
    guard let day = text(flat, "calendarDate").flatMap(GarminTime.day) else { return }
    if LocalDay(epochSeconds: end, utcOffset: offset) != day {
      ctx.sink.extra["sleepData.wakeDateDiffers", default: 0] += 1
    }
  }

  static func number(_ flat: JSONFlatObject, _ key: StaticString) -> Double? {
    guard let i = flat.index(of: key), flat.fields[i].kind == .number else { return nil }
    return flat.fields[i].number
  }

  static func text(_ flat: JSONFlatObject, _ key: StaticString) -> String? {
    guard let i = flat.index(of: key), flat.fields[i].kind == .string else { return nil }
    return flat.string(i)
  }

  /// A `…GMT` member: text read as UTC, or milliseconds since 1970.
  static func instant(_ flat: JSONFlatObject, _ key: StaticString) -> Int64? {
    guard let i = flat.index(of: key) else { return nil }
    switch flat.fields[i].kind {
    case .string: return GarminTime.instant(text: flat.string(i))
    case .number: return GarminTime.instant(milliseconds: flat.fields[i].number)
    default: return nil
    }
  }
}
