import HealthModel
import Testing

@testable import Ingest

/// `IngestSink.keep` checks each distinct text once (`TextIdentityCache`): a sample whose
/// texts were all seen before skips the checks, so every bad text must still be caught
/// when it comes after many good samples sharing the other four texts.
@Suite("Ingest sink checks texts once each")
struct SinkTextChecksTests {
  func sample(
    source: String = "Oura", device: String = "", unit: String = "ms", category: String = "",
    metric: String = "hrvRMSSD", record: Int64
  ) -> Sample {
    Sample(
      metric: MetricID(metric), start: record * 60, end: record * 60, utcOffset: 0, value: 1,
      minimum: nil, maximum: nil, unit: unit, category: category, source: source,
      device: device, sourceKind: .watch, userEntered: false,
      origin: Origin(file: 0, record: record))
  }

  @Test("after 100 good samples, a NUL or an oversized text in any field is still rejected")
  func badTextsAfterGoodOnes() throws {
    var kept: [Int64] = []
    var rejected: [(Int64, String)] = []
    let sink = IngestSink(
      inputIndex: 0, path: "test.csv", onSample: { kept.append($0.origin.record) },
      onReject: { rejected.append(($0.origin.record, $0.reason)) })
    let counter = sink.counter(for: "HRV")
    let units = ["ms", "bpm", "min", "count", "%"]
    for r in 0..<100 {
      sink.read(counter)
      try sink.keep(sample(unit: units[r % units.count], record: Int64(r)), counter: counter)
    }
    let huge = String(repeating: "x", count: IngestSink.maxFieldBytes + 1)
    let bad: [Sample] = [
      sample(source: "Ou\u{0}ra", record: 100), sample(device: "\u{0}", record: 101),
      sample(unit: "m\u{0}s", record: 102), sample(category: "deep\u{0}", record: 103),
      sample(metric: "hrv\u{0}", record: 104), sample(device: huge, record: 105),
      sample(unit: huge, record: 106),
    ]
    for s in bad {
      sink.read(counter)
      try sink.keep(s, counter: counter)
      // The same good sample again after each bad one is kept.
      sink.read(counter)
      try sink.keep(sample(record: 200 + s.origin.record), counter: counter)
    }
    #expect(kept == Array(0..<100) + (300..<307).map { Int64($0) })
    #expect(rejected.map(\.0) == Array(100..<107))
    #expect(rejected[0].1.contains("source name holds a NUL"))
    #expect(rejected[1].1.contains("device holds a NUL"))
    #expect(rejected[2].1.contains("unit holds a NUL"))
    #expect(rejected[3].1.contains("category holds a NUL"))
    #expect(rejected[4].1.contains("metric name holds a NUL"))
    #expect(rejected[5].1.contains("device is \(IngestSink.maxFieldBytes + 1) bytes long"))
    #expect(rejected[6].1.contains("unit is \(IngestSink.maxFieldBytes + 1) bytes long"))
    #expect(sink.counts["HRV"]?.read == 114)
    #expect(sink.counts["HRV"]?.kept == 107)
    #expect(sink.counts["HRV"]?.rejected == 7)
  }

  @Test("types counted by name through the cache add up per name, 100 names in turn")
  func typeNamesInTurn() throws {
    let sink = IngestSink(inputIndex: 0, path: "t.csv", onSample: { _ in }, onReject: { _ in })
    let names = (0..<100).map { "a column header number \($0)" }
    for round in 0..<5 {
      for (i, name) in names.enumerated() where i % (round + 1) == 0 {
        sink.read(type: name)
        try sink.keep(sample(record: Int64(i)), type: name)
      }
    }
    // Name i is counted in the rounds r (0-4) where i is a multiple of r + 1.
    for (i, name) in names.enumerated() {
      let expected = Int64((0..<5).filter { i % ($0 + 1) == 0 }.count)
      #expect(sink.counts[name]?.read == expected, "\(name)")
      #expect(sink.counts[name]?.kept == expected, "\(name)")
    }
  }
}
