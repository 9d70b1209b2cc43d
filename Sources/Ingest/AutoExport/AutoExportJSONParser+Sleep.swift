import HealthModel

/// `sleep_analysis` in its two shapes.
///
/// - Aggregated per night: `{date, asleep, core, deep, rem, awake, inBed, sleepStart,
///   sleepEnd, inBedStart, inBedEnd, source}` in hours (`totalSleep` may be present; it is the
///   sum of the stages and not kept again). Each stage with time becomes one `sleep` sample:
///   category = `SleepStage` raw value, value = minutes, interval = sleepStart…sleepEnd
///   (inBedStart…inBedEnd for `inBed`; sleepStart…sleepEnd when those are missing). Without
///   sleepStart/sleepEnd the interval is the night's sleep window (noon before to noon of
///   `date`'s local day). A stage of 0 hours means no time in that stage: no sample, counted
///   in the extras as `zeroSleepStages`. Stages are separate records: one bad stage value
///   rejects that stage only.
/// - Segments: `{startDate, endDate, qty, value: "Core"|"Deep"|"REM"|"Awake"|"In Bed"|
///   "Asleep"|"Unspecified", source}` → one sample each; minutes from `qty` (in the metric's
///   units), or from the interval when `qty` is absent.
extension AutoExportJSONParser {
  private static let stages: [(StaticString, SleepStage)] = [
    ("asleep", .asleepUnspecified), ("core", .asleepCore), ("deep", .asleepDeep),
    ("rem", .asleepREM), ("awake", .awake), ("inBed", .inBed),
  ]

  func readSleepPoint(_ ctx: AutoExportMetricContext) throws {
    if point.index(of: "startDate") != nil || point.index(of: "endDate") != nil {
      try readSleepSegment(ctx)
    } else {
      try readSleepNight(ctx)
    }
  }

  private func readSleepSegment(_ ctx: AutoExportMetricContext) throws {
    var time: ResolvedTime?
    var source = AutoExportSource.defaultName
    do {
      let start = try requiredDate("startDate")
      time = start
      source = try self.source() ?? AutoExportSource.defaultName
      let end = try requiredDate("endDate")
      guard let word = try string("value") else { throw missing("value") }
      guard let stage = SleepStage(appleOrAutoExport: word) else {
        throw AutoExportPointProblem(
          code: .unknownCategory,
          reason: "sleep stage '\(word)' is not known (\(pointPath).value)", value: word)
      }
      let minutes: Double
      if let qty = try number("qty") {
        guard let factor = SleepUnits.minutesFactor(ctx.unit) else { throw unitProblem(ctx) }
        minutes = qty * factor
      } else {
        minutes = Double(end.epoch - start.epoch) / 60
      }
      try keep(
        Sample(
          metric: ctx.id, start: start.epoch, end: end.epoch, utcOffset: start.offset,
          value: minutes, unit: "min", category: stage.rawValue, source: source,
          sourceKind: kinds.kind(of: source), origin: sink.origin(record)),
        type: ctx.name)
    } catch let problem as AutoExportPointProblem {
      try reject(
        type: ctx.name, problem, metric: ctx.id.rawValue, time: time, unit: ctx.unit,
        source: source)
    }
  }

  private func unitProblem(_ ctx: AutoExportMetricContext) -> AutoExportPointProblem {
    AutoExportPointProblem(
      code: .unknownUnit,
      reason:
        "sleep in '\(ctx.unit)', which is not a unit of time (data.metrics[\(ctx.index)].units)")
  }

  /// An interval from two date members; nil when both are absent.
  private func interval(_ startKey: StaticString, _ endKey: StaticString)
    throws(AutoExportPointProblem) -> (
      ResolvedTime, ResolvedTime
    )?
  {
    let start = try date(startKey)
    let end = try date(endKey)
    switch (start, end) {
    case (nil, nil): return nil
    case (let s?, let e?): return (s, e)
    case (nil, _): throw missing(startKey)
    case (_, nil): throw missing(endKey)
    }
  }

  /// The night's sleep window from `date` (noon before to noon of its local day).
  private func window() throws(AutoExportPointProblem) -> (ResolvedTime, ResolvedTime) {
    guard let i = point.index(of: "date") else { throw missing("sleepStart") }
    let d = try date(at: i)
    let localStart = DayInterval.sleepWindowLocalStart(day: d.localDay)
    let offset: Int32
    if d.hadOffset {
      offset = d.offset
    } else {
      offset = zone.offset(atLocal: localStart, sink: sink, what: "Dates in the JSON")
    }
    let start = ResolvedTime(
      epoch: localStart - Int64(offset), offset: offset, hasTime: true, hadOffset: d.hadOffset)
    var end = start
    end.epoch += DayInterval.daySeconds
    return (start, end)
  }

  /// The asleep stages' interval (`sleepStart`/`sleepEnd`, else the night's window) and
  /// the in-bed interval (`inBedStart`/`inBedEnd`, else the asleep one), each a problem
  /// when its members are wrong.
  private func sleepNightIntervals() -> (
    sleep: Result<(ResolvedTime, ResolvedTime), AutoExportPointProblem>,
    inBed: Result<(ResolvedTime, ResolvedTime), AutoExportPointProblem>
  ) {
    var sleepInterval: Result<(ResolvedTime, ResolvedTime), AutoExportPointProblem>
    do throws(AutoExportPointProblem) {
      if let i = try interval("sleepStart", "sleepEnd") {
        sleepInterval = .success(i)
      } else {
        sleepInterval = .success(try window())
      }
    } catch {
      sleepInterval = .failure(error)
    }
    var inBedInterval: Result<(ResolvedTime, ResolvedTime), AutoExportPointProblem>
    do throws(AutoExportPointProblem) {
      if let i = try interval("inBedStart", "inBedEnd") {
        inBedInterval = .success(i)
      } else {
        inBedInterval = sleepInterval
      }
    } catch {
      inBedInterval = .failure(error)
    }
    return (sleepInterval, inBedInterval)
  }

  private func readSleepNight(_ ctx: AutoExportMetricContext) throws {
    // Intervals and sources; a problem here rejects the stages that need it.
    let (sleepInterval, inBedInterval) = sleepNightIntervals()
    let common: String?
    let asleepSource: String
    let inBedSource: String
    do throws(AutoExportPointProblem) {
      common = try source()
      if let common {
        asleepSource = common
        inBedSource = common
      } else {
        asleepSource = try source("sleepSource") ?? AutoExportSource.defaultName
        inBedSource = try source("inBedSource") ?? AutoExportSource.defaultName
      }
    } catch {
      return try reject(type: ctx.name, error, metric: ctx.id.rawValue, unit: ctx.unit)
    }
    if point.index(of: "totalSleep") != nil {
      sink.count(extra: "notKept.\(ctx.name).totalSleep")
    }
    var sawStage = false
    var stagesWithTime = 0
    for (key, stage) in Self.stages {
      guard let i = point.index(of: key) else { continue }
      sawStage = true
      let source = stage == .inBed ? inBedSource : asleepSource
      let intervalResult = stage == .inBed ? inBedInterval : sleepInterval
      var startTime: ResolvedTime?
      do {
        let hours = try number(at: i)
        if hours == 0 {
          sink.extra["zeroSleepStages", default: 0] += 1
          continue
        }
        stagesWithTime += 1
        let (start, end) = try intervalResult.get()
        startTime = start
        guard let factor = SleepUnits.minutesFactor(ctx.unit) else { throw unitProblem(ctx) }
        try keep(
          Sample(
            metric: ctx.id, start: start.epoch, end: end.epoch, utcOffset: start.offset,
            value: hours * factor, unit: "min", category: stage.rawValue, source: source,
            sourceKind: kinds.kind(of: source), origin: sink.origin(record)),
          type: ctx.name)
      } catch let problem as AutoExportPointProblem {
        var p = problem
        if p.value.isEmpty { p.value = point.valueText(i) }
        try reject(
          type: ctx.name, p, metric: ctx.id.rawValue, time: startTime, unit: ctx.unit,
          source: source)
      }
    }
    if !sawStage {
      try reject(
        type: ctx.name,
        AutoExportPointProblem(
          code: .missingField,
          reason:
            "no sleep stage (asleep, core, deep, rem, awake, inBed) and no startDate/endDate (\(pointPath), line \(point.startLineColumn))"
        ), metric: ctx.id.rawValue, unit: ctx.unit)
    } else if stagesWithTime == 0 {
      sink.extra["sleepNightsWithoutTime", default: 0] += 1
    }
  }
}
