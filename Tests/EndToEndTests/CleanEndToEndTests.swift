import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// Runs the built `healthpipe clean` on a samples table written here with HealthCore
/// (standing in for `healthpipe ingest`).
@Suite("healthpipe clean")
struct CleanEndToEndTests {
  static let t0: Int64 = 1_704_103_200  // 2024-01-01T10:00:00Z
  static let apple = InputDescriptor(
    index: 0, path: "export.xml", format: "apple-xml", size: 1, crc32: "00000000",
    exportDate: 1_717_200_000)
  static let hae = InputDescriptor(
    index: 1, path: "HealthAutoExport.json", format: "hae-json", size: 1, crc32: "00000000")

  static func sample(
    _ metric: String, _ start: Int64, _ end: Int64, _ value: Double, _ unit: String,
    _ source: String, file: Int32 = 0, record: Int64
  ) -> Sample {
    Sample(
      metric: MetricID(metric), start: start, end: end, utcOffset: 0, value: value, unit: unit,
      source: source, origin: Origin(file: file, record: record))
  }

  /// Hand count: the watch steps 10:10-10:30 (150) are kept; their copy (record 3) is a
  /// duplicate; the phone steps 10:00-10:20 (200) are half under the watch, so they count
  /// 10:00-10:10 only: 100; heart rate 72 is kept, 312 rejected; SpO2 97 from Health Auto
  /// Export becomes 0.97. 6 read = 4 cleaned + 1 rejected + 1 duplicate + 0 overlapped.
  static func writeSamples(_ path: String) throws {
    let samples = [
      sample("steps", t0 + 600, t0 + 1_800, 150, "count", "Jane’s Apple Watch", record: 1),
      sample("steps", t0, t0 + 1_200, 200, "count", "Jane’s iPhone", record: 2),
      sample("steps", t0 + 600, t0 + 1_800, 150, "count", "Jane’s Apple Watch", record: 3),
      sample("heartRate", t0, t0, 72, "count/min", "Jane’s Apple Watch", record: 4),
      sample("heartRate", t0 + 60, t0 + 60, 312, "count/min", "Jane’s Apple Watch", record: 5),
      sample("spo2", t0, t0, 97, "%", "Jane’s Apple Watch", file: 1, record: 1),
    ]
    try TableFile.write(samples, to: path, stage: "ingest", inputs: [apple, hae])
  }

  @Test("cleans a table: exit 0, summary on stderr, tables and a balanced manifest")
  func cleans() throws {
    let dir = TemporaryDirectory()
    try Self.writeSamples(dir.file("samples.hpt"))
    let r = try Healthpipe.run(["clean", dir.file("samples.hpt"), "--out", dir.file("clean.hpt")])
    #expect(r.code == 0, "stderr: \(r.stderr)")
    #expect(r.stdout.isEmpty)
    #expect(
      r.stderr.contains(
        "clean: 6 read, 4 cleaned (1 trimmed, 4 rows), 1 rejected, 1 duplicates, 0 overlapped"))
    let (_, rows) = try TableFile.read(Sample.self, from: dir.file("clean.hpt"))
    #expect(rows.map(\.metric.rawValue) == ["heartRate", "spo2", "steps", "steps"])
    #expect(rows.filter { $0.metric == .steps }.map(\.value) == [100, 150])
    let (_, rejects) = try TableFile.read(Reject.self, from: dir.file("rejects-clean.hpt"))
    #expect(rejects.map(\.code.rawValue) == ["duplicate", "out-of-range"])
    let manifest = try StageManifest.read(from: dir.file("clean.hpt.manifest.json"))
    #expect(manifest.balanced)
    #expect(manifest.reconciliation.last?.counts["ingested"] == 6)

    // The rejects table exports to CSV with the reason.
    let csv = try Healthpipe.run(["export", dir.file("rejects-clean.hpt")])
    #expect(csv.code == 0)
    #expect(csv.stdout.contains("312 bpm is above 250"))
  }

  @Test("a rerun is byte-identical; --quiet prints nothing; --priority is honoured")
  func rerunAndOptions() throws {
    let dir = TemporaryDirectory()
    try Self.writeSamples(dir.file("samples.hpt"))
    let first = try Healthpipe.run([
      "clean", dir.file("samples.hpt"), "--out", dir.file("a.hpt"), "--rejects", dir.file("ra.hpt"),
    ])
    let second = try Healthpipe.run([
      "clean", dir.file("samples.hpt"), "--out", dir.file("b.hpt"), "--rejects", dir.file("rb.hpt"),
      "--quiet",
    ])
    #expect(first.code == 0 && second.code == 0)
    #expect(second.stderr.isEmpty)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: dir.file("a.hpt")))
        == Data(contentsOf: URL(fileURLWithPath: dir.file("b.hpt"))))
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: dir.file("ra.hpt")))
        == Data(contentsOf: URL(fileURLWithPath: dir.file("rb.hpt"))))

    // Phone first: the phone's 200 steps count whole, the watch keeps 10:20-10:30 only:
    // 150 * 10/20 = 75.
    let phoneFirst = try Healthpipe.run([
      "clean", dir.file("samples.hpt"), "--out", dir.file("p.hpt"), "--priority", "iPhone, *",
    ])
    #expect(phoneFirst.code == 0, "stderr: \(phoneFirst.stderr)")
    let steps = try TableFile.read(Sample.self, from: dir.file("p.hpt")).rows.filter {
      $0.metric == .steps
    }
    #expect(steps.map(\.value) == [200, 75])
  }

  @Test("usage errors exit 64, a missing table 66, a non-table 65; outputs stay untouched")
  func errors() throws {
    let dir = TemporaryDirectory()
    try Self.writeSamples(dir.file("samples.hpt"))
    let good = try Healthpipe.run(["clean", dir.file("samples.hpt"), "--out", dir.file("c.hpt")])
    #expect(good.code == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: dir.file("c.hpt")))

    let noOut = try Healthpipe.run(["clean", dir.file("samples.hpt")])
    #expect(noOut.code == 64 && noOut.stderr.contains("--out"))
    let badList = try Healthpipe.run([
      "clean", dir.file("samples.hpt"), "--out", dir.file("c.hpt"), "--priority", "iPhone,,*",
    ])
    #expect(badList.code == 64 && badList.stderr.contains("entry 2"))
    let missing = try Healthpipe.run(["clean", dir.file("nope.hpt"), "--out", dir.file("c.hpt")])
    #expect(missing.code == 66 && missing.stderr.contains("nope.hpt"))
    try Data("date,metric\n".utf8).write(to: URL(fileURLWithPath: dir.file("x.csv")))
    let notTable = try Healthpipe.run(["clean", dir.file("x.csv"), "--out", dir.file("c.hpt")])
    #expect(notTable.code == 65 && notTable.stderr.contains("x.csv"))

    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("c.hpt"))) == before)
  }
}
