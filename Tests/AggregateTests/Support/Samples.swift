import Foundation
import HealthCore
import HealthModel

@testable import Aggregate

/// Builds cleaned samples from readable local times such as `2024-03-10 23:30:00 -0700`.
enum S {
  /// Epoch seconds and offset of an Apple-style timestamp with offset.
  static func at(_ text: String) -> (epoch: Int64, offset: Int32) {
    let t = TimestampParser.parse(text)!
    return (t.epochSeconds!, t.utcOffset!)
  }

  /// The day `yyyy-MM-dd`.
  static func day(_ text: String) -> LocalDay { LocalDay(iso: text)! }

  /// A process-wide counter for distinct origins (tests run in parallel).
  static let records = Counter()

  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int64 = 0
    func next() -> Int64 {
      lock.lock()
      defer { lock.unlock() }
      value += 1
      return value
    }
  }

  /// A sample starting at `start` (with its offset) and lasting `minutes`.
  static func sample(
    _ metric: MetricID, _ start: String, minutes: Double = 0, value: Double,
    category: String = "", source: String = "Watch", unit: String? = nil,
    min: Double? = nil, max: Double? = nil, hrv: HRVKind = .none
  ) -> Sample {
    let (epoch, offset) = at(start)
    let record = records.next()
    return Sample(
      metric: metric, start: epoch, end: epoch + Int64(minutes * 60), utcOffset: offset,
      value: value, minimum: min, maximum: max,
      unit: unit ?? metric.info?.canonicalUnit ?? "", category: category, source: source,
      sourceKind: .watch, hrvKind: hrv, origin: Origin(file: 0, record: record))
  }

  /// A sleep row of `stage` over [start, start + minutes) whose value is its length.
  static func sleep(
    _ stage: SleepStage, _ start: String, minutes: Double, value: Double? = nil,
    source: String = "Watch"
  ) -> Sample {
    sample(
      .sleep, start, minutes: minutes, value: value ?? minutes, category: stage.rawValue,
      source: source)
  }

  /// The daily rows of some samples, as of a date far ahead.
  static func daily(_ samples: [Sample]) -> [DailyValue] {
    let a = DailyAggregator(asOf: day("2030-01-01"))
    a.add(contentsOf: samples)
    return a.finish().values
  }

  /// The daily row of a metric (and split) on a day.
  static func value(
    _ rows: [DailyValue], _ metric: MetricID, _ day: String, _ category: String = ""
  ) -> DailyValue? {
    rows.first { $0.metric == metric && $0.day == S.day(day) && $0.category == category }
  }

  /// Days that have a row of a metric.
  static func days(_ rows: [DailyValue], _ metric: MetricID, _ category: String = "") -> [String] {
    rows.filter { $0.metric == metric && $0.category == category }.map(\.day.description)
  }
}

/// Whether two numbers agree to `tolerance` (relative for large values).
func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
  guard let a else { return false }
  return abs(a - b) <= tolerance * max(1, abs(b))
}
