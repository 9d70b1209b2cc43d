import Foundation
import HealthCore
import HealthModel
import HealthSystem
import TestSupport
import Testing

@testable import Clean

@Suite("Partitioned clean stage: same bytes as the in-memory engine, nothing left behind")
struct PartitionedCleanTests {
  typealias F = Fixtures

  /// Runs the stage and the in-memory reference on the same input and expects the same
  /// bytes in both tables and the same reconciliation, totals and notes.
  func expectSameAsReference(_ input: String, _ dir: TemporaryDirectory, _ label: String)
    throws
  {
    let stage = try CleanStage.run(
      CleanOptions(
        input: input, output: dir.file("\(label)-stage.hpt"),
        rejectsOutput: dir.file("\(label)-stage-rejects.hpt")), progress: .silent)
    let reference = try InMemoryCleanStage.run(
      CleanOptions(
        input: input, output: dir.file("\(label)-reference.hpt"),
        rejectsOutput: dir.file("\(label)-reference-rejects.hpt")))
    let cleaned = try FileReader.readAll(dir.file("\(label)-stage.hpt"))
    let rejects = try FileReader.readAll(dir.file("\(label)-stage-rejects.hpt"))
    #expect(cleaned == (try FileReader.readAll(dir.file("\(label)-reference.hpt"))), "\(label)")
    #expect(
      rejects == (try FileReader.readAll(dir.file("\(label)-reference-rejects.hpt"))), "\(label)")
    #expect(stage.reconciliation == reference.reconciliation, "\(label)")
    #expect(stage.totals == reference.totals, "\(label)")
    #expect(stage.notes == reference.notes, "\(label)")
    #expect(stage.balanced)
  }

  @Test("the synthetic five-year mix, in export order and shuffled: identical tables")
  func syntheticMix() throws {
    let dir = TemporaryDirectory()
    // 80,000 samples: more than `MetricPartitions.bufferedRowsLimit` (65,536), so every
    // buffer is flushed at least once by the global limit, and heart rate (32,000 rows)
    // spans 31 chunks of 1,024.
    let ordered = dir.file("ordered.hpt")
    try SyntheticSamplesTable.write(to: ordered, count: 80_000, seed: 11)
    try expectSameAsReference(ordered, dir, "ordered")

    // The same rows shuffled: metrics interleave in every chunk, no metric arrives in time
    // order (the sort path instead of the already-sorted check), and every reject run is
    // read back in several batches.
    let (header, rows) = try TableFile.read(Sample.self, from: ordered)
    var shuffled = rows
    var rng = SeededRandom(seed: 5)
    for i in stride(from: shuffled.count - 1, to: 0, by: -1) {
      shuffled.swapAt(i, Int(rng.next() % UInt64(i + 1)))
    }
    let input = dir.file("shuffled.hpt")
    try TableFile.write(
      shuffled, to: input, stage: "ingest", inputs: header.inputs, facts: header.facts)
    try expectSameAsReference(input, dir, "shuffled")
  }

  /// Every status and side table at least once, metrics interleaved, and origins shared
  /// between rows (as Health Auto Export's per-line records are).
  static func edgeCases() -> [Sample] {
    var list = SampleList()
    let hae = "Health Auto Export"
    // Heart rate with min/max from Health Auto Export, one with a non-finite minimum.
    list.add(
      .heartRate, start: F.ten, 70, "count/min", source: hae, file: 1, minimum: 60, maximum: 80)
    list.add(.steps, start: F.ten, end: F.ten + 1_800, 300, "count", source: F.phone)
    list.add(
      .heartRate, start: F.ten + 60, 72, "count/min", source: hae, file: 1, minimum: -.infinity,
      maximum: 90)
    list.add(.steps, start: F.ten + 600, end: F.ten + 1_200, 100, "count")  // phone in 3 parts
    list.add(.heartRate, start: F.ten, 70, "count/min")  // watch, same time as HAE
    list.add(.heartRate, start: F.ten + 1, 71, "count/min", source: F.phone)  // within 1 s
    list.add(.heartRate, start: F.ten + 120, 70, "furlong")  // unknown unit
    list.add(.heartRate, start: F.ten + 180, end: F.ten + 100, 70, "count/min")  // end < start
    list.add(.heartRate, start: F.exportDate + 10, 70, "count/min")  // future date
    list.add(.heartRate, start: F.ten + 240, 400, "count/min")  // out of range
    list.add(.heartRate, start: F.ten + 240, 66, "count/min")
    list.add(.heartRate, start: F.ten + 240, 66, "count/min")  // duplicate
    list.add(.steps, start: F.ten + 2_400, end: F.ten + 2_700, 50, "count", source: F.phone)
    list.add(
      .steps, start: F.ten + 2_400, end: F.ten + 2_700, 40, "count", source: "Jane’s iPhone 2")
    list.add(.steps, start: F.ten + 2_000, end: F.ten + 3_000, 200, "count")  // covers both
    // Sleep: the phone's in-bed around the watch's stages, the phone's own asleep (displaced),
    // and an unknown stage.
    let night = F.day0 + 23 * 3_600
    list.add(
      .sleep, start: night, end: night + 28_800, 480, "min", source: F.phone, category: "inBed")
    list.add(.sleep, start: night + 900, end: night + 12_600, 195, "min", category: "asleepCore")
    list.add(
      .sleep, start: night + 600, end: night + 12_000, 190, "min", source: F.phone,
      category: "asleepUnspecified")
    list.add(.sleep, start: night + 12_600, end: night + 13_000, 6, "min", category: "dozing")
    list.add(.bodyMass, start: F.ten, 154, "lb", source: "Withings")
    list.add(.bodyMass, start: F.ten, 69.85, "kg", source: "Withings")
    list.add(.bodyTemperature, start: F.ten, 98.6, "degF", source: "Thermo")
    list.add(.bodyTemperature, start: F.ten + 60, 120, "degF", source: "Thermo")  // 48.9 °C
    list.add(.spo2, start: F.ten, 97, "%", source: hae, file: 1)
    list.add(.spo2, start: F.ten, 0.97, "%")
    list.add("HKQuantityTypeIdentifierDietaryZinc", start: F.ten, 11, "mg", source: "Cronometer")
    list.add("HKQuantityTypeIdentifierDietaryZinc", start: F.ten, 11, "mg", source: "Cronometer")
    // Sources spelt with a decomposed é next to the precomposed one.
    list.add(.heartRate, start: F.ten + 600, 64, "count/min", source: "Ren\u{E9}e’s Watch")
    list.add(.heartRate, start: F.ten + 600, 64, "count/min", source: "Rene\u{301}e’s Watch")
    // Workouts: the watch's run and Strava's copy (one session; Strava's workout, energy
    // in kJ (a side value) and distance go), and a raw metric whose name sorts between the
    // workout metrics, so the group resolved together is written around it.
    for (source, start, kcal) in [(F.watch, F.ten, 1_674.0), ("Strava", F.ten + 60, 1_700)] {
      list.add(
        .workout, start: start, end: start + 2_700, 45, "min", source: source, category: "Running")
      list.add(
        .workoutEnergy, start: start, end: start + 2_700, kcal, "kJ", source: source,
        category: "Running")
      list.add(
        .workoutDistance, start: start, end: start + 2_700, 7, "km", source: source,
        category: "Running")
    }
    list.add("workoutCadence", start: F.ten, 170, "count/min", source: "Strava")
    var samples = list.samples
    // Rows that share an origin: one Health Auto Export line giving several metrics, and two
    // rejects of one metric from the same line (ordered by start, then read order).
    let shared = Origin(file: 1, record: 2)
    for (metric, value, start) in [
      (MetricID.steps, 70_000.0, F.ten + 7_200), (.heartRate, 300, F.ten + 7_200),
      (.heartRate, 301, F.ten + 7_100), (.spo2, 0.2, F.ten + 7_200),
    ] {
      samples.append(
        Sample(
          metric: metric, start: start, end: start, utcOffset: 3_600, value: value,
          unit: metric == .steps ? "count" : metric == .spo2 ? "fraction" : "count/min",
          source: hae, origin: shared))
    }
    return samples
  }

  @Test("edge cases: every reject code, min/max, pieces, sleep, shared origins: identical tables")
  func edgeCaseMix() throws {
    let dir = TemporaryDirectory()
    let input = dir.file("edge.hpt")
    try TableFile.write(
      Self.edgeCases(), to: input, stage: "ingest", inputs: [F.appleInput, F.haeInput])
    try expectSameAsReference(input, dir, "edge")

    // Hand check of the rejects' order where origins are shared: input 1 record 2 holds
    // heart rate 300 (at 12:00) and 301 (at 11:58), SpO2 0.2 and 70,000 steps; rejects go by
    // origin, then metric in UTF-8 order (heartRate < spo2 < steps), then start, so:
    // heartRate 301, heartRate 300, spo2, steps.
    let rejects = try TableFile.read(Reject.self, from: dir.file("edge-stage-rejects.hpt")).rows
    let shared = rejects.filter { $0.origin == Origin(file: 1, record: 2) }
    #expect(shared.map(\.metric) == ["heartRate", "heartRate", "spo2", "steps"])
    #expect(shared.map(\.value) == ["301", "300", "0.2", "70000"])
    // The non-finite minimum is reported from the side table that travelled with its
    // partition.
    #expect(rejects.contains { $0.code == .nonFinite && $0.reason == "minimum is -inf" })
    // The phone's 30-minute steps sample under the watch's 10:10-10:20 is written as two
    // pieces: 10:00-10:10 and 10:20-10:30, 100 steps each (a third of 300 each).
    let steps = try TableFile.read(Sample.self, from: dir.file("edge-stage.hpt")).rows.filter {
      $0.metric == .steps && $0.source == F.phone
    }
    #expect(steps.map(\.value) == [100, 100])
    #expect(steps.map(\.start) == [F.ten, F.ten + 1_200])
    // The workout group was written around the raw metric that sorts inside it: workout,
    // workoutCadence, workoutDistance, workoutEnergy, each with the watch's row only; the
    // watch's 1,674 kJ are 400.0956 kcal (1,674 / 4.184).
    let cleaned = try TableFile.read(Sample.self, from: dir.file("edge-stage.hpt")).rows
    let workoutRows = cleaned.filter { $0.metric.rawValue.hasPrefix("workout") }
    #expect(
      workoutRows.map(\.metric) == [
        "workout", "workoutCadence", "workoutDistance", "workoutEnergy",
      ])
    #expect(
      workoutRows.filter { $0.metric != "workoutCadence" }.allSatisfy { $0.source == F.watch })
    #expect(abs(workoutRows[3].value - 1_674 / 4.184) < 1e-9)
    let stravaRejects = rejects.filter { $0.source == "Strava" && $0.code == .overlapped }
    #expect(stravaRejects.map(\.metric) == ["workout", "workoutEnergy", "workoutDistance"])
    #expect(stravaRejects[1].value == "1700" && stravaRejects[1].unit == "kJ")
  }

  @Test("an empty table and a table of one metric: identical tables")
  func smallTables() throws {
    let dir = TemporaryDirectory()
    let empty = dir.file("empty.hpt")
    try TableFile.write([Sample](), to: empty, stage: "ingest", inputs: [F.appleInput])
    try expectSameAsReference(empty, dir, "empty")
    var list = SampleList()
    for i in 0..<3_000 {
      list.add(.heartRate, start: F.ten + Int64(i), 60 + Double(i % 50), "count/min")
    }
    let one = dir.file("one.hpt")
    try TableFile.write(list.samples, to: one, stage: "ingest", inputs: [F.appleInput])
    try expectSameAsReference(one, dir, "one")
  }

  /// The names in a folder, sorted.
  func listing(_ dir: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
  }

  @Test("no scratch or body file is left beside the output, after success or failure")
  func nothingLeftBehind() throws {
    let dir = TemporaryDirectory()
    let input = dir.file("samples.hpt")
    try TableFile.write(
      Self.edgeCases(), to: input, stage: "ingest", inputs: [F.appleInput, F.haeInput])
    _ = try CleanStage.run(
      CleanOptions(input: input, output: dir.file("clean.hpt")), progress: .silent)
    #expect(
      try listing(dir) == [
        "clean.hpt", "clean.hpt.manifest.json", "rejects-clean.hpt", "samples.hpt",
      ])

    // A row late in the table names an input the header does not list: the stage fails
    // after it has spilled the rows before it, and leaves the folder as it was.
    var samples = Self.edgeCases()
    samples.append(
      Sample(
        metric: .heartRate, start: F.ten, end: F.ten, utcOffset: 0, value: 70, unit: "count/min",
        source: F.watch, origin: Origin(file: 7, record: 1)))
    let bad = dir.file("bad.hpt")
    try TableFile.write(samples, to: bad, stage: "ingest", inputs: [F.appleInput, F.haeInput])
    let before = try listing(dir)
    #expect(throws: HealthError.self) {
      try CleanStage.run(
        CleanOptions(input: bad, output: dir.file("other.hpt")), progress: .silent)
    }
    #expect(try listing(dir) == before)
  }
}

@Suite("Scratch file and reject runs")
struct SpillTests {
  @Test("values come back as written, and the file has no name while it is open")
  func roundTrip() throws {
    let dir = TemporaryDirectory()
    let spill = try SpillFile(beside: dir.file("out.hpt"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    let a = try spill.append([Int64(1), 2, 3])
    let b = try spill.append([Int64(-7)])
    let c = try spill.append([Int64]())
    #expect(try spill.read([a, c, b], as: Int64.self) == [1, 2, 3, -7])
    #expect(spill.size == 32)
    var two = [Int64](repeating: 0, count: 2)
    try two.withUnsafeMutableBufferPointer { try spill.read(a, skip: 1, into: $0) }
    #expect(two == [2, 3])
    // A chunk that claims more than the file holds is an error, not fewer values.
    let beyond = SpillFile.Chunk(offset: 24, count: 2)
    #expect(throws: HealthError.self) { try spill.read([beyond], as: Int64.self) }
    spill.close()
    #expect(throws: HealthError.self) { try spill.read([a], as: Int64.self) }
  }

  @Test("a run written in batches of 3 and read in batches of 4 comes back whole and in order")
  func batches() throws {
    let dir = TemporaryDirectory()
    let spill = try SpillFile(beside: dir.file("out.hpt"))
    var writer = SpillWriter<Int32>(spill: spill, batch: 3)
    var other = SpillWriter<Int32>(spill: spill, batch: 2)
    for value in Int32(0)..<10 {
      try writer.append(value)
      try other.append(-value)  // interleaved in the file with the first run
    }
    let chunks = try writer.finish()
    #expect(chunks.map(\.count) == [3, 3, 3, 1])
    _ = try other.finish()
    var reader = SpillReader<Int32>(chunks: chunks, batch: 4)
    var values: [Int32] = []
    var batches: [Int] = []
    while try reader.next(from: spill) {
      values += reader.buffer
      batches.append(reader.buffer.count)
    }
    #expect(values == Array(0..<10))
    // A batch never crosses a chunk: 3, 3, 3, 1.
    #expect(batches == [3, 3, 3, 1])
    #expect(reader.buffer.isEmpty)
  }

  @Test("a scratch file in a missing folder cannot be created (exit 73)")
  func missingFolder() {
    #expect {
      _ = try SpillFile(beside: "/nonexistent-\(UUID().uuidString)/out.hpt")
    } throws: { ($0 as? HealthError)?.code == .cannotCreate }
  }

  /// A reject record with the given origin and start (its other fields do not matter here).
  func record(file: Int32, record: Int64, start: Int64) -> RejectRecord {
    var store = SampleStore()
    store.rows = [
      StoredSample(
        CompactSample(
          start: start, end: start, value: 0, origin: Origin(file: file, record: record),
          utcOffset: 0, texts: SampleTextIDs(metric: 0, unit: 0, category: 0, source: 0, device: 0),
          sourceKind: .unknown, hrvKind: .none, userEntered: false),
        rank: 0, status: .outOfRange)
    ]
    return RejectRecord(store, index: 0)
  }

  @Test("runs merge by origin, then metric, then start; a run keeps its own order on ties")
  func mergeOrder() throws {
    let dir = TemporaryDirectory()
    let spill = try SpillFile(beside: dir.file("out.hpt"))
    var runs = RejectRuns(spill: spill)
    // Metric ranks: run A is metric 2, run B metric 0, run C metric 1. Each run is in its
    // own order already. By hand, the merged order of (file, record, metric, start) is:
    // (0,1,B,5) (0,1,C,1) (0,1,A,3) (0,2,A,0) (0,2,A,0)' (0,3,B,9) (1,1,C,0) (1,1,A,2).
    func add(_ records: [RejectRecord], metricRank: UInt32) throws {
      try runs.add(metricRank: metricRank) { body in for r in records { try body(r) } }
    }
    try add(
      [
        record(file: 0, record: 1, start: 3), record(file: 0, record: 2, start: 0),
        record(file: 0, record: 2, start: 0), record(file: 1, record: 1, start: 2),
      ], metricRank: 2)
    try add(
      [record(file: 0, record: 1, start: 5), record(file: 0, record: 3, start: 9)],
      metricRank: 0)
    try add([], metricRank: 3)
    try add(
      [record(file: 0, record: 1, start: 1), record(file: 1, record: 1, start: 0)],
      metricRank: 1)
    #expect(runs.count == 8)
    var merged: [String] = []
    try runs.merge { merged.append("\($0.row.file),\($0.row.record),\($0.row.start)") }
    #expect(merged == ["0,1,5", "0,1,1", "0,1,3", "0,2,0", "0,2,0", "0,3,9", "1,1,0", "1,1,2"])
  }
}
