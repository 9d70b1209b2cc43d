import HealthModel

/// One cumulative step count of a `monitoring` message.
struct GarminStepReading {
  var epoch: Int64
  var activityType: UInt64
  var count: UInt64
  var record: Int64
  var utcOffset: Int32
  /// The device's entry in `GarminMonitoringSteps`' table.
  var device: Int32
}

/// Monitoring files count steps per activity type (walking, running) cumulatively from
/// local midnight: each `monitoring` message carries the day's total so far. This turns the
/// readings of a whole input into steps per interval (docs/ingest-garmin.md, "Steps"):
///
/// - readings are sorted by activity type and time (an export's files come in any order);
///   repeated readings of one instant count once (the larger; the others are counted as
///   `monitoring.repeatedReadings`);
/// - the first reading of a local day counts from local midnight: `[midnight, t)` with the
///   count; a reading at exactly local midnight is the day before's last;
/// - each next reading of the same day: `[previous t, t)` with the difference, in the
///   previous reading's offset (the start's: a DST change may fall between the two); a
///   count lower than the previous one (the counter restarted) counts itself over that
///   interval;
/// - intervals with no step are not samples (counted as `monitoring.zeroStepIntervals`).
///
/// Worked example: walking readings 00:10 = 120, 00:20 = 300, 00:20 = 300 (again), 00:30 =
/// 300, next day 00:05 = 40 → `[00:00, 00:10) 120`, `[00:10, 00:20) 180`, one repeated
/// reading, one zero interval, `[00:00, 00:05) 40` on the next day.
struct GarminMonitoringSteps {
  private var readings: [GarminStepReading] = []
  /// The devices of the readings: source name, description, kind.
  private var devices: [(source: String, device: String, kind: SourceKind)] = []
  /// Local days with at least one step reading (a Garmin export's daily totals for those
  /// days are then not kept: they count the same steps).
  private(set) var days: Set<LocalDay> = []

  /// The table entry of a device (added the first time).
  mutating func deviceIndex(source: String, device: String, kind: SourceKind) -> Int32 {
    if let i = devices.firstIndex(where: {
      $0.source == source && $0.device == device && $0.kind == kind
    }) {
      return Int32(i)
    }
    devices.append((source, device, kind))
    return Int32(devices.count - 1)
  }

  mutating func add(_ reading: GarminStepReading) {
    readings.append(reading)
    days.insert(Self.day(of: reading))
  }

  /// The local day a reading counts for: a reading at exactly local midnight closes the day
  /// before (devices write the day's last totals then; GarminDB reads them the same way,
  /// `monitoring_fit_file_processor.py`: "daily monitoring summaries appear at 00:00:00
  /// localtime for the PREVIOUS day").
  static func day(of r: GarminStepReading) -> LocalDay {
    let local = r.epoch + Int64(r.utcOffset)
    let atMidnight = CivilDate.floorDiv(local, 86_400) * 86_400 == local
    return LocalDay(epochSeconds: r.epoch - (atMidnight ? 1 : 0), utcOffset: r.utcOffset)
  }

  /// Emits the step samples (type `monitoring.steps`) and forgets the readings.
  mutating func emit(into sink: IngestSink) throws {
    guard !readings.isEmpty else { return }
    readings.sort { ($0.activityType, $0.epoch, $0.count) < ($1.activityType, $1.epoch, $1.count) }
    let counter = sink.counter(for: "monitoring.steps")
    var previous: GarminStepReading?
    for (i, r) in readings.enumerated() {
      if i + 1 < readings.count, readings[i + 1].activityType == r.activityType,
        readings[i + 1].epoch == r.epoch
      {
        // The same instant twice (a file read twice, overlapping files): the larger count,
        // which sorts last, stands for both.
        sink.extra["monitoring.repeatedReadings", default: 0] += 1
        continue
      }
      let day = Self.day(of: r)
      var start = day.startEpoch(utcOffset: r.utcOffset)
      // The offset at the interval's start (a DST change may fall inside it).
      var offset = r.utcOffset
      var steps = r.count
      if let p = previous, p.activityType == r.activityType, Self.day(of: p) == day {
        start = p.epoch
        offset = p.utcOffset
        if r.count >= p.count {
          steps = r.count - p.count
        } else {
          sink.extra["monitoring.stepCounterRestarts", default: 0] += 1
        }
      }
      previous = r
      guard steps > 0, r.epoch > start else {
        sink.extra["monitoring.zeroStepIntervals", default: 0] += 1
        continue
      }
      sink.read(counter)
      let d = devices[Int(r.device)]
      try sink.keep(
        Sample(
          metric: .steps, start: start, end: r.epoch, utcOffset: offset,
          value: Double(steps), unit: "count", source: d.source, device: d.device,
          sourceKind: d.kind, origin: sink.origin(r.record)),
        counter: counter)
    }
    readings.removeAll()
  }
}
