import HealthModel

/// Everything a Health Auto Export file of one period holds, computed once from the model:
/// data points (per day or per hour), nights, workouts, and the app bugs reproduced.
struct AutoExportData {
  let timeline: SyntheticTimeline
  let aggregator: AutoExportAggregator
  /// The period's days.
  let days: ClosedRange<LocalDayNumber>
  /// Data points in time order.
  let buckets: [AutoExportBucket]
  /// Nights (and naps) by sleep day.
  let nights: [AutoExportNight]
  /// Workouts starting in the period, with the plan of their day.
  let workouts: [(plan: DayPlan, workout: WorkoutPlan)]
  /// Days whose step count data point is written twice (JSON only).
  let duplicatedSteps: Set<LocalDayNumber>
  /// Nights whose in-bed time is absurd (JSON only).
  let absurdInBed: Set<LocalDayNumber>

  init(_ timeline: SyntheticTimeline, period: SyntheticPeriod, hourly: Bool) {
    self.timeline = timeline
    aggregator = AutoExportAggregator(timeline)
    let days = timeline.calendar.range(of: period)
    self.days = days
    var buckets: [AutoExportBucket] = []
    var nights: [AutoExportNight] = []
    var duplicated = Set<LocalDayNumber>()
    var absurd = Set<LocalDayNumber>()
    for day in days {
      buckets += aggregator.buckets(day: day, hourly: hourly)
      nights += aggregator.nights(day: day)
      var rng = SeededRandom(seed: timeline.options.seed, UInt64(bitPattern: Int64(day)), 32)
      if period == .autoExportJSON {
        if rng.chance(1.0 / 60) { duplicated.insert(day) }
        if rng.chance(1.0 / 80) { absurd.insert(day) }
      }
    }
    self.buckets = buckets
    self.nights = nights
    duplicatedSteps = duplicated
    absurdInBed = absurd
    var workouts: [(DayPlan, WorkoutPlan)] = []
    let zones = timeline.calendar.zones
    for planDay in (days.lowerBound - 1)...days.upperBound {
      guard let plan = timeline.plan(planDay) else { continue }
      for w in plan.workouts where days.contains(zones.day(of: w.span.start)) {
        workouts.append((plan, w))
      }
    }
    self.workouts = workouts
  }

  /// The watch's heart rate during a workout, per minute (per 20 minutes in the sample
  /// density): Health Auto Export's `heartRateData`.
  func heartRate(during w: WorkoutPlan, plan: DayPlan) -> [(start: Int64, values: [Double])] {
    var records: [SyntheticRecord] = []
    aggregator.factory.records(.heartRate, plan, into: &records)
    let width: Int64 = timeline.options.density == .full ? 60 : 1200
    var result: [(start: Int64, values: [Double])] = []
    for r in records where r.defect == .none && w.span.contains(r.start) {
      let slot = w.span.start + (r.start - w.span.start) / width * width
      if let last = result.last, last.start == slot {
        result[result.count - 1].values.append(r.value)
      } else {
        result.append((slot, [r.value]))
      }
    }
    return result
  }

  /// `yyyy-MM-dd HH:mm:ss ±HHMM`.
  static func date(_ epoch: Int64, _ zones: ZoneSchedule) -> String {
    var bytes: [UInt8] = []
    let out = ByteWriter(capacity: 64) { bytes.append(contentsOf: $0) }
    try? out.append(appleDate: epoch, offset: zones.offset(at: epoch))
    try? out.flush()
    return String(decoding: bytes, as: UTF8.self)
  }
}
