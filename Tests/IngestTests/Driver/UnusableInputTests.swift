import Foundation
import HealthCore
import HealthModel
import Ingest
import TestSupport
import Testing

/// Inputs that contribute nothing: one that fails as a whole, at any position and in any
/// format, and one read with no record kept. The tables must stay consistent (every row's
/// `origin.file` is its input's position in the header's list) and name the bad input.
@Suite("Ingest: unusable inputs")
struct UnusableInputTests {
  /// `Tests/Fixtures/unusable-inputs/` (its README says what each file is): `good.xml`
  /// gives 2 samples and 1 reject (value "x"), `good.csv` 3 samples.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/unusable-inputs")

  /// The broken fixtures, one per format; each is recognised by content and fails part-way.
  static let broken = ["cut.zip", "cut.xml", "cut.json", "open-quote.csv"]

  /// Copies a fixture into `folder` and returns its path there.
  static func copy(_ name: String, to folder: TemporaryDirectory) throws -> String {
    try folder.write(name, [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name))))
  }

  /// The three positions of the broken input among the two good ones.
  static let positions = [0, 1, 2]

  @Test(
    "a failed input at any position, in any format, leaves a consistent table",
    arguments: broken, positions)
  func failedAtAnyPosition(broken: String, position: Int) throws {
    let folder = TemporaryDirectory()
    var inputs = [try Self.copy("good.xml", to: folder), try Self.copy("good.csv", to: folder)]
    inputs.insert(try Self.copy(broken, to: folder), at: position)
    let out = folder.file("samples.hpt")
    let result = try IngestStage.execute(
      IngestOptions(inputs: inputs, output: out), progress: .silent)
    #expect(result.exitCode == .partialSuccess)
    #expect(result.failures.map(\.index) == [position])
    #expect(result.failures.map(\.kind) == [.failed])
    #expect(result.failures.first?.error.code == .dataError)
    #expect(result.inputCount == 3 && result.failedCount == 1 && result.inputs.count == 2)

    // The header lists all three inputs in order; only the broken one has a problem.
    let (header, samples) = try TableFile.read(Sample.self, from: out)
    #expect(header.inputs.map(\.index) == [0, 1, 2])
    #expect(header.inputs.map(\.path) == inputs)
    for (i, d) in header.inputs.enumerated() {
      #expect((d.problem != nil) == (i == position), "input \(i): \(String(describing: d.problem))")
    }
    let problem = try #require(header.inputs[position].problem)
    #expect(problem.kind == .failed && problem.stage == "ingest" && problem.exitCode == 65)
    #expect(header.inputs[position].crc32 == "")
    // Each row points at its own input: 2 kept from the XML, 3 from the CSV.
    let xml = inputs.firstIndex(of: folder.file("good.xml"))!
    let csv = inputs.firstIndex(of: folder.file("good.csv"))!
    #expect(samples.filter { Int($0.origin.file) == xml }.count == 2)
    #expect(samples.filter { Int($0.origin.file) == csv }.count == 3)
    #expect(samples.allSatisfy { Int($0.origin.file) != position })
    // The rejects table has the same list, and its one reject (value "x") points at the XML.
    let (rejectsHeader, rejects) = try TableFile.read(
      Reject.self, from: folder.file("rejects-ingest.hpt"))
    #expect(rejectsHeader.inputs == header.inputs)
    #expect(rejects.map { Int($0.origin.file) } == [xml])
    // read = kept + rejected still holds: 3 + 3 read, 5 kept, 1 rejected.
    let manifest = try #require(result.manifest)
    #expect(manifest.balanced)
    #expect(manifest.totals["inputs"] == 3 && manifest.totals["inputsFailed"] == 1)
    #expect(manifest.totals["read"] == 6 && manifest.totals["kept"] == 5)
  }

  @Test("an input whose every record is rejected is listed with its count and top reason")
  func everyRecordRejected() throws {
    let folder = TemporaryDirectory()
    let good = try Self.copy("good.csv", to: folder)
    // Lines 2 and 4: values that are not numbers (bad-number); line 3: an unreadable date.
    let bad = try folder.write(
      "bad.csv",
      "date,metric,value,unit,source\n2024-01-01,steps,abc,count,x\n"
        + "yesterday,steps,5,count,x\n2024-01-03,steps,zz,count,x\n")
    let out = folder.file("samples.hpt")
    let result = try IngestStage.execute(
      IngestOptions(inputs: [bad, good], output: out), progress: .silent)
    #expect(result.exitCode == .partialSuccess)
    let failure = try #require(result.failures.first)
    #expect(result.failures.count == 1 && failure.index == 0 && failure.kind == .nothingKept)
    // 3 read, 0 kept; bad-number twice beats bad-date once; its first one is on line 2.
    #expect(
      failure.error.message
        == "0 of 3 records kept; most common reject reason: bad-number (2), first: line 2: "
        + "value 'abc' is not a number")
    #expect(failure.error.location?.file == bad)
    // Its rejects are written; the input stays in the list with the problem.
    let (header, rejects) = try TableFile.read(Reject.self, from: folder.file("rejects-ingest.hpt"))
    #expect(rejects.count == 3 && rejects.allSatisfy { $0.origin.file == 0 })
    #expect(header.inputs[0].problem?.kind == .nothingKept)
    #expect(header.inputs[0].problem?.message == failure.error.message)
    #expect(header.inputs[0].crc32.count == 8)
    #expect(header.inputs[1].problem == nil)
    let manifest = try #require(result.manifest)
    #expect(manifest.balanced && manifest.totals["inputsNothingKept"] == 1)
    #expect(manifest.notes.contains { $0.hasPrefix("input 0 kept nothing (exit 65)") })
  }

  @Test("an input without records, or with every input empty, still writes the tables: exit 1")
  func noRecords() throws {
    let folder = TemporaryDirectory()
    let empty = try folder.write("empty.xml", export(""))
    let headerOnly = try folder.write("header.csv", "date,metric,value,unit,source\n")
    let out = folder.file("samples.hpt")
    let result = try IngestStage.execute(
      IngestOptions(inputs: [empty, headerOnly], output: out), progress: .silent)
    #expect(result.exitCode == .partialSuccess)
    #expect(result.failures.map(\.kind) == [.nothingKept, .nothingKept])
    #expect(
      result.failures[0].error.message
        == "no records found in it (apple-xml): it adds nothing to the tables")
    #expect(result.failures[1].error.message.hasPrefix("no records found in it (long-csv)"))
    let (header, samples) = try TableFile.read(Sample.self, from: out)
    #expect(samples.isEmpty && header.inputs.count == 2)
    #expect(header.inputs.allSatisfy { $0.problem?.kind == .nothingKept })
  }

  @Test("the most common reject code wins; a tie goes to the code that sorts first")
  func tally() {
    var t = RejectTally()
    #expect(t.mostCommon == nil)
    t.add(.malformed, reason: "m1", record: 9)
    t.add(.badDate, reason: "d1", record: 4)
    t.add(.malformed, reason: "m2", record: 2)
    t.add(.badDate, reason: "d2", record: 7)
    t.add(.badNumber, reason: "n1", record: 1)
    // bad-date 2, malformed 2, bad-number 1: "bad-date" < "malformed"; first reason kept.
    let top = t.mostCommon
    #expect(top?.code == .badDate && top?.count == 2)
    #expect(top?.firstReason == "d1" && top?.firstRecord == 4)
    t.add(.malformed, reason: "m3", record: 12)
    #expect(t.mostCommon?.code == .malformed && t.mostCommon?.firstRecord == 9)
  }

  @Test("a long reject reason is cut in the one-line account (it goes into every header)")
  func longReason() throws {
    let folder = TemporaryDirectory()
    // One row whose value is 5,000 letters: its reject reason quotes them all.
    let value = String(repeating: "z", count: 5_000)
    let bad = try folder.write(
      "long.csv", "date,metric,value,unit,source\n2024-01-01,steps,\(value),count,x\n")
    let result = try IngestStage.execute(
      IngestOptions(inputs: [bad], output: folder.file("samples.hpt")), progress: .silent)
    let message = try #require(result.failures.first?.error.message)
    // The prefix, then 300 characters of the reason ("line 2: value 'zzz…"), then "…".
    let prefix = "0 of 1 records kept; most common reject reason: bad-number (1), first: "
    #expect(message.hasPrefix(prefix + "line 2: value 'zzz"))
    #expect(message.count == prefix.count + 300 + 1 && message.hasSuffix("z…"))
  }
}
