import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Ingest

/// Values kept by target (`SampleTarget`: texts checked and interned once, each value then
/// numbers and ids), which must give the rows, bytes and counts of keeping each `Sample`.
@Suite("Samples kept by target")
struct SampleTargetTests {
  /// `SampleRowsTests`' samples, none hand-entered (a target never is).
  static func samples() -> [Sample] {
    SampleRowsTests.samples().map {
      var s = $0
      s.userEntered = false
      return s
    }
  }

  /// Keeps `samples` through `sink`, by target where the sink gives one; returns how many
  /// went by target.
  static func keep(_ samples: [Sample], into sink: IngestSink) throws -> Int {
    var byTarget = 0
    for s in samples {
      let counter = sink.counter(for: "reading")
      sink.read(counter)
      guard
        let target = sink.target(
          metric: s.metric, unit: s.unit, category: s.category, source: s.source,
          device: s.device, sourceKind: s.sourceKind, hrvKind: s.hrvKind)
      else {
        try sink.keep(s, counter: counter)
        continue
      }
      byTarget += 1
      try sink.keep(
        target, counter: counter, start: s.start, end: s.end, utcOffset: s.utcOffset,
        value: s.value, minimum: s.minimum, maximum: s.maximum, record: s.origin.record)
    }
    return byTarget
  }

  @Test("keeping by target writes the bytes and counts of keeping each sample")
  func sameBytes() throws {
    let dir = TemporaryDirectory()
    let samples = Self.samples()
    let expectedPath = dir.file("samples.hpt")
    let plain = try TableWriter<Sample>(path: expectedPath, stage: "ingest", rowsPerBlock: 4)
    for s in samples { try plain.append(s) }
    try plain.commit()
    let expected = try Data(contentsOf: URL(fileURLWithPath: expectedPath))
    // With room for 5 texts, rows 0 and 2 fit (heartRate, count/min, "", the watch,
    // Watch7,2); row 1's iPhone is the 6th text, and every later row has a new one. With
    // room for none, every row is kept as its `Sample`.
    for (limit, byTarget) in [(SampleRowWriter.defaultTextLimit, 7), (5, 2), (0, 0)] {
      let path = dir.file("target-\(limit).hpt")
      let table = try TableWriter<Sample>(path: path, stage: "ingest", rowsPerBlock: 4)
      let sink = IngestSink(
        inputIndex: 0, path: "input.csv", onSample: { try table.append($0) },
        onReject: { _ in }, rowWriter: SampleRowWriter(table, textLimit: limit))
      #expect(try Self.keep(samples, into: sink) == byTarget, "limit \(limit)")
      try table.commit()
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == expected, "limit \(limit)")
      let counts = sink.counts["reading"]
      #expect(counts?.read == 7 && counts?.kept == 7 && counts?.rejected == 0)
    }
  }

  @Test("no target for a text the sink would refuse, nor for a sink without a row writer")
  func noTarget() throws {
    let dir = TemporaryDirectory()
    let table = try TableWriter<Sample>(path: dir.file("s.hpt"), stage: "ingest")
    let sink = IngestSink(
      inputIndex: 0, path: "input.csv", onSample: { try table.append($0) },
      onReject: { _ in }, rowWriter: SampleRowWriter(table))
    func target(source: String, unit: String = "count") -> SampleTarget? {
      sink.target(metric: .steps, unit: unit, source: source, sourceKind: .watch)
    }
    #expect(target(source: "Oura") != nil)
    #expect(target(source: "Ou\u{0}ra") == nil)
    #expect(target(source: "Oura", unit: String(repeating: "u", count: 64 << 10)) != nil)
    #expect(target(source: "Oura", unit: String(repeating: "u", count: (64 << 10) + 1)) == nil)
    let bare = IngestSink(
      inputIndex: 0, path: "input.csv", onSample: { _ in }, onReject: { _ in })
    #expect(bare.target(metric: .steps, unit: "count", source: "Oura", sourceKind: .watch) == nil)
  }
}
