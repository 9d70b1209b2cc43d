import Foundation
import HealthCore
import Testing

@testable import Aggregate

/// Writes the 5-year cleaned samples table used to measure `healthpipe aggregate` in release
/// (see docs/aggregate.md, "Performance"). Runs only when HEALTHPIPE_AGGREGATE_BENCH_INPUT
/// names the file to write; it measures nothing itself.
@Suite("Benchmark fixture")
struct BenchmarkFixtureTests {
  static let path = ProcessInfo.processInfo.environment["HEALTHPIPE_AGGREGATE_BENCH_INPUT"]

  @Test(
    "write 5 years of synthetic cleaned samples",
    .enabled(if: path != nil, "set HEALTHPIPE_AGGREGATE_BENCH_INPUT to write the fixture"))
  func writeFiveYears() throws {
    let rows = try CleanedSampleSynthesizer.writeTable(
      days: 1826, endingAt: LocalDay(iso: "2024-12-31")!, seed: 2024, to: Self.path!)
    // About 730 rows a day (see CleanedSampleSynthesizer): 1.2-1.45 million in all.
    #expect((1_200_000...1_450_000).contains(rows))
  }
}
