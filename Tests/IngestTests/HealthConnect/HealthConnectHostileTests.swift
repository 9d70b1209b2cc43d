import Foundation
import SampleExports
import TestSupport
import Testing

@testable import Ingest

/// Real-life and hostile Health Connect files (docs/ingest-health-connect.md, "Damaged and
/// unusual files"): a clear error or a reject with its reason, nothing lost, nothing
/// written beside the input.
@Suite(.enabled(if: Python.available, "python3 damages the copies"))
struct HealthConnectHostileTests {
  /// A small generated database copied into a fresh folder.
  static func damagedCopy(_ script: String? = nil) throws -> (TemporaryDirectory, String) {
    let (source, path) = try HealthConnectTestSupport.generate(version: 17, days: 3)
    _ = source
    let folder = TemporaryDirectory("hc-hostile")
    let copy = try HealthConnectTestSupport.copy(path, to: folder, as: "export.db")
    if let script { #expect(try Python.succeeds(script, [copy])) }
    return (folder, copy)
  }

  static func read(_ path: String) throws -> Collected {
    try readFile(HealthConnectReader(), path: path, options: berlin)
  }

  @Test("a zip whose .db is cut short: exit 65, the zip named")
  func truncatedZip() throws {
    let (folder, path) = try HealthConnectTestSupport.generate(version: 17, days: 3, bare: false)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let cut = try folder.write("cut.zip", Array(bytes.prefix(bytes.count * 6 / 10)))
    let error = healthError { _ = try Self.read(cut) }
    #expect(error?.code == .dataError)
    #expect(error?.location?.file == cut)
  }

  @Test("a whole zip holding a .db cut short: exit 65, the private copy removed, nothing beside")
  func zipOfTruncatedDatabase() throws {
    // Python's zipfile writes a well-formed zip whose one entry is the first half of the
    // database (an export interrupted while the phone wrote it): the zip reads, the
    // database inside does not.
    let (folder, path) = try Self.damagedCopy()
    #expect(
      try Python.succeeds(
        """
        import sys, zipfile, os
        data = open(sys.argv[1], 'rb').read()
        out = os.path.join(os.path.dirname(sys.argv[1]), 'Health Connect.zip')
        with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
            z.writestr('health_connect_export.db', data[:len(data) // 2 + 100])
        os.remove(sys.argv[1])
        """, [path]))
    let zip = folder.file("Health Connect.zip")
    let scratch = TemporaryDirectory("hc-scratch")
    let before = HealthConnectTestSupport.listing(folder.path)
    let error = healthError {
      _ = try readFile(
        HealthConnectReader(temporaryFolder: scratch.path), path: zip, options: berlin)
    }
    #expect(error?.code == .dataError)
    #expect(error?.location?.file == zip)
    #expect(error?.message.contains("zip entry health_connect_export.db is truncated") == true)
    #expect(HealthConnectTestSupport.listing(scratch.path).isEmpty)
    #expect(HealthConnectTestSupport.listing(folder.path) == before)
  }

  @Test("a bare database cut short: exit 65 with its page count and size")
  func truncatedDatabase() throws {
    let (folder, path) = try Self.damagedCopy()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let cut = try folder.write("cut.db", Array(bytes.prefix(bytes.count / 2 + 100)))
    let error = healthError { _ = try Self.read(cut) }
    #expect(error?.code == .dataError)
    #expect(error?.message.contains("truncated") == true)
  }

  @Test("a WAL-mode database with a write-ahead log beside it is refused; without one it is read")
  func walMode() throws {
    // The writer exits without closing, so its -wal file stays with a change in it.
    let (folder, path) = try Self.damagedCopy(
      """
      import sqlite3, sys, os
      db = sqlite3.connect(sys.argv[1], isolation_level=None)
      db.execute('pragma journal_mode=wal')
      db.execute('pragma wal_autocheckpoint=0')
      db.execute('update weight_record_table set weight = weight + 1')
      os._exit(0)
      """)
    #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    let error = healthError { _ = try Self.read(path) }
    #expect(error?.code == .dataError && error?.message.contains("write-ahead log") == true)
    // Once the log is gone (a copy of the file alone, as the export zip holds), it reads,
    // and a note says the file holds every committed change.
    let alone = try HealthConnectTestSupport.copy(path, to: folder, as: "alone.db")
    let out = try Self.read(alone)
    #expect(out.samples.count > 100)
    #expect(out.sink.notes.contains { $0.contains("WAL mode") })
  }

  @Test("a missing table is a note; the rest is read")
  func missingTable() throws {
    let (folder, path) = try Self.damagedCopy(
      "import sqlite3, sys\nsqlite3.connect(sys.argv[1]).execute('drop table steps_record_table')")
    _ = folder
    let out = try Self.read(path)
    #expect(out.sink.counts["steps_record_table"] == nil)
    #expect(out.samples(.distance).count > 100)
    #expect(
      out.sink.notes.contains(
        "table steps_record_table is missing (schema version 17 has it): nothing read from it"))
  }

  @Test("a table without a column healthpipe needs: exit 65 naming the table, column and version")
  func missingColumn() throws {
    let (folder, path) = try Self.damagedCopy(
      "import sqlite3, sys\nsqlite3.connect(sys.argv[1]).execute('alter table weight_record_table drop column weight')"
    )
    _ = folder
    let error = healthError { _ = try Self.read(path) }
    #expect(error?.code == .dataError)
    #expect(
      error?.message.hasPrefix("table weight_record_table has no column weight (schema version 17")
        == true)
  }

  @Test("offsets in milliseconds are rejects that say so; other rows are read")
  func offsetsInMilliseconds() throws {
    let (folder, path) = try Self.damagedCopy(
      """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1])
      db.execute('update resting_heart_rate_record_table set zone_offset = zone_offset * 1000')
      db.commit()
      """)
    _ = folder
    let out = try Self.read(path)
    let rejects = out.rejects.filter { $0.metric == "restingHeartRate" }
    #expect(!rejects.isEmpty && out.samples(.restingHeartRate).isEmpty)
    #expect(
      rejects.allSatisfy { $0.code == .badDate && $0.reason.contains("looks like milliseconds") })
    #expect(rejects[0].reason.hasPrefix("resting_heart_rate_record_table row "))
    #expect(out.reconciles)
  }

  @Test("NaN as text is read as NaN (clean rejects it); 4.9e-324 is a 'not recorded' reject")
  func notANumberAndTheSentinel() throws {
    let (folder, path) = try Self.damagedCopy(
      """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1])
      db.execute("update weight_record_table set weight = 'NaN' where row_id = (select min(row_id) from weight_record_table)")
      db.execute('update oxygen_saturation_record_table set percentage = 5e-324 where row_id = (select min(row_id) from oxygen_saturation_record_table)')
      db.execute("update respiratory_rate_record_table set rate = 'fast' where row_id = (select min(row_id) from respiratory_rate_record_table)")
      db.commit()
      """)
    _ = folder
    let out = try Self.read(path)
    #expect(out.samples(.bodyMass).contains { $0.value.isNaN })
    let sentinel = out.rejects.filter { $0.metric == "spo2" }
    #expect(sentinel.count == 1 && sentinel[0].code == .missingField)
    #expect(sentinel[0].reason.contains("not recorded"))
    let text = out.rejects.filter { $0.metric == "respiratoryRate" }
    #expect(text.count == 1 && text[0].code == .badNumber && text[0].value == "fast")
    #expect(out.reconciles)
  }

  @Test("another SQLite database is refused as not a Health Connect export")
  func otherDatabase() throws {
    let folder = TemporaryDirectory("hc-other")
    let path = folder.file("other.db")
    #expect(
      try Python.succeeds(
        "import sqlite3, sys\ndb = sqlite3.connect(sys.argv[1]); db.execute('create table t (x)'); db.commit()",
        [path]))
    let error = healthError { _ = try Self.read(path) }
    #expect(error?.code == .dataError)
    #expect(error?.message.hasPrefix("a SQLite database, but not a Health Connect export") == true)
  }

  @Test("format detection: a SQLite file, a zip whose first entry is a .db")
  func detection() throws {
    #expect(
      FormatDetector.format(of: Array("SQLite format 3".utf8) + [0, 16, 0]) == .healthConnect)
    var zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 22)
    let name = Array("health_connect_export.db".utf8)
    zip += [UInt8(name.count), 0, 0, 0] + name
    #expect(FormatDetector.format(of: zip) == .healthConnect)
    var apple: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 22)
    let folder = Array("apple_health_export/".utf8)
    apple += [UInt8(folder.count), 0, 0, 0] + folder
    #expect(FormatDetector.format(of: apple) == .appleZip)
  }
}
