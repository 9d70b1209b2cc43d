import Foundation
import HealthCore
import HealthModel
import HealthSystem
import Ingest
import TestSupport
import Testing

@Suite("Ingest stage")
struct IngestStageTests {
  static let good = export(
    """
    <Record type="HKQuantityTypeIdentifierStepCount" sourceName="P" unit="count" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:10:00 -0800" value="120"/>
    <Record type="HKQuantityTypeIdentifierStepCount" sourceName="P" unit="count" startDate="2024-01-01 08:20:00 -0800" endDate="2024-01-01 08:30:00 -0800" value="x"/>
    <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="W" unit="count/min" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:00:00 -0800" value="61"/>

    """)

  @Test("one input: tables, header descriptors, manifest reconciliation")
  func oneInput() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write("export.xml", Self.good)
    let out = folder.file("samples.hpt")
    let manifest = try IngestStage.run(
      IngestOptions(inputs: [input], output: out), progress: .silent)
    let (header, samples) = try TableFile.read(Sample.self, from: out)
    #expect(samples.map(\.metric) == [.steps, .heartRate])
    let (_, rejects) = try TableFile.read(Reject.self, from: folder.file("rejects-ingest.hpt"))
    #expect(rejects.map(\.code) == [.badNumber])
    // The header names the input with its size and the CRC-32 of its bytes (computed
    // here independently, over the whole file at once).
    let bytes = try FileReader.readAll(input)
    let d = try #require(header.inputs.first)
    #expect(d.index == 0 && d.path == input && d.format == "apple-xml")
    #expect(d.size == Int64(bytes.count))
    #expect(d.crc32 == crc32Hex(CRC32.checksum(bytes)))
    // ExportDate 2024-06-01 12:00 -0700 = 19:00Z; 2024-06-01 is day 19_875.
    #expect(d.exportDate == Int64(19_875) * 86_400 + 19 * 3600)
    // read = kept + rejected: steps 2 = 1 + 1, heart rate 1 = 1 + 0, total 3 = 2 + 1.
    #expect(manifest.balanced)
    let total = try #require(manifest.reconciliation.first { $0.scope == "total" })
    #expect(total.counts == ["read": 3, "kept": 2, "rejected": 1])
    let steps = try #require(
      manifest.reconciliation.first { $0.key == "HKQuantityTypeIdentifierStepCount" })
    #expect(steps.counts == ["read": 2, "kept": 1, "rejected": 1])
    #expect(FileManager.default.fileExists(atPath: StageManifest.path(for: out)))
    // No part files are left behind.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left.filter { $0.hasPrefix(".") }.isEmpty, "\(left)")
  }

  @Test("a failed input leaves the others: exit 1, its rows absent, listed with its problem")
  func partialFailure() throws {
    let folder = TemporaryDirectory()
    let a = try folder.write("a.xml", Self.good)
    let truncated = try folder.write("b.xml", String(Self.good.prefix(200)))
    let c = try folder.write("c.xml", Self.good)
    let out = folder.file("samples.hpt")
    let result = try IngestStage.execute(
      IngestOptions(inputs: [a, truncated, folder.file("missing.xml"), c], output: out),
      progress: .silent)
    #expect(result.exitCode == .partialSuccess)
    #expect(result.failures.map(\.index) == [1, 2])
    #expect(result.failures.map(\.error.code) == [.dataError, .noInput])
    #expect(result.failures[0].error.location?.file == truncated)
    let (header, samples) = try TableFile.read(Sample.self, from: out)
    // Every input is listed, so origins are positions; the failed ones say why.
    #expect(header.inputs.map(\.index) == [0, 1, 2, 3])
    #expect(header.inputs.map { $0.problem?.kind } == [nil, .failed, .failed, nil])
    #expect(header.inputs[1].format == "apple-xml" && header.inputs[2].format == "unknown")
    #expect(header.inputs[2].problem?.exitCode == 66 && header.inputs[2].size == 0)
    #expect(samples.map(\.origin.file) == [0, 0, 3, 3])
    let manifest = try #require(result.manifest)
    #expect(manifest.totals["inputsFailed"] == 2)
    #expect(manifest.notes.contains { $0.contains("b.xml") })
  }

  @Test("when every input fails nothing is written and the earlier output stays")
  func allFail() throws {
    let folder = TemporaryDirectory()
    let out = folder.file("samples.hpt")
    let input = try folder.write("export.xml", Self.good)
    _ = try IngestStage.run(IngestOptions(inputs: [input], output: out), progress: .silent)
    let before = try FileReader.readAll(out)
    let manifestBefore = try FileReader.readAll(StageManifest.path(for: out))
    let bad = try folder.write("bad.xml", "<HealthData>\n<Record")
    let result = try IngestStage.execute(
      IngestOptions(inputs: [bad, folder.file("nope.xml")], output: out), progress: .silent)
    #expect(result.manifest == nil)
    #expect(result.exitCode == .dataError)  // the first failure's code
    #expect(try FileReader.readAll(out) == before)
    #expect(try FileReader.readAll(StageManifest.path(for: out)) == manifestBefore)
    #expect(throws: HealthError.self) {
      try IngestStage.run(IngestOptions(inputs: [bad], output: out), progress: .silent)
    }
  }

  @Test("a rerun writes a byte-identical samples table")
  func deterministic() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write("export.xml", Self.good)
    let first = folder.file("one.hpt")
    let second = folder.file("two.hpt")
    _ = try IngestStage.run(
      IngestOptions(inputs: [input], output: first, rejectsOutput: folder.file("r1.hpt")),
      progress: .silent)
    _ = try IngestStage.run(
      IngestOptions(inputs: [input], output: second, rejectsOutput: folder.file("r2.hpt")),
      progress: .silent)
    #expect(try FileReader.readAll(first) == FileReader.readAll(second))
    #expect(
      try FileReader.readAll(folder.file("r1.hpt")) == FileReader.readAll(folder.file("r2.hpt")))
  }

  @Test("usage and output problems are refused up front")
  func refusals() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write("export.xml", Self.good)
    let e1 = try #require(throws: HealthError.self) {
      try IngestStage.run(IngestOptions(inputs: [input], output: input), progress: .silent)
    }
    #expect(e1.code == .usage)
    let e2 = try #require(throws: HealthError.self) {
      try IngestStage.run(
        IngestOptions(inputs: [input], output: folder.file("no/such/dir/s.hpt")),
        progress: .silent)
    }
    #expect(e2.code == .cannotCreate)
  }
}

/// Lower-case hex of a CRC-32, as the header writes it.
func crc32Hex(_ value: UInt32) -> String {
  let s = String(value, radix: 16)
  return String(repeating: "0", count: 8 - s.count) + s
}
