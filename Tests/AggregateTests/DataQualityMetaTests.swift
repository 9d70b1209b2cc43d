import Foundation
import HealthCore
import Testing

@testable import Aggregate

@Suite("Data-quality facts for the report")
struct DataQualityMetaTests {
  @Test("ingest and clean counts become the report's keys; the sum balances")
  func fromStageCounts() {
    // Ingest read 100 (3 rejected); clean read the 97 kept: 80 cleaned, 2 out of range,
    // 5 duplicates, 10 overlapped (80 + 2 + 5 + 10 = 97).
    let meta: [String: String] = [
      "records.read": "100", "records.kept": "97", "records.rejected": "3",
      "clean.cleaned": "80", "clean.rejected": "2", "clean.rejected.out-of-range": "2",
      "clean.duplicates": "5", "clean.overlapped": "10",
      "rejects.ingest.bad-number": "3", "rejects.clean.out-of-range": "2",
      "rejects.clean.duplicate": "5", "rejects.clean.overlapped": "10", "rejects.total": "20",
      "clean.priority": "manual, Apple Watch, iPhone, *",
      "clean.sources":
        #"[{"name":"Jo’s iPhone","rank":2},{"name":"","rank":3},{"name":"Jo’s Apple Watch","rank":1}]"#,
    ]
    let q = DataQualityMeta.facts(from: meta)
    #expect(q["quality.recordsRead"] == "100")
    #expect(q["quality.recordsKept"] == "80")
    // 3 bad numbers at ingest + 2 out of range at clean; duplicates and overlaps apart.
    #expect(q["quality.rejected"] == "5")
    #expect(q["quality.rejected.bad-number"] == "3")
    #expect(q["quality.rejected.out-of-range"] == "2")
    #expect(q["quality.rejected.duplicate"] == nil)
    #expect(q["quality.duplicates"] == "5")
    #expect(q["quality.overlapped"] == "10")
    // 100 = 80 + 5 + 5 + 10
    #expect(q["quality.sources"] == "Jo’s Apple Watch\nJo’s iPhone\n(no source name)")
    #expect(q["quality.priority"] == "manual, Apple Watch, iPhone, *")
  }

  @Test("without rejects tables, clean's per-reason counts and ingest's total are used")
  func withoutRejectTables() {
    let q = DataQualityMeta.facts(from: [
      "records.rejected": "4", "clean.rejected": "1", "clean.rejected.future-date": "1",
    ])
    #expect(q["quality.rejected"] == "5")
    #expect(q["quality.rejected.ingest"] == "4")
    #expect(q["quality.rejected.future-date"] == "1")
  }

  @Test("inputs that contributed nothing are listed from the tables' input list")
  func inputProblems() throws {
    // The cleaned table's list: three exports and the samples table itself (a stage table,
    // not counted); the first failed in ingest, the third kept nothing in clean.
    let inputs = [
      InputDescriptor(
        index: 0, path: "in/export.zip", format: "apple-zip", size: 20_000, crc32: "",
        problem: InputProblem(
          kind: .failed, stage: "ingest", message: "not a complete zip file (byte 20000)",
          exitCode: 65)),
      InputDescriptor(
        index: 1, path: "in/ring.csv", format: "long-csv", size: 9, crc32: "01234567"),
      InputDescriptor(
        index: 2, path: "in/hae.json", format: "hae-json", size: 9, crc32: "89abcdef",
        problem: InputProblem(
          kind: .nothingKept, stage: "clean",
          message: "0 of 3 samples kept by clean; most common reject reason: unknown-unit (2)",
          exitCode: 65)),
      InputDescriptor(index: 3, path: "work/samples.hpt", format: "samples", size: 9, crc32: "x"),
    ]
    let json = String(decoding: try JSONEncoder().encode(inputs), as: UTF8.self)
    let q = DataQualityMeta.facts(from: ["inputs": json])
    #expect(q["quality.inputs"] == "3")
    #expect(
      q["quality.inputProblems"]
        == "in/export.zip: failed: not a complete zip file (byte 20000)\n"
        + "in/hae.json: 0 of 3 samples kept by clean; most common reject reason: unknown-unit (2)")
    // Without problems there is no key; without a readable list, neither key.
    let fine = String(decoding: try JSONEncoder().encode([inputs[1]]), as: UTF8.self)
    #expect(DataQualityMeta.facts(from: ["inputs": fine])["quality.inputProblems"] == nil)
    #expect(DataQualityMeta.facts(from: ["inputs": fine])["quality.inputs"] == "1")
    #expect(DataQualityMeta.facts(from: ["inputs": "not json"])["quality.inputs"] == nil)
  }
}
