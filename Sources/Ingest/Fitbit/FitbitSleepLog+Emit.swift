import HealthModel

extension FitbitSleepLog {
  /// The log's rows: each carved segment (type `sleep.<level>`) and the in-bed row.
  func emit(_ ctx: FitbitJSONContext, index: Int) throws {
    let what = "Fitbit sleep times"
    guard let s = startText.flatMap({ FitbitTime.parse($0) }), s.hasTime,
      let e = endText.flatMap({ FitbitTime.parse($0) }), e.hasTime
    else {
      return try ctx.reject(
        type: "sleep.log", .badDate, "the log has no startTime and endTime", metric: .sleep,
        index: index, value: startText ?? "")
    }
    let start = ctx.resolveLocal(s, what: what)
    let end = ctx.resolveLocal(e, what: what)
    if let d = dateOfSleep.flatMap({ FitbitTime.parse($0) }),
      LocalDay(dayNumber: Int32(CivilDate.floorDiv(d.localSeconds, 86_400))) != end.localDay
    {
      ctx.sink.extra["fitbit.sleep.wakeDateDiffers", default: 0] += 1
    }
    let segments = try Self.segments(data, ctx, index: index, what: what, needTime: true)
    let wakes = try Self.segments(short, ctx, index: index, what: what, needTime: false)
    ctx.sink.extra["fitbit.sleep.shortWakes", default: 0] += Int64(short.count)
    for seg in Self.carve(segments, wakes: wakes) {
      let type = "sleep.\(seg.level)"
      guard let stage = Self.stage(seg.level) else {
        try ctx.reject(
          type: type, .unknownCategory, "sleep level '\(seg.level)' is not known",
          metric: .sleep, index: index, value: seg.level)
        continue
      }
      try ctx.keep(
        Sample(
          metric: .sleep, start: seg.start, end: seg.end, utcOffset: start.offset,
          value: Double(seg.end - seg.start) / 60, unit: "min", category: stage.rawValue,
          source: FitbitJSONContext.source, sourceKind: .app,
          origin: ctx.sink.origin(ctx.record(index))), counter: ctx.sink.counter(for: type))
    }
    guard end.epoch > start.epoch else { return }
    let minutes = min(timeInBed ?? .infinity, Double(end.epoch - start.epoch) / 60)
    try ctx.keep(
      Sample(
        metric: .sleep, start: start.epoch, end: end.epoch, utcOffset: start.offset,
        value: minutes, unit: "min", category: SleepStage.inBed.rawValue,
        source: FitbitJSONContext.source, sourceKind: .app,
        origin: ctx.sink.origin(ctx.record(index))), counter: ctx.sink.counter(for: "sleep.inBed"))
  }

  /// A level segment (or a short wake) is at most a day long: the bound keeps a value such
  /// as `1e999` from becoming a time (docs/ingest-fitbit.md, "Sleep").
  static let maxSegmentSeconds = 86_400.0

  /// The `levels.data` (or `shortData`) entries as segments; an entry without a time or
  /// with seconds outside 0 < s ≤ 86,400 is a reject with its reason, never dropped.
  static func segments(
    _ entries: [(text: String, level: String, seconds: Double)], _ ctx: FitbitJSONContext,
    index: Int, what: String, needTime: Bool
  ) throws -> [Segment] {
    var out: [Segment] = []
    for (text, level, seconds) in entries {
      guard let t = FitbitTime.parse(text), t.hasTime || !needTime,
        seconds > 0, seconds <= maxSegmentSeconds
      else {
        try ctx.reject(
          type: "sleep.\(level)", .badDate,
          "a level segment without a dateTime or with seconds not in 0 to 86,400",
          metric: .sleep, index: index, value: text)
        continue
      }
      let r = ctx.resolveLocal(t, what: what)
      out.append(Segment(start: r.epoch, end: r.epoch + Int64(seconds.rounded()), level: level))
    }
    return out
  }
}
