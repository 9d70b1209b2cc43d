import Foundation
import HealthModel
import TestSupport
import Testing

@testable import Aggregate

/// Real Health Auto Export data from `../shared/data/real` (read in place; skipped when the
/// folder is absent). Expected counts come from `SOURCES.md` (an independent count).
@Suite("Real export fixtures")
struct RealExportTests {
  static let realData: URL? = RealData.isPresent ? RealData.folder : nil

  static let json = realData?.appendingPathComponent(
    "hae-json/HealthAutoExport-2023-06-17-2025-04-26.json")

  /// The points of one metric as (date text, qty).
  func points(_ name: String) throws -> [(String, Double)] {
    let data = try Data(contentsOf: Self.json!)
    let root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    let metrics = (root["data"] as! [String: Any])["metrics"] as! [[String: Any]]
    let metric = metrics.first { $0["name"] as? String == name }!
    return (metric["data"] as! [[String: Any]]).map {
      ($0["date"] as! String, ($0["qty"] as! NSNumber).doubleValue)
    }
  }

  @Test(
    "677 daily HRV points across US DST offsets give 677 days, 26.57-94.55 ms",
    .enabled(if: json != nil, "../shared/data/real is not present"))
  func hrvDays() throws {
    let samples = try points("heart_rate_variability").enumerated().map { i, p in
      let t = TimestampParser.parse(p.0)!
      return Sample(
        metric: .hrvSDNN, start: t.epochSeconds!, end: t.epochSeconds!, utcOffset: t.utcOffset!,
        value: p.1, unit: "ms", source: "Health Auto Export", hrvKind: .sdnn,
        origin: Origin(file: 0, record: Int64(i + 1)))
    }
    // Dates are local midnights at -0400 in summer and -0500 in winter: each is its own day.
    #expect(Set(samples.map(\.utcOffset)).sorted() == [Int32(-5 * 3600), Int32(-4 * 3600)])
    let a = DailyAggregator(asOf: LocalDay(iso: "2025-04-26")!)
    a.add(contentsOf: samples)
    let data = a.finish()
    let sdnn = data.values.filter { $0.metric == .hrvSDNN }
    #expect(sdnn.count == 677)
    #expect(data.values.filter { $0.metric == .hrvLnSDNN }.count == 677)
    #expect(sdnn.first?.day == LocalDay(iso: "2023-06-17"))
    #expect(abs(sdnn.map(\.value).min()! - 26.57) < 0.005)
    #expect(abs(sdnn.map(\.value).max()! - 94.55) < 0.005)
    // The full stage runs on it: with 60 days of HRV before the last day, base60 is valid.
    let result = AggregateComputation.compute(
      data: data, asOf: LocalDay(iso: "2025-04-26")!, settings: AggregateSettings())
    let last = result.baselines.last { $0.metric == .hrvLnSDNN }
    #expect(last?.day == LocalDay(iso: "2025-04-26"))
    #expect((last?.base60Days ?? 0) >= 21)
  }
}
