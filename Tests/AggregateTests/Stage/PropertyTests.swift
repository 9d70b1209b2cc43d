import HealthCore
import HealthModel
import HealthSystem
import TestSupport
import Testing

@testable import Aggregate

@Suite("Properties")
struct PropertyTests {
  @Test(
    "cumulative totals: the daily values add up to the cleaned samples' totals",
    arguments: [1, 2, 3, 4, 5] as [UInt64])
  func totalsKept(seed: UInt64) {
    var rng = SeededRandom(seed: seed)
    let metrics: [MetricID] = [.steps, .activeEnergy, .distance, .exerciseMinutes, "protein"]
    let offsets: [Int32] = [-8 * 3600, -5 * 3600, 0, 19_800, 9 * 3600, 45_900]
    let base: Int64 = 1_704_067_200  // 2024-01-01T00:00Z
    var samples: [Sample] = []
    var expected: [MetricID: Double] = [:]
    for i in 0..<3000 {
      let metric = metrics[Int.random(in: 0..<metrics.count, using: &rng)]
      let start = base + Int64.random(in: 0..<(60 * 86_400), using: &rng)
      // Mostly short intervals, some instants, some longer than a day.
      let length: Int64 =
        switch i % 10 {
        case 0: 0
        case 1: Int64.random(in: 3600...(40 * 3600), using: &rng)
        default: Int64.random(in: 1...7200, using: &rng)
        }
      let value = Double.random(in: 0...5000, using: &rng)
      samples.append(
        Sample(
          metric: metric, start: start, end: start + length,
          utcOffset: offsets[Int.random(in: 0..<offsets.count, using: &rng)], value: value,
          unit: metric.info?.canonicalUnit ?? "g", source: "W",
          origin: Origin(file: 0, record: Int64(i))))
      expected[metric, default: 0] += value
    }
    let a = DailyAggregator(asOf: LocalDay(iso: "2030-01-01")!)
    a.add(contentsOf: samples)
    let data = a.finish()
    for metric in metrics {
      let total = data.values.filter { $0.metric == metric }.reduce(0.0) { $0 + $1.value }
      #expect(close(total, expected[metric]!, 1e-9), "\(metric)")
      #expect(data.counts[metric]?.read == data.counts[metric]?.used)
    }
  }

  @Test("reruns give byte-identical tables and CSVs")
  func byteIdentical() throws {
    let dir = TemporaryDirectory()
    let input = dir.file("clean.hpt")
    try CleanedSampleSynthesizer.writeTable(
      days: 100, endingAt: LocalDay(iso: "2024-11-10")!, seed: 7, to: input)
    var bytes: [[[UInt8]]] = []
    for run in ["a", "b"] {
      let out = dir.file(run)
      try AggregateStage.run(
        AggregateOptions(
          input: input, outputDirectory: out, asOf: .day(LocalDay(iso: "2024-11-10")!)),
        progress: .silent)
      bytes.append(try AggregateFolder.all.map { try FileReader.readAll(out + "/" + $0) })
    }
    for (i, name) in AggregateFolder.all.enumerated() {
      #expect(bytes[0][i] == bytes[1][i], "\(name)")
      // The synthetic samples hold only metrics healthpipe knows and no habit entries:
      // daily-other.csv and habits.csv are their header lines (and their sidecars fixed
      // text).
      let headerOnly = name == AggregateFolder.otherCSV || name == AggregateFolder.habitsCSV
      #expect(bytes[0][i].count > (headerOnly ? 40 : 100), "\(name)")
    }
  }
}
