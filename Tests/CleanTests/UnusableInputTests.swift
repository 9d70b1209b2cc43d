import Clean
import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// An input of which clean keeps nothing because every sample broke a per-sample rule is
/// named (exit 1 for the command), listed with its problem in the cleaned table's input
/// list, and the reconciliation still holds. An input whose samples were all duplicates or
/// overlaps of another input's is not a problem: its data is in the table.
@Suite("Clean stage: inputs clean keeps nothing of")
struct CleanUnusableInputTests {
  typealias F = Fixtures

  /// Three inputs: 0 Apple (kept), 1 Health Auto Export with spo2 in an unknown unit twice
  /// and 320 bpm once (all rejected: unknown-unit 2, out-of-range 1), 2 a copy of input 0's
  /// heart rate (an exact duplicate: not a problem).
  static func samples() -> [Sample] {
    var list = SampleList()
    list.add(.heartRate, start: F.ten, 70, "count/min")
    list.add(.steps, start: F.ten, end: F.ten + 600, 500, "count")
    list.add(.spo2, start: F.ten, 0.97, "parts", file: 1)
    list.add(.spo2, start: F.ten + 60, 0.96, "parts", file: 1)
    list.add(.heartRate, start: F.ten + 120, 320, "count/min", file: 1)
    list.add(.heartRate, start: F.ten, 70, "count/min", file: 2)
    return list.samples
  }

  static let copyInput = InputDescriptor(
    index: 2, path: "copy.xml", format: "apple-xml", size: 1, crc32: "00000000",
    exportDate: F.exportDate)

  @Test("the all-rejected input is named with its count and most common reason")
  func namesTheInput() throws {
    let dir = TemporaryDirectory()
    let input = dir.file("samples.hpt")
    try TableFile.write(
      Self.samples(), to: input, stage: "ingest",
      inputs: [F.appleInput, F.haeInput, Self.copyInput])
    let outcome = try CleanStage.execute(
      CleanOptions(input: input, output: dir.file("clean.hpt")), progress: .silent)
    // Input 1: 3 samples, none kept; unknown-unit (2) beats out-of-range (1).
    #expect(outcome.inputProblems.count == 1)
    let problem = try #require(outcome.inputProblems.first)
    #expect(problem.code == .dataError)
    #expect(problem.location?.file == "HealthAutoExport.json")
    #expect(
      problem.message
        == "0 of 3 samples kept by clean; most common reject reason: unknown-unit (2)")
    // The cleaned table's list: the three inputs, then the samples table; only input 1
    // carries a problem, found by clean.
    let header = try TableFile.header(of: dir.file("clean.hpt"))
    #expect(
      header.inputs.map(\.path) == ["export.xml", "HealthAutoExport.json", "copy.xml", input])
    #expect(header.inputs.map { $0.problem?.stage } == [nil, "clean", nil, nil])
    #expect(header.inputs[1].problem?.kind == .nothingKept)
    // 6 ingested = 2 cleaned + 3 rejected + 1 duplicate + 0 overlapped.
    let manifest = outcome.manifest
    #expect(manifest.balanced)
    let all = try #require(manifest.reconciliation.first { $0.key == "all" })
    #expect(all.counts["ingested"] == 6 && all.counts["cleaned"] == 2)
    #expect(all.counts["rejected"] == 3 && all.counts["duplicate"] == 1)
    #expect(manifest.totals["inputsNothingKept"] == 1)
    #expect(
      manifest.notes.contains { $0.hasPrefix("input 1 (HealthAutoExport.json) kept nothing") })
  }

  @Test("a problem ingest already recorded is kept, not replaced")
  func keepsIngestProblem() throws {
    let dir = TemporaryDirectory()
    let input = dir.file("samples.hpt")
    var hae = F.haeInput
    hae.problem = InputProblem(
      kind: .failed, stage: "ingest", message: "not a complete zip file", exitCode: 65)
    var list = SampleList()
    list.add(.heartRate, start: F.ten, 70, "count/min")
    try TableFile.write(list.samples, to: input, stage: "ingest", inputs: [F.appleInput, hae])
    let outcome = try CleanStage.execute(
      CleanOptions(input: input, output: dir.file("clean.hpt")), progress: .silent)
    #expect(outcome.inputProblems.isEmpty)
    let header = try TableFile.header(of: dir.file("clean.hpt"))
    #expect(header.inputs[1].problem == hae.problem)
  }
}
