import Foundation
import HealthCore
import Testing

@testable import Aggregate

@Suite("Data-quality facts for the report")
struct DataQualityFactsTests {
  @Test("ingest and clean counts become the report's facts; the sum balances")
  func fromStageCounts() {
    // Ingest read 100 (3 rejected); clean read the 97 kept: 80 cleaned, 2 out of range,
    // 5 duplicates, 10 overlapped (80 + 2 + 5 + 10 = 97).
    let ingest = IngestFacts(
      recordsRead: 100, recordsKept: 97, recordsRejected: 3, inputsFailed: 0)
    let clean = CleanFacts(
      priority: "manual, Apple Watch, iPhone, *", read: 97, cleaned: 80, rows: 80, trimmed: 0,
      rejected: 2, rejectedByCode: ["out-of-range": 2], duplicates: 5, overlapped: 10,
      sources: [
        .init(name: "Jo’s iPhone", rank: 2, priority: "iPhone", samples: 40),
        .init(name: "", rank: 3, priority: "*", samples: 1),
        .init(name: "Jo’s Apple Watch", rank: 1, priority: "Apple Watch", samples: 56),
      ])
    // The rejects tables' rows by stage and code.
    let rejects: [String: Int64] = [
      "ingest.bad-number": 3, "clean.out-of-range": 2, "clean.duplicate": 5,
      "clean.overlapped": 10,
    ]
    let q = DataQualityFacts(ingest: ingest, clean: clean, rejects: rejects, inputs: nil)
    #expect(q.recordsRead == 100)
    #expect(q.recordsKept == 80)
    // 3 bad numbers at ingest + 2 out of range at clean; duplicates and overlaps apart.
    #expect(q.rejected == 5)
    #expect(q.rejectedByCode == ["bad-number": 3, "out-of-range": 2])
    #expect(q.duplicates == 5)
    #expect(q.overlapped == 10)
    // 100 = 80 + 5 + 5 + 10
    #expect(q.sources == ["Jo’s Apple Watch", "Jo’s iPhone", "(no source name)"])
    #expect(q.priority == "manual, Apple Watch, iPhone, *")
  }

  @Test("without rejects tables, clean's per-reason counts and ingest's total are used")
  func withoutRejectTables() {
    let q = DataQualityFacts(
      ingest: IngestFacts(recordsRead: 10, recordsKept: 6, recordsRejected: 4, inputsFailed: 0),
      clean: CleanFacts(
        priority: "*", read: 6, cleaned: 5, rows: 5, trimmed: 0, rejected: 1,
        rejectedByCode: ["future-date": 1], duplicates: 0, overlapped: 0, sources: []),
      rejects: [:], inputs: nil)
    #expect(q.rejected == 5)
    #expect(q.rejectedByCode == ["ingest": 4, "future-date": 1])
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
    // The facts of a tables' input list (its export files only).
    func quality(_ inputs: [InputDescriptor]?) -> DataQualityFacts {
      DataQualityFacts(
        ingest: nil, clean: nil, rejects: [:],
        inputs: AggregateFacts(inputs: inputs).exportInputs)
    }
    let q = quality(inputs)
    #expect(q.inputs == 3)
    #expect(
      q.inputProblems == [
        "in/export.zip: failed: not a complete zip file (byte 20000)",
        "in/hae.json: 0 of 3 samples kept by clean; most common reject reason: unknown-unit (2)",
      ])
    // Without problems there are none; without a list, the count is unknown.
    #expect(quality([inputs[1]]).inputProblems == [])
    #expect(quality([inputs[1]]).inputs == 1)
    #expect(quality(nil).inputs == nil)
  }
}
