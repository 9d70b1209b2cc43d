import HealthCore
import HealthModel

/// A deterministic, realistic ingest samples table for testing the clean stage at scale
/// (`PartitionedCleanTests`): about five years of one person's data from an Apple export
/// (input 0) and a Health Auto Export file (input 1).
///
/// Mix by sample count: 40 % heart rate (watch), 30 % steps from the watch and the phone
/// overlapping (the phone's intervals partly or entirely under the watch's, or alone), 12 %
/// active energy (watch and phone), 5 % distance (phone, in miles for part of it), 4 % HRV,
/// 3 % SpO2 (Apple fractions and Health Auto Export 0-100), 3 % respiratory rate, 2 % sleep
/// (watch stages with the phone's in-bed around them), 1 % the rest (weight in lb, body fat,
/// a metric outside the catalog). About 0.2 % are exact duplicates and 0.1 % out of range,
/// and a few start after the export date. Metrics are written one after another, in time
/// order within each, as an Apple export lists them.
public enum SyntheticSamplesTable {
  /// Writes `count` samples (exactly) to `path`; the same count and seed give the same
  /// bytes.
  public static func write(to path: String, count: Int, seed: UInt64 = 1) throws {
    let start: Int64 = 1_577_836_800  // 2020-01-01T00:00:00Z
    let span: Int64 = 5 * 365 * 86_400
    let exportDate = start + span
    let inputs = [
      InputDescriptor(
        index: 0, path: "export.xml", format: "apple-xml", size: 0, crc32: "00000000",
        exportDate: exportDate),
      InputDescriptor(
        index: 1, path: "HealthAutoExport.json", format: "hae-json", size: 0, crc32: "00000000"),
    ]
    let writer = try TableWriter<Sample>(
      path: path, stage: "ingest", inputs: inputs)
    var generator = Generator(
      writer: writer, rng: SeededRandom(seed: seed), start: start, span: span,
      exportDate: exportDate)
    let shares: [(Stream, Double)] = [
      (.heartRate, 0.40), (.steps, 0.30), (.activeEnergy, 0.12), (.distance, 0.05),
      (.hrv, 0.04), (.spo2, 0.03), (.respiratoryRate, 0.03), (.sleep, 0.02),
    ]
    var remaining = count
    for (stream, share) in shares {
      let n = min(remaining, Int((Double(count) * share).rounded()))
      try generator.emit(stream, count: n)
      remaining -= n
    }
    try generator.emit(.other, count: remaining)
    try writer.commit()
  }

  enum Stream {
    case heartRate, steps, activeEnergy, distance, hrv, spo2, respiratoryRate, sleep, other
  }

  struct Generator {
    let writer: TableWriter<Sample>
    var rng: SeededRandom
    let start: Int64
    let span: Int64
    let exportDate: Int64
    var records: [Int64] = [0, 0]

    static let watch = Devices.watch
    static let phone = Devices.phone
    static let watchDevice = Devices.watchDevice
    static let phoneDevice = Devices.phoneDevice

    mutating func emit(_ stream: Stream, count: Int) throws {
      guard count > 0 else { return }
      let perStep: Int64 =
        switch stream {
        case .steps: 2
        case .sleep: 3
        default: 1
        }
      let step = max(1, span * perStep / Int64(count))
      var i = 0
      var t = start
      while i < count {
        let left = count - i
        i += try emitOne(stream, at: t, step: step, left: left)
        t += step
      }
    }

    /// Writes one to `left` samples around `t`; returns how many.
    private mutating func emitOne(_ stream: Stream, at t: Int64, step: Int64, left: Int) throws
      -> Int
    {
      let jitter = Int64(rng.next() % UInt64(max(1, step / 4)))
      let at = t + jitter
      switch stream {
      case .heartRate:
        var value = 55 + rng.unit() * 90
        if rng.next() % 1_000 == 0 { value = 312 }  // out of range
        try add(.heartRate, at, at, value, "count/min", watch: true)
        if rng.next() % 500 == 0 && left > 1 {
          try add(.heartRate, at, at, value, "count/min", watch: true)  // exact duplicate
          return 2
        }
        return 1
      case .steps:
        // Phone 10 minutes; the watch either covers it partly, entirely, or is absent.
        let phoneEnd = at + 600
        let mode = rng.next() % 4
        try add(.steps, at, phoneEnd, 200 + rng.unit() * 800, "count", watch: false)
        guard left > 1 else { return 1 }
        switch mode {
        case 0: try add(.steps, at + 300, at + 900, 100 + rng.unit() * 600, "count", watch: true)
        case 1:
          try add(.steps, at - 60, phoneEnd + 60, 300 + rng.unit() * 900, "count", watch: true)
        case 2: try add(.steps, at + 120, at + 300, 50 + rng.unit() * 200, "count", watch: true)
        default:
          try add(
            .steps, phoneEnd + 600, phoneEnd + 900, 30 + rng.unit() * 300, "count", watch: true)
        }
        return 2
      case .activeEnergy:
        let watch = rng.next() % 3 != 0
        try add(.activeEnergy, at, at + 60, rng.unit() * 8, watch ? "kcal" : "kJ", watch: watch)
        return 1
      case .distance:
        let miles = rng.next() % 5 == 0
        let km = rng.unit() * 0.8
        try add(
          .distance, at, at + 600, miles ? km / 1.609_344 : km, miles ? "mi" : "km", watch: false)
        return 1
      case .hrv:
        try add(.hrvSDNN, at, at + 60, 20 + rng.unit() * 80, "ms", watch: true)
        return 1
      case .spo2:
        if rng.next() % 2 == 0 {
          try add(.spo2, at, at, 0.93 + rng.unit() * 0.07, "%", watch: true)
        } else {
          try add(.spo2, at, at, 93 + rng.unit() * 7, "%", watch: false, file: 1)
        }
        return 1
      case .respiratoryRate:
        try add(.respiratoryRate, at, at, 12 + rng.unit() * 6, "count/min", watch: true)
        return 1
      case .sleep:
        // The phone's in-bed around two watch stages.
        let bed = at
        try add(.sleep, bed, bed + 28_800, 480, "min", watch: false, category: "inBed")
        guard left > 2 else { return 1 }
        try add(.sleep, bed + 900, bed + 12_600, 195, "min", watch: true, category: "asleepCore")
        try add(.sleep, bed + 12_600, bed + 16_200, 60, "min", watch: true, category: "asleepDeep")
        return 3
      case .other:
        switch rng.next() % 3 {
        case 0: try add(.bodyMass, at, at, 150 + rng.unit() * 10, "lb", watch: false)
        case 1: try add(.bodyFat, at, at, 0.18 + rng.unit() * 0.05, "%", watch: false)
        default:
          try add(
            "HKQuantityTypeIdentifierDietaryZinc", at, at, rng.unit() * 10, "mg", watch: false)
        }
        if rng.next() % 50 == 0 && left > 1 {
          try add(
            .heartRate, exportDate + 86_400, exportDate + 86_400, 60, "count/min", watch: true)
          return 2
        }
        return 1
      }
    }

    private mutating func add(
      _ metric: MetricID, _ start: Int64, _ end: Int64, _ value: Double, _ unit: String,
      watch: Bool, file: Int32 = 0, category: String = ""
    ) throws {
      records[Int(file)] += 1
      try writer.append(
        Sample(
          metric: metric, start: start, end: end, utcOffset: 3_600, value: value, unit: unit,
          category: category,
          source: file == 1 ? "Health Auto Export" : (watch ? Self.watch : Self.phone),
          device: file == 1 ? "" : (watch ? Self.watchDevice : Self.phoneDevice),
          sourceKind: watch ? .watch : .phone, hrvKind: metric == .hrvSDNN ? .sdnn : .none,
          origin: Origin(file: file, record: records[Int(file)])))
    }
  }
}
