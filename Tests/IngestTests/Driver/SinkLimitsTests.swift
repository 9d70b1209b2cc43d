import HealthModel
import Testing

@testable import Ingest

/// The bounds `IngestSink` keeps (docs/reliability.md, "Limits"; round 3, findings 5 and
/// 21): at most 10,000 distinct record types per input (a million made-up metric names took
/// 1.5 GB), at most 256 names of extra counters, and every reject in the tally, NULs too.
@Suite("Regression: ingest sink limits")
struct SinkLimitsTests {
  static func sink(_ samples: Box<[Sample]>, _ rejects: Box<[Reject]>) -> IngestSink {
    IngestSink(
      inputIndex: 0, path: "in.csv", onSample: { samples.value.append($0) },
      onReject: { rejects.value.append($0) })
  }

  final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
  }

  static func sample(_ metric: String, source: String = "phone", record: Int64 = 1) -> Sample {
    Sample(
      metric: MetricID(metric), start: 0, end: 0, utcOffset: 0, value: 1, unit: "count",
      source: source, origin: Origin(file: 0, record: record))
  }

  @Test("the 10,001st record type ends the input with exit 65 naming it")
  func types() throws {
    let (samples, rejects) = (Box<[Sample]>([]), Box<[Reject]>([]))
    let sink = Self.sink(samples, rejects)
    for i in 0..<IngestSink.maxTypes {
      sink.read(type: "t\(i)")
      try sink.keep(Self.sample("t\(i)"), type: "t\(i)")
    }
    #expect(samples.value.count == 10_000)
    sink.read(type: "t10000")
    let error = try #require(throws: HealthError.self) {
      try sink.keep(Self.sample("t10000"), type: "t10000")
    }
    #expect(error.code == .dataError)
    #expect(error.message.contains("more than 10000 distinct record types in one input"))
    #expect(error.message.contains("'t10000'") && error.location?.file == "in.csv")
    // Rejecting through a type past the limit ends the input the same way.
    #expect(throws: HealthError.self) {
      try sink.reject(type: "t10001", code: .malformed, reason: "x", record: 2)
    }
    // Known types still count.
    try sink.keep(Self.sample("t5"), type: "t5")
    #expect(samples.value.count == 10_001)
  }

  @Test("extra counters keep at most 256 names; the rest add up under one")
  func extras() {
    let sink = Self.sink(Box([]), Box([]))
    for i in 0..<300 { sink.count(extra: "notKept.k\(i)", 2) }
    sink.count(extra: "notKept.k3", 1)
    #expect(sink.extra.count == 257)
    #expect(sink.extra["notKept.k3"] == 3)
    #expect(sink.extra["extra.otherNames"] == 88)
  }

  @Test("a record rejected for a NUL is in the reject tally")
  func nulTally() throws {
    let rejects = Box<[Reject]>([])
    let sink = Self.sink(Box([]), rejects)
    for record in 1...3 {
      sink.read(type: "steps")
      try sink.keep(
        Self.sample("steps", source: "ph\u{0}one", record: Int64(record)), type: "steps")
    }
    #expect(rejects.value.count == 3)
    let top = try #require(sink.rejectTally.mostCommon)
    #expect(top.code == .malformed && top.count == 3 && top.firstRecord == 1)
    #expect(top.firstReason.contains("NUL character"))
  }
}
