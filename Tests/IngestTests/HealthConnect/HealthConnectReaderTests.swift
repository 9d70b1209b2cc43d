import Foundation
import HealthModel
import HealthSystem
import SampleExports
import TestSupport
import Testing

@testable import Ingest

/// The Health Connect reader on the AOSP schema fixture and on generated exports of every
/// schema version the generator writes: every row is accounted for, against row counts
/// Python's `sqlite3` makes independently.
@Suite(.enabled(if: Python.available, "python3 counts the rows independently"))
struct HealthConnectReaderTests {
  static let fixture = "vendors/health-connect/aosp/healthconnect_staged.db"

  /// Checks that every table's rows are counted: a read type per table the reader reads
  /// (as many records as rows), the records of series parents in the extras, every other
  /// table in the `notRead.` extras with its row count.
  static func expectEveryRowAccountedFor(_ out: Collected, python: [String: Int]) {
    for (type, counts) in out.sink.counts {
      #expect(counts.read == Int64(python[type] ?? -1), "\(type): read \(counts.read)")
      #expect(counts.read == counts.kept + counts.rejected)
    }
    for (table, rows) in python where rows > 0 {
      // Blood pressure counts its two samples as `<table>.systolic` and `.diastolic`.
      let read = out.sink.counts.keys.contains { $0 == table || $0.hasPrefix(table + ".") }
      let parent = out.sink.extra["records.\(table)"] == Int64(rows)
      let unread = out.sink.extra["notRead.\(table)"] == Int64(rows)
      let metadata =
        HealthConnectTable.metadata.contains(table) || table.hasPrefix("sqlite_")
        || table == "android_metadata"
      #expect(read || parent || unread || metadata, "\(table) (\(rows) rows) is not accounted for")
    }
    #expect(Int64(out.samples.count) == out.sink.totals.kept)
    #expect(Int64(out.rejects.count) == out.sink.totals.rejected)
  }

  @Test(
    "the AOSP fixture: every row accounted for, values and devices as stored, file untouched",
    .enabled(if: RealData.isPresent, "needs ../shared/data/real"))
  func aospFixture() throws {
    let path = RealData.path(Self.fixture)
    let folder = (path as NSString).deletingLastPathComponent
    let before = HealthConnectTestSupport.listing(folder)
    let stamp = FileFingerprint.stat(path)
    let out = try readFile(HealthConnectReader(), path: path, options: berlin)
    let python = try HealthConnectTestSupport.pythonCounts(path)
    Self.expectEveryRowAccountedFor(out, python: python)
    // 1 body fat and 2 heights (SOURCES.md): 10 %, 1.0 m, 2023-04-05 at offset 0.
    #expect(out.samples.map(\.metric) == [.bodyFat, .height, .height])
    #expect(out.samples.map(\.value) == [10, 1, 1])
    #expect(out.samples.map(\.unit) == ["%", "m", "m"])
    #expect(
      out.samples.allSatisfy { $0.source == "android.healthconnect.cts" && $0.utcOffset == 0 })
    #expect(LocalDay(epochSeconds: out.samples[0].start, utcOffset: 0).description == "2023-04-05")
    // Device row 1 is AOSP's empty device; row 2 is google / Pixel4a / phone.
    #expect(out.samples[1].device == "" && out.samples[1].sourceKind == .app)
    #expect(
      out.samples[2].device == "name:google Pixel4a, manufacturer:google, model:Pixel4a, type:phone"
    )
    #expect(out.samples[2].sourceKind == .phone)
    #expect(out.sink.notes.contains("Health Connect schema version 9"))
    // Read-only and immutable: nothing created beside it, nothing changed.
    #expect(HealthConnectTestSupport.listing(folder) == before)
    #expect(FileFingerprint.stat(path) == stamp)
  }

  @Test(
    "generated exports of every schema version: every row accounted for",
    arguments: HealthConnectExport.schemaVersions)
  func generatedVersions(version: Int) throws {
    let (folder, path) = try HealthConnectTestSupport.generate(version: version)
    _ = folder
    let out = try readFile(HealthConnectReader(), path: path, options: berlin)
    let python = try HealthConnectTestSupport.pythonCounts(path)
    Self.expectEveryRowAccountedFor(out, python: python)
    #expect(out.sink.notes.contains("Health Connect schema version \(version)"))
    // Version-dependent tables: skin temperature from 11, mindfulness from 14.
    #expect((out.sink.counts["skin_temperature_delta_table"] != nil) == (version >= 11))
    #expect((out.sink.counts["mindfulness_session_record_table"] != nil) == (version >= 14))
    #expect(
      out.sink.extra["notRead.basal_metabolic_rate_record_table"]
        == Int64(python["basal_metabolic_rate_record_table"] ?? -1))
    // The person's order, as the export's app ids name it.
    let facts = out.sink.healthConnect
    #expect(facts?.input == 0)
    #expect(facts?.schemaVersion == version)
    #expect(facts?.order(of: .activity) == ["Samsung Health", "Fit", "Oura", "Health Connect"])
    #expect(facts?.order(of: .sleep) == ["Oura", "Samsung Health"])
    #expect(facts?.apps.count == 6)
  }

  @Test("units, kinds and times as stored: grams, calories, percentages, RMSSD, offsets")
  func valuesAsStored() throws {
    let (folder, path) = try HealthConnectTestSupport.generate(version: 17, days: 3)
    _ = folder
    let out = try readFile(HealthConnectReader(), path: path, options: berlin)
    let python =
      try Python.json(
        """
        import sqlite3, sys, json
        db = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro&immutable=1', uri=True)
        w = db.execute('select weight, time, zone_offset from weight_record_table order by row_id limit 1').fetchone()
        h = db.execute('select heart_rate_variability_millis from heart_rate_variability_rmssd_record_table order by row_id limit 1').fetchone()
        m = db.execute('select count(*) from weight_record_table where recording_method = 3').fetchone()
        print(json.dumps([w[0], w[1] // 1000, w[2], h[0], m[0]]))
        """, [path]) as! [Double]
    let weight = out.samples(.bodyMass)[0]
    #expect(weight.unit == "g" && weight.value == python[0])
    #expect(weight.start == Int64(python[1]) && weight.utcOffset == Int32(python[2]))
    let hrv = out.samples(.hrvRMSSD)[0]
    #expect(hrv.hrvKind == .rmssd && hrv.unit == "ms" && hrv.value == python[3])
    #expect(out.samples(.bodyMass).filter(\.userEntered).count == Int(python[4]))
    #expect(out.samples(.bodyMass).filter(\.userEntered).allSatisfy { $0.sourceKind == .manual })
    #expect(out.samples(.activeEnergy).allSatisfy { $0.unit == "cal" })
    #expect(
      out.samples(.heartRate).allSatisfy { $0.start == $0.end && $0.source == "Samsung Health" })
    #expect(out.samples(.workout).allSatisfy { !$0.category.isEmpty && $0.unit == "min" })
    let stages = Set(out.samples(.sleep).map(\.category))
    #expect(
      stages.isSubset(of: Set(SleepStage.allCases.map(\.rawValue))) && stages.contains("inBed"))
  }

  @Test("a zip is read through a private copy that is removed afterwards")
  func zipLeavesNothing() throws {
    let (folder, path) = try HealthConnectTestSupport.generate(version: 14, days: 3, bare: false)
    let scratch = TemporaryDirectory("hc-scratch")
    let before = HealthConnectTestSupport.listing(folder.path)
    let out = try readFile(
      HealthConnectReader(temporaryFolder: scratch.path), path: path, options: berlin)
    #expect(out.samples.count > 1000)
    #expect(out.sink.notes.contains("read the database from zip entry health_connect_export.db"))
    #expect(HealthConnectTestSupport.listing(scratch.path).isEmpty)
    #expect(HealthConnectTestSupport.listing(folder.path) == before)
    #expect(try FormatDetector.detect(path: path) == .healthConnect)
  }

  @Test("a record table's merged rows are numbered in Android's tie-break order")
  func mergedOrderNumbers() throws {
    let (folder, path) = try HealthConnectTestSupport.generate(version: 10, days: 4)
    _ = folder
    let out = try readFile(HealthConnectReader(), path: path, options: berlin)
    // Python sorts the steps rows by last_modified_time, local start, local end, count,
    // row_id; the n-th of them must be record 1e12 + n.
    let expected =
      try Python.json(
        """
        import sqlite3, sys, json
        db = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro&immutable=1', uri=True)
        rows = db.execute('select start_time, count, last_modified_time, start_zone_offset, end_time, end_zone_offset, row_id from steps_record_table').fetchall()
        rows.sort(key=lambda r: (r[2], r[0] + 1000 * r[3], r[4] + 1000 * r[5], r[1], r[6]))
        print(json.dumps([[r[0] // 1000, r[1], n + 1] for n, r in enumerate(rows) if r[4] + 1000 * r[5] >= r[0] + 1000 * r[3]]))
        """, [path]) as! [[Int]]
    let steps = out.samples(.steps).sorted { $0.origin.record < $1.origin.record }
    #expect(steps.count == expected.count)
    for (sample, row) in zip(steps, expected) {
      #expect(sample.origin.record == 1_000_000_000_000 + Int64(row[2]))
      #expect(sample.start == Int64(row[0]) && sample.value == Double(row[1]))
    }
  }
}
