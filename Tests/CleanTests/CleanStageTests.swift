import Clean
import Foundation
import HealthCore
import HealthModel
import HealthSystem
import TestSupport
import Testing

@Suite("Clean stage: tables, rejects, manifest, determinism")
struct CleanStageTests {
  typealias F = Fixtures

  /// A small mixed table. Hand count per metric (read = cleaned + rejected + duplicate +
  /// overlapped):
  /// - steps: 4 read: watch kept, phone half covered (trimmed, cleaned), phone entirely
  ///   covered (overlapped), one 60,001 steps (rejected) -> 4 = 2 + 1 + 0 + 1
  /// - heartRate: 4 read: watch 70, its exact copy (duplicate), phone 1 s later
  ///   (overlapped), 312 bpm (rejected) -> 4 = 1 + 1 + 1 + 1
  /// - spo2: 2 read (HAE 97 and 45): 0.97 kept, 0.45 rejected -> 2 = 1 + 1 + 0 + 0
  /// - bodyMass: 1 read in lb, kept -> 1 = 1 + 0 + 0 + 0
  /// - zinc (raw): 1 read, kept as is -> 1 = 1 + 0 + 0 + 0
  /// Total 12 = 6 + 3 + 1 + 2; rows written: 6 (no trimmed sample has two pieces).
  /// Sources (samples read): watch 7 (steps 2, heart rate 3, spo2 2), phone 3, Cronometer
  /// 1, Withings 1.
  static func mixedSamples() -> [Sample] {
    var list = SampleList()
    list.add(.steps, start: F.ten + 600, end: F.ten + 1_800, 150, "count")
    list.add(.steps, start: F.ten, end: F.ten + 1_200, 200, "count", source: F.phone)
    list.add(.steps, start: F.ten + 900, end: F.ten + 1_200, 50, "count", source: F.phone)
    list.add(.steps, start: F.ten + 7_200, end: F.ten + 7_260, 60_001, "count")
    list.add(.heartRate, start: F.ten, 70, "count/min")
    list.add(.heartRate, start: F.ten, 70, "count/min")
    list.add(.heartRate, start: F.ten + 1, 71, "count/min", source: F.phone)
    list.add(.heartRate, start: F.ten + 60, 312, "count/min")
    list.add(.spo2, start: F.ten, 97, "%", file: 1)
    list.add(.spo2, start: F.ten + 60, 45, "%", file: 1)
    list.add(.bodyMass, start: F.ten, 154, "lb", source: "Withings")
    list.add("zinc", start: F.ten, 11, "mg", source: "Cronometer", file: 1)
    return list.samples
  }

  static func writeInput(_ dir: TemporaryDirectory, _ samples: [Sample] = mixedSamples()) throws
    -> String
  {
    let path = dir.file("samples.hpt")
    try TableFile.write(
      samples, to: path, stage: "ingest", inputs: [F.appleInput, F.haeInput],
      facts: StageFacts(ingest: ingestFacts))
    return path
  }

  /// The ingest facts of the input table, which clean carries forward unchanged.
  static let ingestFacts = IngestFacts(
    recordsRead: 12, recordsKept: 12, recordsRejected: 0, inputsFailed: 0)

  @Test("the manifest reconciles every metric with hand-counted numbers")
  func manifestReconciles() throws {
    let dir = TemporaryDirectory()
    let input = try Self.writeInput(dir)
    let options = CleanOptions(input: input, output: dir.file("clean.hpt"))
    let manifest = try CleanStage.run(options, progress: .silent)
    #expect(manifest.balanced)
    func line(_ key: String) -> [String: Int64] {
      manifest.reconciliation.first { $0.key == key }?.counts ?? [:]
    }
    func quad(_ key: String) -> [Int64] {
      let c = line(key)
      return [
        c["ingested"] ?? -1, c["cleaned"] ?? -1, c["rejected"] ?? -1, c["duplicate"] ?? -1,
        c["overlapped"] ?? -1,
      ]
    }
    #expect(quad("steps") == [4, 2, 1, 0, 1])
    #expect(quad("heartRate") == [4, 1, 1, 1, 1])
    #expect(quad("spo2") == [2, 1, 1, 0, 0])
    #expect(quad("bodyMass") == [1, 1, 0, 0, 0])
    #expect(quad("zinc") == [1, 1, 0, 0, 0])
    #expect(quad("all") == [12, 6, 3, 1, 2])
    #expect(
      manifest.reconciliation.map(\.key) == [
        "bodyMass", "heartRate", "spo2", "steps", "zinc", "all",
      ])
    #expect(
      manifest.reconciliation.allSatisfy {
        $0.equation == "ingested = cleaned + rejected + duplicate + overlapped"
      })
    #expect(manifest.totals["rows"] == 6)
    #expect(
      manifest.notes.contains {
        $0.contains("input 1 (HealthAutoExport.json, hae-json) declares no export date")
      })

    // The manifest on disk is the one returned.
    let onDisk = try StageManifest.read(from: StageManifest.path(for: dir.file("clean.hpt")))
    #expect(onDisk.reconciliation == manifest.reconciliation)
  }

  @Test("the cleaned table is in canonical units, in table order, with the facts in its header")
  func cleanedTable() throws {
    let dir = TemporaryDirectory()
    let input = try Self.writeInput(dir)
    _ = try CleanStage.run(
      CleanOptions(input: input, output: dir.file("clean.hpt")), progress: .silent)
    let (header, rows) = try TableFile.read(Sample.self, from: dir.file("clean.hpt"))
    #expect(header.stage == "clean")
    #expect(
      rows.map(\.metric.rawValue) == ["bodyMass", "heartRate", "spo2", "steps", "steps", "zinc"])
    #expect(rows.map(\.unit) == ["kg", "count/min", "fraction", "count", "count", "mg"])
    // 154 lb = 69.85322498 kg; 97 % = 0.97; the phone's uncovered 10:00-10:10 is half of
    // its 20 minutes: 100 steps.
    #expect(abs(rows[0].value - 69.853_224_98) < 1e-9)
    #expect(abs(rows[2].value - 0.97) < 1e-12)
    #expect(rows[3].source == F.phone && rows[3].value == 100 && rows[3].end == F.ten + 600)
    #expect(header.inputs.count == 3)
    #expect(header.inputs[2].format == "samples" && header.inputs[2].path == input)
    let facts = try #require(header.facts.clean)
    #expect(
      facts.priority == "manual, Apple Watch, Garmin, Fitbit, Oura, WHOOP, Withings, iPhone, *")
    #expect(facts.read == 12)
    #expect(facts.rejectedByCode == ["out-of-range": 3])
    #expect(facts.duplicates == 1)
    #expect(facts.overlapped == 2)
    #expect(facts.futureDatesUnchecked == [1])
    // Ingest's section rides on unchanged; there is no aggregate section yet.
    #expect(header.facts.ingest == Self.ingestFacts)
    #expect(header.facts.aggregate == nil)
    let sources = facts.sources
    // In priority order: Withings is named in the default list, above the phone.
    #expect(sources.map(\.name) == [F.watch, "Withings", F.phone, "Cronometer"])
    #expect(sources.map(\.samples) == [7, 1, 3, 1])
  }

  @Test("the rejects table sits beside the output by default and has every dropped sample")
  func rejectsTable() throws {
    let dir = TemporaryDirectory()
    let input = try Self.writeInput(dir)
    _ = try CleanStage.run(
      CleanOptions(input: input, output: dir.file("clean.hpt")), progress: .silent)
    let (_, rejects) = try TableFile.read(Reject.self, from: dir.file("rejects-clean.hpt"))
    #expect(rejects.count == 6)
    #expect(rejects.allSatisfy { $0.stage == "clean" })
    #expect(
      rejects.map(\.code) == [
        .overlapped, .outOfRange, .duplicate, .overlapped, .outOfRange, .outOfRange,
      ])
    #expect(rejects.map(\.origin.record) == [3, 4, 6, 7, 8, 10])
    #expect(rejects[4].reason == "312 bpm is above 250" && rejects[4].value == "312")
    #expect(rejects[5].reason == "45 % is below 70" && rejects[5].unit == "%")
  }

  @Test("reruns are byte-identical, and the row order of the input does not matter")
  func deterministic() throws {
    let dir = TemporaryDirectory()
    let input = try Self.writeInput(dir)
    func run(_ name: String, from input: String) throws -> (cleaned: [UInt8], rejects: [UInt8]) {
      let out = dir.file("\(name).hpt")
      _ = try CleanStage.run(
        CleanOptions(input: input, output: out, rejectsOutput: dir.file("\(name)-rejects.hpt")),
        progress: .silent)
      return (try FileReader.readAll(out), try FileReader.readAll(dir.file("\(name)-rejects.hpt")))
    }
    let first = try run("a", from: input)
    let second = try run("b", from: input)
    #expect(first.cleaned == second.cleaned)
    #expect(first.rejects == second.rejects)

    // The same samples in reverse order: the header's input fingerprint differs, the rows
    // may not.
    let reversedInput = dir.file("reversed.hpt")
    try TableFile.write(
      Array(Self.mixedSamples().reversed()), to: reversedInput, stage: "ingest",
      inputs: [F.appleInput, F.haeInput])
    _ = try run("c", from: reversedInput)
    let a = try TableFile.read(Sample.self, from: dir.file("a.hpt")).rows
    let c = try TableFile.read(Sample.self, from: dir.file("c.hpt")).rows
    #expect(a == c)
    let ra = try TableFile.read(Reject.self, from: dir.file("a-rejects.hpt")).rows
    let rc = try TableFile.read(Reject.self, from: dir.file("c-rejects.hpt")).rows
    #expect(ra == rc)
  }

  @Test("bad options and bad tables give the documented exit codes and write nothing")
  func errors() throws {
    let dir = TemporaryDirectory()
    let input = try Self.writeInput(dir)
    func code(_ options: CleanOptions) -> ExitCode? {
      do {
        _ = try CleanStage.run(options, progress: .silent)
        return .success
      } catch let error as HealthError {
        return error.code
      } catch {
        return nil
      }
    }
    // A bad priority list cannot reach the stage: it is refused when parsed (64).
    #expect {
      try SourcePriority(entries: ["iPhone", ""])
    } throws: { error in
      (error as? HealthError)?.code == .usage
    }
    #expect(
      code(CleanOptions(input: input, output: dir.file("x.hpt"), rejectsOutput: dir.file("x.hpt")))
        == .usage)
    #expect(
      code(CleanOptions(input: dir.file("missing.hpt"), output: dir.file("x.hpt"))) == .noInput)
    #expect(
      code(CleanOptions(input: input, output: dir.file("no/such/folder/x.hpt"))) == .cannotCreate)

    // A rejects table is not a samples table.
    let rejectsTable = dir.file("r.hpt")
    try TableFile.write([Reject](), to: rejectsTable, stage: "ingest")
    #expect(code(CleanOptions(input: rejectsTable, output: dir.file("x.hpt"))) == .dataError)

    // A sample whose origin names an input the header does not list.
    let orphan = dir.file("orphan.hpt")
    try TableFile.write(Self.mixedSamples(), to: orphan, stage: "ingest", inputs: [F.appleInput])
    #expect(code(CleanOptions(input: orphan, output: dir.file("x.hpt"))) == .dataError)

    #expect(!FileManager.default.fileExists(atPath: dir.file("x.hpt")))
    #expect(!FileManager.default.fileExists(atPath: dir.file("rejects-clean.hpt")))
  }

  @Test("an empty samples table gives empty tables and a balanced manifest")
  func empty() throws {
    let dir = TemporaryDirectory()
    let input = try Self.writeInput(dir, [])
    let manifest = try CleanStage.run(
      CleanOptions(input: input, output: dir.file("clean.hpt")), progress: .silent)
    #expect(manifest.balanced)
    #expect(manifest.totals["read"] == 0)
    #expect(try TableFile.read(Sample.self, from: dir.file("clean.hpt")).rows.isEmpty)
  }

  @Test("cleaning a cleaned table changes nothing but the header")
  func idempotent() throws {
    let dir = TemporaryDirectory()
    let input = try Self.writeInput(dir)
    _ = try CleanStage.run(
      CleanOptions(input: input, output: dir.file("once.hpt")), progress: .silent)
    _ = try CleanStage.run(
      CleanOptions(
        input: dir.file("once.hpt"), output: dir.file("twice.hpt"),
        rejectsOutput: dir.file("twice-rejects.hpt")), progress: .silent)
    let once = try TableFile.read(Sample.self, from: dir.file("once.hpt")).rows
    let twice = try TableFile.read(Sample.self, from: dir.file("twice.hpt")).rows
    #expect(once == twice)
    #expect(try TableFile.read(Reject.self, from: dir.file("twice-rejects.hpt")).rows.isEmpty)
  }
}
