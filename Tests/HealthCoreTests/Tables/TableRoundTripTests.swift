import Foundation
import HealthModel
import HealthSystem
import TestSupport
import Testing

@testable import HealthCore

@Suite("Typed table files")
struct TableRoundTripTests {
  static func sample(_ i: Int) -> Sample {
    Sample(
      metric: i % 3 == 0 ? .steps : MetricID("HKQuantityTypeIdentifierDietaryZinc"),
      start: 1_700_000_000 + Int64(i) * 60, end: 1_700_000_000 + Int64(i) * 60 + 59,
      utcOffset: -28_800, value: Double(i) * 1.5, minimum: i % 2 == 0 ? Double(i) : nil,
      maximum: nil, unit: "count", category: i % 5 == 0 ? "asleepCore" : "",
      source: "Jane\u{2019}s Apple\u{00A0}Watch", device: "model:Watch",
      sourceKind: .watch, userEntered: i % 7 == 0, hrvKind: .none,
      origin: Origin(file: 0, record: Int64(i + 1)))
  }

  @Test("rows written across several blocks read back identical")
  func roundTrip() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("s.hpt")
    let rows = (0..<1000).map(Self.sample)
    let writer = try TableWriter<Sample>(path: path, stage: "test", rowsPerBlock: 128)
    try writer.append(contentsOf: rows)
    try writer.commit()
    #expect(writer.blockCount == 8)  // ceil(1000 / 128)
    let (header, back) = try TableFile.read(Sample.self, from: path)
    #expect(header.kind == .samples)
    #expect(back == rows)
  }

  @Test("the same rows give byte-identical files")
  func deterministic() throws {
    let dir = TemporaryDirectory()
    let rows = (0..<300).map(Self.sample)
    // Dictionaries in the facts: keys sorted on disk whatever their order in memory.
    var one = AggregateFacts(rejects: ["b": 2, "a": 1])
    one.lastDays = ["x": LocalDay(dayNumber: 1), "w": LocalDay(dayNumber: 2)]
    var two = AggregateFacts(rejects: ["a": 1, "b": 2])
    two.lastDays = ["w": LocalDay(dayNumber: 2), "x": LocalDay(dayNumber: 1)]
    try TableFile.write(
      rows, to: dir.file("a.hpt"), stage: "t", facts: StageFacts(aggregate: one))
    try TableFile.write(
      rows, to: dir.file("b.hpt"), stage: "t", facts: StageFacts(aggregate: two))
    let a = try FileReader.readAll(dir.file("a.hpt"))
    let b = try FileReader.readAll(dir.file("b.hpt"))
    #expect(a == b)
  }

  @Test("a file cut short anywhere is refused with exit 65, never read as fewer rows")
  func truncated() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("t.hpt")
    try TableFile.write((0..<200).map(Self.sample), to: path, stage: "t")
    let bytes = try FileReader.readAll(path)
    for cut in stride(from: 1, to: bytes.count, by: max(1, bytes.count / 97)) {
      let cutPath = dir.file("cut.hpt")
      try AtomicFileWriter.write(Array(bytes[0..<cut]), to: cutPath)
      do {
        _ = try TableFile.read(Sample.self, from: cutPath)
        Issue.record("a file cut at byte \(cut) of \(bytes.count) was accepted")
      } catch let error as HealthError {
        #expect(error.code == .dataError)
        #expect(error.location?.file == cutPath)
      }
    }
  }

  @Test("a flipped byte in a block fails its CRC with the block's offset")
  func corrupt() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("c.hpt")
    try TableFile.write((0..<50).map(Self.sample), to: path, stage: "t")
    var bytes = try FileReader.readAll(path)
    let header = try TableFile.header(of: path)
    _ = header
    bytes[bytes.count - 60] ^= 0xFF  // inside the only block's payload
    try AtomicFileWriter.write(bytes, to: path)
    #expect(throws: HealthError.self) { try TableFile.read(Sample.self, from: path) }
    let inspection = try TableInspection.inspect(path: path)
    #expect(!inspection.checksumsOK)
  }

  @Test("reading a table of another kind is refused")
  func wrongKind() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("r.hpt")
    try TableFile.write([Reject](), to: path, stage: "t")
    #expect(throws: HealthError.self) { try TableFile.read(Sample.self, from: path) }
  }
}
