/// One Health Auto Export data point: a metric's values over a day (or an hour).
struct AutoExportBucket: Sendable {
  /// First instant of the bucket.
  var start: Int64
  /// Its local day.
  var day: LocalDayNumber
  var steps: Double?
  var activeEnergy: Double?
  var basalEnergy: Double?
  /// km.
  var distance: Double?
  var exerciseMinutes: Double?
  var flights: Double?
  var heartRate: (min: Double, avg: Double, max: Double)?
  var restingHeartRate: Double?
  var hrv: Double?
  /// Fraction.
  var spo2: Double?
  var respiratoryRate: Double?
  /// °C.
  var wristTemperature: Double?
  var vo2Max: Double?
  /// kg.
  var weight: Double?
  /// Fraction.
  var bodyFat: Double?
  var bmi: Double?
  /// km/h.
  var walkingSpeed: Double?
}

/// One night as Health Auto Export's aggregated sleep shape describes it (hours).
struct AutoExportNight: Sendable {
  var sleepDay: LocalDayNumber
  var sleepStart: Int64
  var sleepEnd: Int64
  var inBedStart: Int64?
  var inBedEnd: Int64?
  var inBed: Double
  var asleep: Double
  var core: Double
  var deep: Double
  var rem: Double
  var awake: Double
  /// Whether the phone contributed (source list `watch|phone`).
  var withPhone: Bool
}

/// Turns the model's records for a run of days into Health Auto Export's aggregates, the
/// way the app computes them from HealthKit: cumulative metrics de-duplicated across phone
/// and watch (the phone counts only where the watch has no sample), point metrics averaged,
/// sleep summed per night. Works a day at a time, so memory stays flat.
struct AutoExportAggregator {
  let timeline: SyntheticTimeline
  let factory: RecordFactory
  var zones: ZoneSchedule { timeline.calendar.zones }

  init(_ timeline: SyntheticTimeline) {
    self.timeline = timeline
    factory = RecordFactory(
      seed: timeline.options.seed, density: .full, calendar: timeline.calendar)
  }

  /// The valid, distinct records of `type` from the plans around `day`.
  func records(_ type: SyntheticRecordType, around day: LocalDayNumber) -> [SyntheticRecord] {
    var all: [SyntheticRecord] = []
    for planDay in (day - 1)...(day + 1) {
      guard let plan = timeline.plan(planDay) else { continue }
      factory.records(type, plan, into: &all)
    }
    return all.filter { $0.defect == .none }
  }

  /// Buckets of a day: the whole day, or each hour.
  func buckets(day: LocalDayNumber, hourly: Bool) -> [AutoExportBucket] {
    let midnight = zones.midnight(day)
    let next = zones.midnight(day + 1)
    var spans: [Span] = []
    if hourly {
      var t = midnight
      while t < next {
        spans.append(Span(start: t, end: min(next, t + 3600)))
        t += 3600
      }
    } else {
      spans = [Span(start: midnight, end: next)]
    }
    var result = spans.map { AutoExportBucket(start: $0.start, day: day) }
    func cumulative(
      _ type: SyntheticRecordType, _ keyPath: WritableKeyPath<AutoExportBucket, Double?>
    ) {
      let list = records(type, around: day)
      let cover = IntervalUnion(
        list.filter { $0.source == .watch }.map { Span(start: $0.start, end: $0.end) })
      for (i, span) in spans.enumerated() {
        var total = 0.0
        var any = false
        for r in list
        where r.start < span.end && r.end > span.start || r.start == r.end && span.contains(r.start)
        {
          let v = RecordUnits.canonical(r)
          let length = max(1, r.end - r.start)
          let piece = Span(start: max(r.start, span.start), end: min(r.end, span.end))
          let seconds = r.source == .phone ? piece.length - cover.covered(piece) : piece.length
          total += r.end == r.start ? v : v * Double(seconds) / Double(length)
          any = true
        }
        if any { result[i][keyPath: keyPath] = total }
      }
    }
    cumulative(.steps, \.steps)
    cumulative(.activeEnergy, \.activeEnergy)
    cumulative(.basalEnergy, \.basalEnergy)
    cumulative(.distance, \.distance)
    cumulative(.exerciseTime, \.exerciseMinutes)
    cumulative(.flightsClimbed, \.flights)
    func point(_ type: SyntheticRecordType, _ apply: (inout AutoExportBucket, [Double]) -> Void) {
      let list = records(type, around: day)
      for (i, span) in spans.enumerated() {
        let values = list.filter { span.contains($0.start) }.map { RecordUnits.canonical($0) }
        if !values.isEmpty { apply(&result[i], values) }
      }
    }
    func mean(_ v: [Double]) -> Double { v.reduce(0, +) / Double(v.count) }
    point(.heartRate) { $0.heartRate = ($1.min()!, mean($1), $1.max()!) }
    point(.restingHeartRate) { $0.restingHeartRate = mean($1) }
    point(.hrv) { $0.hrv = mean($1) }
    point(.oxygenSaturation) { $0.spo2 = mean($1) }
    point(.respiratoryRate) { $0.respiratoryRate = mean($1) }
    point(.wristTemperature) { $0.wristTemperature = mean($1) }
    point(.vo2Max) { $0.vo2Max = mean($1) }
    point(.bodyMass) { $0.weight = mean($1) }
    point(.bodyFat) { $0.bodyFat = mean($1) }
    point(.bodyMassIndex) { $0.bmi = mean($1) }
    // Walking speed from the day's brisk walks (km/h).
    if let plan = timeline.plan(day) {
      let walks = plan.bouts.filter { $0.kind == .commute || $0.kind == .walk }
      for (i, span) in spans.enumerated() {
        let inside = walks.filter { span.contains($0.span.start) }
        if !inside.isEmpty {
          result[i].walkingSpeed = mean(inside.map { $0.cadence * $0.stride * 60 / 1000 })
        }
      }
    }
    return result
  }

  /// The nights (and naps) whose sleep day is `day`.
  func nights(day: LocalDayNumber) -> [AutoExportNight] {
    var result: [AutoExportNight] = []
    for planDay in day...(day + 1) {
      guard let plan = timeline.plan(planDay) else { continue }
      for record in [plan.night, plan.nap] {
        guard let record, let first = record.segments.first, let last = record.segments.last
        else { continue }
        let end = last.span.end
        let offset = Int64(zones.offset(at: first.span.start))
        guard CivilFloor.div(end + 6 * 3600 + offset, 86_400) == day else { continue }
        var night = AutoExportNight(
          sleepDay: day, sleepStart: first.span.start, sleepEnd: end, inBedStart: nil,
          inBedEnd: nil, inBed: 0, asleep: 0, core: 0, deep: 0, rem: 0, awake: 0,
          withPhone: !record.inBed.isEmpty)
        for s in record.segments {
          let hours = Double(s.span.length) / 3600
          switch s.stage {
          case .asleepUnspecified: night.asleep += hours
          case .core: night.core += hours
          case .deep: night.deep += hours
          case .rem: night.rem += hours
          case .awake: night.awake += hours
          case .inBed: break
          }
        }
        if let a = record.inBed.first, let b = record.inBed.last {
          night.inBedStart = a.start
          night.inBedEnd = b.end
          night.inBed = Double(IntervalUnion(record.inBed).length) / 3600
        }
        result.append(night)
      }
    }
    return result
  }
}
