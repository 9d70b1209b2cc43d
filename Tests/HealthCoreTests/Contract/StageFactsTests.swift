import Foundation
import HealthCore
import HealthModel
import HealthSystem
import TestSupport
import Testing

@Suite("The facts stages hand on in table headers")
struct StageFactsTests {
  static let ingest = IngestFacts(
    recordsRead: 100, recordsKept: 97, recordsRejected: 3, inputsFailed: 1,
    healthConnect: [
      HealthConnectFacts(
        input: 1, schemaVersion: 15,
        apps: [.init(package: "com.oura", name: "Oura", source: "Oura")],
        priority: ["SLEEP": ["Oura"]])
    ])

  static let clean = CleanFacts(
    priority: "manual, iPhone, *", read: 97, cleaned: 90, rows: 91, trimmed: 1, rejected: 3,
    rejectedByCode: ["out-of-range": 3, "future-date": 0], duplicates: 3, overlapped: 1,
    sources: [.init(name: "Jo’s iPhone", rank: 1, priority: "iPhone", samples: 97)],
    futureDatesUnchecked: [0, 2],
    nightWindows: [
      NightWindow(day: LocalDay(iso: "2026-11-10")!, start: 1_794_282_600, end: 1_794_310_800),
      NightWindow(day: LocalDay(iso: "2026-11-08")!, start: 1_794_117_841, end: 1_794_144_553),
    ])

  static let aggregate = AggregateFacts(
    asOf: LocalDay(iso: "2026-11-15"), dataThrough: LocalDay(iso: "2026-11-14"),
    pinned: ["hrvLnSDNN", "steps"], weekStart: .sunday, keyMetrics: ["steps"],
    goals: [
      .init(name: "walk", description: "walk 5 km", conditions: "distance ≥ 5 km", weeklyTarget: 3)
    ],
    backfillDays: 90, samples: .init(read: 91, used: 80, afterAsOf: 10, ignored: 1),
    rejects: ["clean.out-of-range": 2, "ingest.bad-date": 1],
    quality: DataQualityFacts(recordsRead: 100, sources: []),
    lastDays: ["steps": LocalDay(iso: "2026-11-14")!],
    partialNights: [LocalDay(iso: "2026-11-14")!, LocalDay(iso: "2026-11-02")!],
    sleepGoalMinutes: 450.5,
    arrivals: ["steps": ["avg7": LocalDay(iso: "2026-11-04")!]], timeZone: "Europe/Berlin")

  /// A samples table with `facts` in `dir`; its path.
  static func table(_ facts: StageFacts, in dir: TemporaryDirectory) throws -> String {
    let path = dir.file("t.hpt")
    try TableFile.write([Sample](), to: path, stage: "test", facts: facts)
    return path
  }

  /// The header JSON of the table at `path`.
  static func headerJSON(_ path: String) throws -> String {
    let bytes = try FileReader.readAll(path)
    let length = Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16 | Int(bytes[15]) << 24
    return String(decoding: bytes[16..<16 + length], as: UTF8.self)
  }

  @Test("a table round-trips its facts, every section and field")
  func roundTrip() throws {
    let dir = TemporaryDirectory("stage-facts")
    let facts = StageFacts(ingest: Self.ingest, clean: Self.clean, aggregate: Self.aggregate)
    let path = try Self.table(facts, in: dir)
    #expect(try TableFile.header(of: path).facts == facts)
    // No section: an empty object, read back as no section (not an error).
    let none = try Self.table(StageFacts(), in: dir)
    #expect(try Self.headerJSON(none).contains(#""facts":{},"format":"healthpipe-table""#))
    #expect(try TableFile.header(of: none).facts.isEmpty)
  }

  @Test("the header's facts object: sections by stage, keys sorted, as docs/table-format.md shows")
  func shape() throws {
    let dir = TemporaryDirectory("stage-facts")
    let ingest = IngestFacts(recordsRead: 100, recordsKept: 97, recordsRejected: 3, inputsFailed: 1)
    let path = try Self.table(StageFacts(ingest: ingest), in: dir)
    let json = try Self.headerJSON(path)
    #expect(
      json.contains(
        #""facts":{"ingest":{"habitsFound":[],"healthConnect":[],"inputsFailed":1,"#
          + #""recordsKept":97,"recordsRead":100,"recordsRejected":3}}"#))
    #expect(!json.contains("\"meta\""))
    #expect(json.contains(#""version":2"#))
  }

  @Test("constructors keep only codes with rejects, nights and partial nights in day order")
  func normalised() {
    #expect(Self.clean.rejectedByCode == ["out-of-range": 3])
    #expect(Self.clean.nightWindows.map(\.day.description) == ["2026-11-08", "2026-11-10"])
    #expect(
      Self.aggregate.partialNights.map(\.description) == ["2026-11-02", "2026-11-14"])
    #expect(
      DataQualityFacts(rejectedByCode: ["a": 0, "b": 2]).rejectedByCode == ["b": 2])
  }

  @Test("fields: one dotted path per value, lists as JSON, for inspect and SQLite")
  func fields() throws {
    var aggregate = AggregateFacts(asOf: LocalDay(iso: "2026-11-15"), pinned: ["a", "b"])
    aggregate.quality.duplicates = 4
    aggregate.rejects = ["clean.bad-unit": 2]
    let lines = try StageFacts(aggregate: aggregate).fields()
    let expected: [(String, String)] = [
      ("aggregate.arrivals", "{}"), ("aggregate.asOf", "2026-11-15"),
      ("aggregate.goals", "[]"), ("aggregate.habits", "[]"), ("aggregate.keyMetrics", "[]"),
      ("aggregate.lastDays", "{}"), ("aggregate.partialNights", "[]"),
      ("aggregate.pinned", #"["a","b"]"#), ("aggregate.pinnedIgnored", "[]"),
      ("aggregate.quality.duplicates", "4"), ("aggregate.quality.inputProblems", "[]"),
      ("aggregate.quality.rejectedByCode", "{}"), ("aggregate.rejects.clean.bad-unit", "2"),
    ]
    #expect(lines.map(\.path) == expected.map(\.0))
    #expect(lines.map(\.value) == expected.map(\.1))
  }

  @Test("a table of the format before this one is refused: exit 65, rerun the stage")
  func oldVersion() throws {
    let dir = TemporaryDirectory("stage-facts")
    let path = try Self.table(StageFacts(ingest: Self.ingest), in: dir)
    var bytes = try FileReader.readAll(path)
    bytes[8] = 1  // the u32 version before the header JSON: version 1 (header `meta`)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let error = try #require(throws: HealthError.self) { _ = try TableFile.header(of: path) }
    #expect(error.code == .dataError)
    #expect(error.code.rawValue == 65)
    #expect(
      error.message == "table format version 1 is not supported (this healthpipe reads version 2)")
    #expect(error.location?.file == path)
    #expect(error.location?.byteOffset == 8)
    #expect(error.hint == "rerun the stage that wrote it with this healthpipe")
  }

  @Test(
    "damaged facts are a typed error naming the field, never a crash",
    arguments: [
      (
        #""asOf":"2026-11-15""#, #""asOf":"2026-13-01""#,
        "facts.aggregate.asOf: not a yyyy-MM-dd date"
      ),
      (
        #""recordsRead":100,"recordsRejected""#, #""recordsRejected""#,
        "facts.ingest.recordsRead: missing"
      ),
      (#""inputsFailed":1"#, #""inputsFailed":"one""#, "facts.ingest.inputsFailed: not a Int"),
      (
        #""pinned":["hrvLnSDNN","steps"]"#, #""pinned":"hrvLnSDNN""#,
        "facts.aggregate.pinned: not a Array"
      ),
      (
        #""start":1794117841"#, #""start":null"#,
        "facts.clean.nightWindows[0].start: null where a Int64 belongs"
      ),
    ])
  func damaged(_ from: String, _ to: String, _ message: String) throws {
    let facts = StageFacts(ingest: Self.ingest, clean: Self.clean, aggregate: Self.aggregate)
    let path = try HeaderChecksTests.table(facts: facts) { json in
      #expect(json.contains(from))
      return json.replacingOccurrences(of: from, with: to)
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = try #require(throws: HealthError.self) { _ = try TableFile.header(of: path) }
    #expect(error.code == .dataError)
    #expect(error.message.hasPrefix("table header's stage facts are damaged: "), "\(error.message)")
    #expect(error.message.contains(message), "\(error.message)")
    #expect(error.location == SourceLocation(file: path, byteOffset: 16))
    #expect(error.hint?.contains("rerun the stage that wrote it") == true)
  }

  @Test("a header without its facts object is damaged too")
  func missingFacts() throws {
    let path = try HeaderChecksTests.table(facts: StageFacts()) {
      $0.replacingOccurrences(of: #""facts":{},"#, with: "")
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = try #require(throws: HealthError.self) { _ = try TableFile.header(of: path) }
    #expect(error.message == "table header's stage facts are damaged: facts: missing")
  }

  @Test("the aggregate folder's files, with or without a trailing slash")
  func folder() {
    #expect(AggregateFolder.path(AggregateFolder.daily, in: "w/agg") == "w/agg/daily.hpt")
    #expect(AggregateFolder.path(AggregateFolder.daily, in: "w/agg/") == "w/agg/daily.hpt")
    // Six tables (habits the sixth), then four CSV files each with its CSV on the Web
    // sidecar.
    #expect(AggregateFolder.all.count == 14)
    #expect(AggregateFolder.all.contains("habits.csv-metadata.json"))
    #expect(AggregateFolder.all.contains("daily-other.csv-metadata.json"))
    #expect(StageFiles.beside("w/x.hpt", StageFiles.ingestRejects) == "w/rejects-ingest.hpt")
    #expect(StageFiles.beside("x.hpt", StageFiles.cleanRejects) == "rejects-clean.hpt")
  }
}
