import HealthCore
import HealthModel

/// Deterministic synthetic *cleaned* samples (canonical units, one source per overlap), for
/// the aggregate tests and the table-stages fuzz target: about 730 rows a day, so 5 years ≈ 1.3 M rows, like
/// an Apple Watch wearer's export after clean. US Pacific time with DST offsets.
///
/// Per day: heart rate every ~5 min (≈ 290), steps (120), active energy (150), distance
/// (60), basal energy (40), exercise minutes, stand hours, SpO2, respiratory rate, HRV
/// (SDNN), resting HR, a staged night of sleep with in-bed, weight every other day, body
/// fat weekly, and a workout with energy and distance on most days.
public enum CleanedSampleSynthesizer {
  /// Calls `body` with each day's samples, oldest day first.
  public static func generate(
    days: Int, endingAt last: LocalDay, seed: UInt64, _ body: ([Sample]) throws -> Void
  ) rethrows {
    var rng = SeededRandom(seed: seed)
    var record: Int64 = 0
    var batch: [Sample] = []
    batch.reserveCapacity(1024)
    let first = last.adding(days: -(days - 1))
    for i in 0..<days {
      let day = first.adding(days: i)
      let offset = pacificOffset(day)
      let midnight = day.startEpoch(utcOffset: offset)
      batch.removeAll(keepingCapacity: true)
      func add(
        _ metric: MetricID, _ start: Int64, _ seconds: Int64, _ value: Double,
        category: String = "", hrv: HRVKind = .none
      ) {
        record += 1
        let info = metric.info
        batch.append(
          Sample(
            metric: metric, start: start, end: start + seconds, utcOffset: offset, value: value,
            unit: info?.canonicalUnit ?? "", category: category,
            source: "Synthetic\u{2019}s Apple\u{00A0}Watch", device: "model:Watch",
            sourceKind: .watch, hrvKind: hrv, origin: Origin(file: 0, record: record)))
      }
      // Heart rate every 5 minutes from 00:00 with jitter.
      var t = midnight
      while t < midnight + 86_400 - 300 {
        add(.heartRate, t, 0, (rng.uniform(55...95)).rounded())
        t += 300 + Int64(rng.uniform(-20...20))
      }
      // Cumulative: steps, active energy, distance, basal energy in short intervals.
      for (metric, count, range) in [
        (MetricID.steps, 120, 0.0...180.0), (.activeEnergy, 150, 0.1...6.0),
        (.distance, 60, 0.01...0.15), (.basalEnergy, 40, 30.0...50.0),
      ] {
        let step = 86_400 / Int64(count)
        for k in 0..<Int64(count) {
          let start = midnight + k * step + Int64(rng.uniform(0...60))
          add(metric, start, Int64(rng.uniform(60...900)), rng.uniform(range))
        }
      }
      for k in 0..<8 {
        add(.exerciseMinutes, midnight + 6 * 3600 + Int64(k) * 7200, 60, rng.uniform(0...8))
      }
      for k in 0..<12 { add(.standHours, midnight + Int64(7 + k) * 3600, 3600, 1) }
      for k in 0..<8 {
        add(.spo2, midnight + Int64(k) * 2700, 0, rng.uniform(0.93...0.99))
        add(.respiratoryRate, midnight + Int64(k) * 2700 + 60, 0, rng.uniform(12...17))
      }
      for k in 0..<5 {
        add(.hrvSDNN, midnight + Int64(k) * 4 * 3600, 60, rng.uniform(25...90), hrv: .sdnn)
      }
      add(.restingHeartRate, midnight + 12 * 3600, 0, rng.uniform(50...62).rounded())
      if i % 2 == 0 { add(.bodyMass, midnight + 7 * 3600, 0, 80 + rng.uniform(-1...1)) }
      if i % 7 == 0 { add(.bodyFat, midnight + 7 * 3600, 0, rng.uniform(0.20...0.23)) }
      // Sleep: in bed 22:30-ish the evening before, then alternating stages.
      var s = midnight - 5400 + Int64(rng.uniform(-1800...1800))
      add(.sleep, s - 600, 8 * 3600 + 1200, (8 * 3600 + 1200) / 60, category: "inBed")
      let stages: [SleepStage] = [.asleepCore, .asleepDeep, .asleepCore, .asleepREM, .awake]
      for k in 0..<17 {
        let length = Int64(rng.uniform(900...2100))
        add(.sleep, s, length, Double(length) / 60, category: stages[k % stages.count].rawValue)
        s += length
      }
      // A workout on 5 days of 7.
      if i % 7 < 5 {
        let start = midnight + 17 * 3600
        let minutes = rng.uniform(15...60).rounded()
        let kind = ["Running", "Cycling", "Walking"][i % 3]
        add(.workout, start, Int64(minutes * 60) + 120, minutes, category: kind)
        add(.workoutEnergy, start, Int64(minutes * 60) + 120, minutes * 9, category: kind)
        add(.workoutDistance, start, Int64(minutes * 60) + 120, minutes * 0.15, category: kind)
      }
      try body(batch)
    }
  }

  /// Writes `days` days ending at `last` as a cleaned samples table at `path`.
  /// Returns the number of rows.
  @discardableResult
  public static func writeTable(days: Int, endingAt last: LocalDay, seed: UInt64, to path: String)
    throws -> Int64
  {
    let writer = try TableWriter<Sample>(path: path, stage: "clean")
    try generate(days: days, endingAt: last, seed: seed) { try writer.append(contentsOf: $0) }
    try writer.commit()
    return writer.rowCount
  }

  /// US Pacific offset: −7 h between the second Sunday of March and the first Sunday of
  /// November, else −8 h (the local day decides; good enough for synthetic data).
  static func pacificOffset(_ day: LocalDay) -> Int32 {
    let (year, _, _) = day.components
    func nthSunday(_ month: Int, _ n: Int) -> LocalDay {
      let first = LocalDay(year: year, month: month, day: 1)!
      return first.adding(days: (7 - first.isoWeekday) % 7 + 7 * (n - 1))
    }
    let dstStart = nthSunday(3, 2)
    let dstEnd = nthSunday(11, 1)
    return day >= dstStart && day < dstEnd ? -7 * 3600 : -8 * 3600
  }
}
