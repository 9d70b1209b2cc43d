import Dispatch
import Foundation
import HealthCore
import HealthModel
import HealthSystem
import TestSupport
import Testing

@testable import Clean

extension PartitionedCleanTests {
  /// Many metrics of very different sizes, so that largest-first scheduling on two threads
  /// finishes them far from table order: raw metrics whose sizes grow against their name
  /// order, overlapping phone and watch steps (pieces and overlaps), heart rate with
  /// out-of-range rejects and duplicates in every raw metric, rows shuffled.
  static func manySizes() -> [Sample] {
    typealias F = Fixtures
    var list = SampleList()
    for m in 0..<24 {
      // `raw00` is the smallest metric in table order's first place, `raw23` the largest.
      let name = MetricID(String(format: "raw%02d", m))
      let count = 20 + (m * 37) % 23 * 40 + m * 15
      for i in 0..<count {
        list.add(name, start: F.ten + Int64(i * 60), Double(i % 7), "count", source: F.phone)
        if i % 11 == 0 {  // an exact duplicate: the later record goes
          list.add(name, start: F.ten + Int64(i * 60), Double(i % 7), "count", source: F.phone)
        }
      }
    }
    for i in 0..<1_500 {
      let start = F.ten + Int64(i * 300)
      list.add(.steps, start: start, end: start + 600, 100, "count", source: F.phone)
      if i % 3 == 0 { list.add(.steps, start: start + 120, end: start + 240, 20, "count") }
      list.add(.heartRate, start: start, i % 50 == 0 ? 300 : 60 + Double(i % 40), "count/min")
    }
    return list.samples
  }

  @Test("many metrics of different sizes, resolved two at a time: identical tables")
  func manyMetricsTwoAtATime() throws {
    let dir = TemporaryDirectory()
    var samples = Self.manySizes()
    var rng = SeededRandom(seed: 28)
    for i in stride(from: samples.count - 1, to: 0, by: -1) {
      samples.swapAt(i, Int(rng.next() % UInt64(i + 1)))
    }
    let input = dir.file("many.hpt")
    try TableFile.write(samples, to: input, stage: "ingest", inputs: [Fixtures.appleInput])
    try expectSameAsReference(input, dir, "many")
    // Independently of the reference: the cleaned table lists the metrics in UTF-8 order
    // (heartRate, raw00 ... raw23, steps), each once, in one run.
    let cleaned = try TableFile.read(Sample.self, from: dir.file("many-stage.hpt")).rows
    var runs: [String] = []
    for sample in cleaned where runs.last != sample.metric.rawValue {
      runs.append(sample.metric.rawValue)
    }
    let raws = (0..<24).map { String(format: "raw%02d", $0) }
    #expect(runs == ["heartRate"] + raws + ["steps"])
    // raw05 holds 20 + (185 % 23 = 1) * 40 + 75 = 135 rows, plus a duplicate of every 11th
    // (rows 0, 11, ..., 132: 13 of them): 135 kept.
    #expect(cleaned.filter { $0.metric == "raw05" }.count == 135)
  }
}

@Suite("Resolving metric groups on two threads")
struct ResolveGroupTests {
  /// A result that carries its group's first metric as the only count key.
  static func tagged(_ group: [UInt32]) -> ResolvedGroup {
    var counts = CleanCounts()
    counts.read = Int64(group[0])
    return ResolvedGroup(
      part: CleanSummary.Part(
        countsByMetric: [MetricID("m\(group[0])"): counts], tally: RowTally(), nightWindows: []))
  }

  @Test("results come back in the order of the groups, whichever thread finishes first")
  func orderKept() throws {
    let dir = TemporaryDirectory()
    let partitions = MetricPartitions(spill: try SpillFile(beside: dir.file("out.hpt")))
    let groups: [[UInt32]] = (0..<12).map { [UInt32($0)] }
    for workers in [1, 2, 3] {
      let results = try ResolveGroup.resolveAll(
        groups, workers: workers, partitions: partitions
      ) { group in
        // The early groups take longest, so the other thread finishes the later ones first.
        if group[0] < 3 { usleep(useconds_t(20_000 * (3 - group[0]))) }
        return Self.tagged(group)
      }
      let firsts = results.map { $0.part.countsByMetric.values.first!.read }
      #expect(firsts == (0..<12).map { Int64($0) }, "workers \(workers)")
    }
  }

  @Test("the first failure in group order is thrown, after every group has run")
  func firstErrorInOrder() throws {
    let dir = TemporaryDirectory()
    let partitions = MetricPartitions(spill: try SpillFile(beside: dir.file("out.hpt")))
    let groups: [[UInt32]] = (0..<8).map { [UInt32($0)] }
    let ran = BoundedHandoff<UInt32>(capacity: 8)
    var message = ""
    do {
      _ = try ResolveGroup.resolveAll(groups, workers: 2, partitions: partitions) { group in
        ran.put(group[0])
        // Group 6 fails first in time (group 3 waits), group 3 first in order.
        if group[0] == 3 { usleep(30_000) }
        if group[0] == 3 || group[0] == 6 {
          throw HealthError.internalError("group \(group[0])")
        }
        return Self.tagged(group)
      }
    } catch let error as HealthError {
      message = error.message
    }
    #expect(message.hasSuffix("group 3"), "\(message)")
    ran.close()
    var seen: [UInt32] = []
    while let g = ran.take() { seen.append(g) }
    #expect(seen.sorted() == Array(0..<8))
  }

  @Test("the workout metrics are one group at the first of them; the others one each")
  func groupsOfTable() {
    var pools = SampleStore()
    for id in ["workout", "heartRate", "workoutEnergy", "workoutCadence", "workoutDistance"] {
      _ = pools.internMetric(MetricID(id))
    }
    let ranks = pools.metrics.sortRanks()
    let order = (0..<UInt32(5)).sorted { ranks[Int($0)] < ranks[Int($1)] }
    // Table order: heartRate(1), workout(0), workoutCadence(3), workoutDistance(4),
    // workoutEnergy(2).
    #expect(order == [1, 0, 3, 4, 2])
    #expect(ResolveGroup.groups(metricOrder: order, pools: pools) == [[1], [0, 4, 2], [3]])
  }

  @Test("two threads appending to one scratch file each get their own range")
  func concurrentAppends() throws {
    let dir = TemporaryDirectory()
    let spill = try SpillFile(beside: dir.file("out.hpt"))
    let chunks = BoundedHandoff<(Int64, SpillFile.Chunk)>(capacity: 2_000)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      for i in 0..<1_000 {
        let first = Int64(thread * 1_000_000 + i * 100)
        let values = (0..<Int64(1 + i % 9)).map { first + $0 }
        chunks.put((first, try! spill.append(values)))
      }
    }
    chunks.close()
    var total = 0
    var count = 0
    while let (first, chunk) = chunks.take() {
      let back = try spill.read([chunk], as: Int64.self)
      #expect(back == (0..<Int64(chunk.count)).map { first + $0 })
      total += chunk.count
      count += 1
    }
    #expect(count == 2_000)
    #expect(spill.size == Int64(total * 8))
  }
}
