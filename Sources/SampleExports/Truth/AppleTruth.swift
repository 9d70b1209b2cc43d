/// The Apple period's part of the truth: per local day what a correct pipeline must find,
/// computed from the generated records (distinct copies, valid values only) and plans.
struct AppleTruth {
  let timeline: SyntheticTimeline
  let factory: RecordFactory
  let selection: AppleSelection
  var zones: ZoneSchedule { timeline.calendar.zones }

  init(_ timeline: SyntheticTimeline) {
    self.timeline = timeline
    factory = RecordFactory(
      seed: timeline.options.seed, density: timeline.options.density, calendar: timeline.calendar)
    selection = AppleSelection(timeline.calendar)
  }

  /// What other parts of the truth need from the Apple part.
  struct Context {
    /// The watch's asleep minutes per sleep day (its night, naps left out).
    var watchAsleep: [LocalDayNumber: Double] = [:]
    /// The phone's in-bed minutes per sleep day.
    var phoneInBed: [LocalDayNumber: Double] = [:]
    /// The watch's naps: their sleep day, the local date of their start, asleep minutes.
    var watchNaps: [(sleepDay: LocalDayNumber, startDay: LocalDayNumber, minutes: Double)] = []
    /// The watch's resting heart rates per day.
    var watchRestingHeartRate: [LocalDayNumber: [Double]] = [:]
  }

  /// Adds every Apple measure to the ledger.
  func fill(_ ledger: inout TruthLedger) -> Context {
    var context = Context()
    let calendar = timeline.calendar
    for day in calendar.appleFirst...calendar.appleLast { dayFacts(day, &ledger) }
    var records: [SyntheticRecord] = []
    var sleepRecords: [SyntheticRecord] = []
    for type in SyntheticRecordType.allCases {
      let valid = validRecords(type, buffer: &records, &ledger)
      switch type {
      case .steps, .distance, .activeEnergy: arbitrate(type, valid, &ledger)
      case .exerciseTime:
        for r in valid { split(r) { ledger.add($0, "exerciseMinutes", "watch", r.value * $1) } }
      case .heartRate: points(valid, "heartRate", minMax: true, &ledger)
      case .restingHeartRate:
        points(valid, "restingHeartRate", measure: "watch", &ledger)
        for r in valid {
          context.watchRestingHeartRate[zones.day(of: r.start), default: []].append(r.value)
        }
      case .walkingHeartRate: points(valid, "walkingHeartRate", &ledger)
      case .oxygenSaturation: points(valid, "spo2", &ledger)
      case .respiratoryRate: points(valid, "respiratoryRate", &ledger)
      case .wristTemperature: points(valid, "wristTemperature", &ledger)
      case .hrv:
        var byDay: [Int: [Double]] = [:]
        for r in valid { byDay[zones.day(of: r.start), default: []].append(r.value) }
        for (day, list) in byDay {
          ledger.set(day, "hrvSDNN", "n", Double(list.count))
          ledger.set(
            day, "hrvLnSDNN", "mean",
            list.map { $0.logOfPositive }.reduce(0, +) / Double(list.count))
        }
      case .vo2Max, .bodyMass, .bodyFat, .bodyMassIndex:
        last(valid, type.metric, &ledger)
      case .sleepAnalysis: sleepRecords = valid
      default: break
      }
    }
    (context.watchAsleep, context.phoneInBed, context.watchNaps) = sleep(sleepRecords, &ledger)
    workouts(&ledger)
    ledger.set(Int.max, "records", "Correlation", Double(correlations()))
    ledger.set(
      Int.max, "records", "ActivitySummary", Double(calendar.appleLast - calendar.appleFirst + 1))
    return context
  }

  /// The day's length, offset, travel and period.
  private func dayFacts(_ day: LocalDayNumber, _ ledger: inout TruthLedger) {
    let hours = Double(zones.midnight(day + 1) - zones.midnight(day)) / 3600
    ledger.set(day, "day", "hours", hours)
    let noon = zones.epoch(local: Int64(day) * 86_400 + 12 * 3600)
    ledger.set(day, "day", "utc_offset_minutes", Double(zones.offset(at: noon)) / 60)
    ledger.set(day, "day", "travel", zones.zoneIndex(at: noon) == 0 ? 0 : 1)
    ledger.set(day, "day", "period", text: "apple")
  }

  /// The records of `type` written to the export: counts their copies and defects in the
  /// ledger and returns those clean uses (no defect), once each. `buffer` is reused.
  private func validRecords(
    _ type: SyntheticRecordType, buffer records: inout [SyntheticRecord],
    _ ledger: inout TruthLedger
  ) -> [SyntheticRecord] {
    var valid: [SyntheticRecord] = []
    var total = 0
    for planDay in selection.planDays {
      guard let plan = timeline.plan(planDay) else { continue }
      records.removeAll(keepingCapacity: true)
      factory.records(type, plan, into: &records)
      for r in records where selection.includes(r, planDay: planDay) {
        total += Int(r.copies)
        let day = zones.day(of: r.start)
        if r.copies > 1 {
          ledger.add(day, type.metric, "duplicates", Double(r.copies - 1))
          ledger.add(Int.max, type.metric, "duplicates", Double(r.copies - 1))
        }
        switch r.defect {
        case .outOfRange:
          ledger.add(day, type.metric, "out_of_range", 1)
          ledger.add(Int.max, type.metric, "out_of_range", 1)
        case .future:
          ledger.add(day, type.metric, "future", 1)
          ledger.add(Int.max, type.metric, "future", 1)
        case .none:
          valid.append(r)
        }
        if !type.inCatalog { ledger.add(day, type.metric, "records", Double(r.copies)) }
      }
    }
    ledger.set(Int.max, "records", type.identifier, Double(total))
    return valid
  }

  /// The blood-pressure readings written whole (both halves without a defect).
  private func correlations() -> Int {
    var correlations = 0
    for planDay in selection.planDays {
      guard let plan = timeline.plan(planDay), plan.bloodPressure != nil else { continue }
      var pair: [SyntheticRecord] = []
      factory.records(.systolic, plan, into: &pair)
      factory.records(.diastolic, plan, into: &pair)
      if pair.filter({ $0.defect == .none && selection.includes($0, planDay: planDay) }).count == 2
      {
        correlations += 1
      }
    }
    return correlations
  }

  /// Calls `body(day, fraction)` for each local day a record covers, pro rata by time, using
  /// the record's own offset.
  func split(_ r: SyntheticRecord, _ body: (Int, Double) -> Void) {
    let offset = Int64(zones.offset(at: r.start))
    let s = r.start + offset
    let e = r.end + offset
    if e <= s {
      body(CivilFloor.div(s, 86_400), 1)
      return
    }
    var day = CivilFloor.div(s, 86_400)
    while Int64(day) * 86_400 < e {
      let a = max(s, Int64(day) * 86_400)
      let b = min(e, Int64(day + 1) * 86_400)
      if b > a { body(day, Double(b - a) / Double(e - s)) }
      day += 1
    }
  }

  /// Cumulative metrics: the watch's total, the phone's, and the phone counted only where
  /// no watch sample covers it (pro rata), per local day.
  private func arbitrate(
    _ type: SyntheticRecordType, _ valid: [SyntheticRecord], _ ledger: inout TruthLedger
  ) {
    let metric = type.metric
    let watch = valid.filter { $0.source == .watch }
    let phone = valid.filter { $0.source == .phone }
    let cover = IntervalUnion(watch.map { Span(start: $0.start, end: $0.end) })
    for r in watch {
      let v = RecordUnits.canonical(r)
      split(r) { day, f in
        ledger.add(day, metric, "watch", v * f)
        ledger.add(day, metric, "expected", v * f)
      }
    }
    for r in phone {
      let v = RecordUnits.canonical(r)
      let offset = Int64(zones.offset(at: r.start))
      split(r) { day, f in
        ledger.add(day, metric, "phone", v * f)
        let a = max(r.start, Int64(day) * 86_400 - offset)
        let b = min(r.end, Int64(day + 1) * 86_400 - offset)
        let piece = Span(start: a, end: b)
        let open = piece.length - cover.covered(piece)
        let length = max(1, r.end - r.start)
        ledger.add(day, metric, "expected", v * Double(open) / Double(length))
      }
    }
  }

  /// Point metrics: n and mean per local day of start (min and max for heart rate).
  private func points(
    _ valid: [SyntheticRecord], _ metric: String, measure: String = "mean", minMax: Bool = false,
    _ ledger: inout TruthLedger
  ) {
    var byDay: [Int: [Double]] = [:]
    for r in valid { byDay[zones.day(of: r.start), default: []].append(RecordUnits.canonical(r)) }
    for (day, list) in byDay {
      if minMax { ledger.set(day, metric, "n", Double(list.count)) }
      ledger.set(day, metric, measure, list.reduce(0, +) / Double(list.count))
      if minMax {
        ledger.set(day, metric, "min", list.min()!)
        ledger.set(day, metric, "max", list.max()!)
      }
    }
  }

  /// Body metrics and VO2 max: the day's last reading by start time.
  private func last(_ valid: [SyntheticRecord], _ metric: String, _ ledger: inout TruthLedger) {
    var byDay: [Int: SyntheticRecord] = [:]
    for r in valid {
      let day = zones.day(of: r.start)
      if let old = byDay[day], old.start > r.start { continue }
      byDay[day] = r
    }
    for (day, r) in byDay { ledger.set(day, metric, "last", RecordUnits.canonical(r)) }
  }

  /// Per sleep day (the local date of a segment's end + 6 h): the watch's night (asleep
  /// minutes as a union, its stages, bedtime), the phone's in-bed minutes; and the watch's
  /// naps (the model's afternoon naps start 14:00-15:30), which the sleep rule keeps apart
  /// from the night: they go to `TruthWriter`, which knows whether anyone recorded the night.
  private func sleep(_ valid: [SyntheticRecord], _ ledger: inout TruthLedger) -> (
    watch: [LocalDayNumber: Double], inBed: [LocalDayNumber: Double],
    naps: [(sleepDay: LocalDayNumber, startDay: LocalDayNumber, minutes: Double)]
  ) {
    var asleep: [Int: [Span]] = [:]
    var inBed: [Int: [Span]] = [:]
    var bedtime: [Int: Int64] = [:]
    var naps:
      [LocalDayNumber: (sleepDay: LocalDayNumber, startDay: LocalDayNumber, minutes: Double)] =
        [:]
    for r in valid {
      let offset = Int64(zones.offset(at: r.start))
      let sleepDay = CivilFloor.div(r.end + 6 * 3600 + offset, 86_400)
      let stage = SleepStageKind(rawValue: r.category)!
      let minutes = Double(r.end - r.start) / 60
      if r.source == .phone {
        inBed[sleepDay, default: []].append(Span(start: r.start, end: r.end))
        continue
      }
      let localStart = r.start + offset
      let hour = (localStart - Int64(CivilFloor.div(localStart, 86_400)) * 86_400) / 3600
      if stage.isAsleep && hour >= 11 && hour < 19 {
        // A nap's segments are contiguous: one nap per plan day, keyed by its local date.
        let startDay = zones.day(of: r.start)
        let old = naps[startDay]
        naps[startDay] = (
          max(old?.sleepDay ?? sleepDay, sleepDay), startDay, (old?.minutes ?? 0) + minutes
        )
        continue
      }
      let name: String
      switch stage {
      case .core: name = "core"
      case .deep: name = "deep"
      case .rem: name = "rem"
      case .awake: name = "awake"
      case .asleepUnspecified: name = "unspecified"
      case .inBed: name = "in_bed_watch"
      }
      ledger.add(sleepDay, "sleep", name, minutes)
      guard stage.isAsleep else { continue }
      asleep[sleepDay, default: []].append(Span(start: r.start, end: r.end))
      let fromSix = localStart - (Int64(sleepDay) * 86_400 - 6 * 3600)
      bedtime[sleepDay] = min(bedtime[sleepDay] ?? Int64.max, fromSix)
    }
    var watch: [LocalDayNumber: Double] = [:]
    for (day, spans) in asleep {
      let minutes = Double(IntervalUnion(spans).length) / 60
      ledger.set(day, "sleep", "asleep_watch", minutes)
      ledger.set(day, "sleep", "asleep_expected", minutes)
      watch[day] = minutes
    }
    var phone: [LocalDayNumber: Double] = [:]
    for (day, spans) in inBed {
      phone[day] = Double(IntervalUnion(spans).length) / 60
      ledger.set(day, "sleep", "in_bed_phone", phone[day]!)
    }
    for (day, seconds) in bedtime {
      ledger.set(day, "sleep", "bedtime_minutes_from_18h", Double(seconds) / 60)
    }
    return (watch, phone, naps.values.sorted { $0.startDay < $1.startDay })
  }

  /// Workouts per local day of their start: count, minutes (duration without pauses),
  /// energy and distance as written.
  private func workouts(_ ledger: inout TruthLedger) {
    var count = 0
    for planDay in selection.planDays {
      guard let plan = timeline.plan(planDay) else { continue }
      for w in plan.workouts where selection.includes(w) {
        let day = zones.day(of: w.span.start)
        count += 1
        ledger.add(day, "workouts", "count", 1)
        ledger.add(day, "workouts", "minutes", RecordFactory.durationMinutes(w))
        ledger.add(day, "workouts", "energy_kcal", RecordFactory.round(w.activeKcal, 3))
        if w.kind.hasDistance {
          ledger.add(
            day, "workouts", "distance_km",
            RecordFactory.round(w.distanceMetres / 1609.344, 5) * 1.609_344)
        }
      }
    }
    ledger.set(Int.max, "records", "Workout", Double(count))
  }
}
