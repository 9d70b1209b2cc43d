import HealthModel

/// Turns a day's plan into Apple records, one type at a time. Each (day, type) has its own
/// random stream, so the records of a type can be regenerated alone and come out the same.
/// Types derived from the same movement (steps, distance, phone energy) share the stream
/// that cuts the movement into samples.
struct RecordFactory: Sendable {
  let seed: UInt64
  let density: SyntheticDensity
  let calendar: SyntheticCalendar
  /// Which devices write what (`AppleShape`); the default shape unless the Apple writer
  /// passes another.
  var shape = AppleShape()

  /// Appends the records of `type` that the plan's day produced (before any period or
  /// export-date filtering), defects included.
  func records(_ type: SyntheticRecordType, _ plan: DayPlan, into out: inout [SyntheticRecord]) {
    let before = out.count
    var rng = stream(plan, 1000 + UInt64(type.rawValue))
    switch type {
    case .height, .sleepGoal: firstDayRecords(type, plan, &rng, &out)
    case .bodyMass, .bodyMassIndex, .bodyFat, .leanBodyMass: body(type, plan, &rng, &out)
    case .heartRate: heartRate(plan, &rng, &out)
    case .steps, .distance: movement(type, plan, into: &out)
    case .cyclingDistance: cycling(plan, &rng, &out)
    case .basalEnergy: basalEnergy(plan, &rng, &out)
    case .activeEnergy: activeEnergy(plan, &rng, &out)
    case .flightsClimbed: flights(plan, &rng, &out)
    case .exerciseTime: exercise(plan, &rng, &out)
    case .restingHeartRate: restingHeartRate(plan, &rng, &out)
    case .walkingHeartRate: walkingHeartRate(plan, &rng, &out)
    case .environmentalAudio: audio(plan, &rng, &out)
    case .vo2Max: vo2(plan, &rng, &out)
    case .hrv: hrv(plan, &rng, &out)
    case .oxygenSaturation, .respiratoryRate, .wristTemperature: night(type, plan, &rng, &out)
    case .systolic, .diastolic: bloodPressure(type, plan, &rng, &out)
    case .sleepAnalysis: sleep(plan, &rng, &out)
    case .standHour: standHours(plan, &rng, &out)
    case .mindfulSession: mindful(plan, &rng, &out)
    }
    sortByStart(&out, from: before)
    applyDefects(type, plan, from: before, &out)
  }

  /// A stream for (day, label).
  func stream(_ plan: DayPlan, _ label: UInt64) -> SeededRandom {
    SeededRandom(seed: seed, UInt64(bitPattern: Int64(plan.day)), label)
  }

  /// A record with the usual sync delay before its creation date.
  @inline(__always)
  func record(
    _ type: SyntheticRecordType, _ source: DeviceSource, _ start: Int64, _ end: Int64,
    _ value: Double,
    _ rng: inout SeededRandom, delay: ClosedRange<Int> = 20...600
  ) -> SyntheticRecord {
    let created = min(end + Int64(rng.int(delay)), max(end, calendar.exportEpoch - 1))
    return SyntheticRecord(
      type: type, source: source, start: start, end: end, created: created,
      value: Self.round(value, type.decimals), noise: rng.next())
  }

  /// Rounds to `decimals` places (half away from zero), the precision the file holds.
  @inline(__always)
  static func round(_ value: Double, _ decimals: Int) -> Double {
    switch decimals {
    case 0: return value.rounded()
    case 1: return (value * 10).rounded() / 10
    case 2: return (value * 100).rounded() / 100
    case 3: return (value * 1000).rounded() / 1000
    case 4: return (value * 10_000).rounded() / 10_000
    case 5: return (value * 100_000).rounded() / 100_000
    default: return (value * 1_000_000).rounded() / 1_000_000
    }
  }

  /// Hour buckets (sample density): merges records of one source that start in the same
  /// local `hours`-hour bucket into one record spanning them, with the summed value
  /// (`hours` 0: everything from `start` on, per source).
  func bucketByHour(_ out: inout [SyntheticRecord], from start: Int, hours: Int64 = 1) {
    guard density == .sample, out.count - start > 1 else { return }
    var merged: [SyntheticRecord] = []
    let width = hours == 0 ? Int64(1) << 40 : 3600 * hours
    let zones = calendar.zones
    for r in out[start...] {
      if let last = merged.last, last.source == r.source,
        CivilFloor.div(zones.local(last.start), width)
          == CivilFloor.div(zones.local(r.start), width)
      {
        merged[merged.count - 1].end = max(last.end, r.end)
        merged[merged.count - 1].created = max(last.created, r.created)
        merged[merged.count - 1].value = Self.round(last.value + r.value, r.type.decimals)
      } else {
        merged.append(r)
      }
    }
    out.removeSubrange(start...)
    out.append(contentsOf: merged)
  }
}
