import Exports
import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Interop

/// The SQLite layout of docs/interop.md, piece by piece: ISO texts written by hand from the
/// calendar, table names and keys per table kind, the view's SQL, and finding the tables
/// of a folder by their headers.
@Suite("SQLite schema")
struct SQLiteSchemaTests {
  func time(_ epoch: Int64, _ offset: Int64?) -> String {
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: ISOText.capacity)
    defer { p.deallocate() }
    var cache = ISOText.Cache()
    let n = ISOText.time(epoch, offset: offset, into: p, cache: &cache)
    return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
  }

  func day(_ number: Int64) -> String {
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: ISOText.capacity)
    defer { p.deallocate() }
    var cache = ISOText.Cache()
    let n = ISOText.day(number, into: p, cache: &cache)
    return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
  }

  @Test("ISO 8601 text: local time with the row's offset (west, east, half hours, seconds), days")
  func isoText() {
    // 1,794,781,200 s = 20,772 days (Sun 15 Nov 2026) + 80,400 s (22:20:00), UTC.
    #expect(time(1_794_781_200, 0) == "2026-11-15T22:20:00Z")
    #expect(time(1_794_781_200, nil) == "2026-11-15T22:20:00Z")
    // New York in November is -05:00: 17:20 local, the same day.
    #expect(time(1_794_781_200, -18_000) == "2026-11-15T17:20:00-05:00")
    // Three hours east of UTC: past midnight, the next local day.
    #expect(time(1_794_781_200, 10_800) == "2026-11-16T01:20:00+03:00")
    // India, +05:30; and a local mean time with seconds (Amsterdam 1909, +00:19:32).
    #expect(time(1_794_781_200, 19_800) == "2026-11-16T03:50:00+05:30")
    #expect(time(0, 1_172) == "1970-01-01T00:19:32+00:19:32")
    // Before 1970.
    #expect(time(-1, 0) == "1969-12-31T23:59:59Z")
    #expect(day(0) == "1970-01-01")
    #expect(day(20_772) == "2026-11-15")
    #expect(day(-719_528) == "0000-01-01")
  }

  func header(_ kind: TableKind, stage: String, _ columns: [ColumnSpec]) -> TableHeader {
    TableHeader(kind: kind, columns: columns, stage: stage)
  }

  @Test("tables: names by kind and stage, snake-case columns, keys and indexes")
  func tables() {
    let samples = SQLiteTable(
      path: "s.hpt", header: header(.samples, stage: "ingest", Sample.columns))
    #expect(samples.name == "samples")
    #expect(
      samples.columns.map(\.name) == [
        "id", "day", "metric", "start", "end", "utc_offset", "value", "min", "max", "unit",
        "category", "source", "device_id", "source_kind", "user_entered", "hrv_kind", "file",
        "record",
      ])
    #expect(samples.primaryKey.isEmpty)
    #expect(samples.indexes == [["metric", "day"], ["day", "metric"]])
    #expect(samples.createStatement.contains("\"id\" INTEGER PRIMARY KEY NOT NULL"))
    #expect(
      samples.createStatement.contains(
        "\"device_id\" INTEGER NOT NULL REFERENCES \"devices\" (\"id\")"))
    #expect(samples.createStatement.contains("\"min\" REAL,"))
    #expect(
      samples.insertStatement.hasSuffix("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"))

    let cleaned = SQLiteTable(
      path: "c.hpt", header: header(.samples, stage: "clean", Sample.columns))
    #expect(cleaned.name == "clean_samples")
    let rejects = SQLiteTable(
      path: "r.hpt", header: header(.rejects, stage: "clean", Reject.columns))
    #expect(rejects.name == "rejects_clean")
    #expect(rejects.columns.first { $0.name == "day" }?.notNull == false)  // start may be missing

    let daily = SQLiteTable(
      path: "d.hpt", header: header(.daily, stage: "aggregate", DailyValue.columns))
    #expect(daily.createStatement.hasSuffix("PRIMARY KEY (\"day\", \"metric\", \"category\")\n)"))
    #expect(
      daily.indexStatements == [
        "CREATE INDEX \"daily_metric_day\" ON \"daily\" (\"metric\", \"day\")"
      ])
    let baselines = SQLiteTable(
      path: "b.hpt", header: header(.baselines, stage: "aggregate", BaselineRow.columns))
    #expect(baselines.columns.map(\.name).contains("base14_sd"))
    #expect(baselines.columns.map(\.name).contains("delta_yesterday_percent"))
  }

  @Test("daily_wide: one CASE per column, snapped to 12 digits, then rounded as daily.csv")
  func view() throws {
    let columns = WideColumn.layout([
      (.steps, "", false), (.spo2, "", true), ("Walking Speed", "", false),
    ])
    let sql = DailyWideView.createStatement(columns)
    #expect(sql.hasPrefix("CREATE VIEW daily_wide AS SELECT\n  day,\n"))
    #expect(
      sql.contains(
        "max(CASE WHEN metric = 'steps' AND category = '' AND unit = 'count' THEN "
          + "CAST(round(CAST(printf('%.12g', value) AS REAL)) AS INTEGER) END) AS \"steps\""))
    #expect(
      sql.contains(
        "THEN round(CAST(printf('%.12g', \"min\" * 100) AS REAL), 1) END) AS \"spo2_min\""))
    #expect(!sql.contains("Walking"))
    #expect(sql.hasSuffix("FROM daily GROUP BY day ORDER BY day"))
    #expect(SQL.literal("Jane's") == "'Jane''s'")
    #expect(SQL.identifier("a\"b") == "\"a\"\"b\"")
  }

  @Test("a folder's tables are found by their headers, one level down, in a fixed order")
  func discovery() throws {
    let temporary = TemporaryDirectory("interop")
    let dir = temporary.path
    try FileManager.default.createDirectory(
      atPath: dir + "/agg/deeper", withIntermediateDirectories: true)
    try TableFile.write([Sample](), to: dir + "/z-raw.hpt", stage: "ingest")
    try TableFile.write([Sample](), to: dir + "/a-clean.hpt", stage: "clean")
    try TableFile.write([DailyValue](), to: dir + "/agg/daily.hpt", stage: "aggregate")
    // Two levels down: not read.
    try TableFile.write([WeeklyRow](), to: dir + "/agg/deeper/weekly.hpt", stage: "aggregate")
    let names = try WorkFolderTables.find(dir).map(\.name)
    #expect(names == ["samples", "clean_samples", "daily"])
    try TableFile.write([Sample](), to: dir + "/agg/copy.hpt", stage: "ingest")
    #expect(throws: HealthError.self) { try WorkFolderTables.find(dir) }
    do {
      _ = try WorkFolderTables.find(dir)
    } catch let error as HealthError {
      #expect(error.code == .usage)
      #expect(error.message.contains("z-raw.hpt") && error.message.contains("copy.hpt"))
    }
  }
}
