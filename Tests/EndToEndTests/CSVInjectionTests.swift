import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// Hostile inputs (docs/reliability.md): formula injection through CSV outputs, and NUL characters.
/// A workout or source name such as `=HYPERLINK(…)` reached `daily.csv`, `weekly.csv` and the
/// `export` CSV as a live formula; NUL bytes were kept from CSV inputs and written raw into the
/// export. Now every CSV healthpipe writes neutralises formula-like text (a leading apostrophe),
/// never a number; `export --raw` keeps text as stored; NUL never reaches a text output, and a
/// record whose text holds one is rejected at ingest whatever the format.
@Suite("CSV formula injection and NUL characters")
struct CSVInjectionTests {
  static let workouts =
    "Type,Start,End,Duration,Total Energy (kcal),Active Energy (kcal),Max Heart Rate (bpm),Avg Heart Rate (bpm),Distance (mi),Avg Speed(mi/hr),Step Count (count),Step Cadence (spm),Swimming Stroke Count (count),Swim Stoke Cadence (spm),Flights Climbed (count),Elevation Ascended (ft),Elevation Descended (ft)\n"
    + "\"=HYPERLINK(\"\"http://evil.example/\"\",\"\"click\"\")\",2024-05-06 18:21,2024-05-06 19:05,00:44:19,570.06,522.2,162,150.82,4.94,6.69,7430,2.794,,,,,\n"
    + "@SUM(1+1),2024-05-07 18:21,2024-05-07 19:05,00:44:19,570.06,522.2,162,150.82,4.94,6.69,7430,2.794,,,,,\n"

  static let long =
    "date,metric,value,unit,source\n2024-05-06,steps,5000,count,\"=cmd|'/C calc'!A0\"\n"
    + "2024-05-07,-weird,-5,count,+phone\n"

  /// Ingest, clean and aggregate both inputs in a fresh folder.
  static func pipeline() throws -> TemporaryDirectory {
    let dir = TemporaryDirectory("formula")
    try workouts.write(toFile: dir.file("w.csv"), atomically: false, encoding: .utf8)
    try long.write(toFile: dir.file("l.csv"), atomically: false, encoding: .utf8)
    for arguments in [
      ["ingest", "w.csv", "l.csv", "--out", "s.hpt", "--timezone", "UTC"],
      ["clean", "s.hpt", "--out", "c.hpt"],
      ["aggregate", "c.hpt", "--out", "agg", "--as-of", "2024-05-08"],
    ] {
      let r = try Healthpipe.run(arguments, in: dir.path)
      #expect(r.code == 0, "\(arguments[0]): \(r.stderr)")
    }
    return dir
  }

  /// Whether any cell of a CSV text starts with a formula character (after its quote).
  static func liveFormulas(_ csv: String) -> [String] {
    CSVRecords.parse(csv).flatMap(\.fields).filter {
      guard let first = $0.unicodeScalars.first else { return false }
      return "=+-@\t\r".unicodeScalars.contains(first) && Double($0) == nil
    }
  }

  @Test("daily.csv, weekly.csv and export CSV hold no live formula; numbers keep their sign")
  func neutralised() throws {
    let dir = try Self.pipeline()
    let daily = try String(contentsOfFile: dir.file("agg/daily.csv"), encoding: .utf8)
    let other = try String(contentsOfFile: dir.file("agg/daily-other.csv"), encoding: .utf8)
    let weekly = try String(contentsOfFile: dir.file("agg/weekly.csv"), encoding: .utf8)
    let export = try Healthpipe.run(["export", "c.hpt"], in: dir.path)
    #expect(export.code == 0)
    for (name, csv) in [
      ("daily.csv", daily), ("daily-other.csv", other), ("weekly.csv", weekly),
      ("export", export.stdout),
    ] {
      #expect(Self.liveFormulas(csv).isEmpty, "\(name): \(Self.liveFormulas(csv))")
    }
    // The unknown metric `-weird` is a row of daily-other.csv (its value a number, kept
    // signed); written by hand from the rule.
    #expect(other.contains("\r\n2024-05-07,'-weird,,-5,,,1,count\r\n"))
    // The activity names head daily.csv columns in snake case: nothing formula-like left.
    #expect(daily.contains(",workout_minutes_hyperlink_http_evil_example_click [min],"))
    let rows = CSVRecords.parse(export.stdout)
    // Columns: metric,start,end,utcOffset,value,…,category(8),source(9).
    let weird = try #require(rows.first { $0.fields[0] == "'-weird" })
    #expect(weird.fields[4] == "-5")  // a numeric column: never changed
    #expect(weird.fields[9] == "'+phone")
    #expect(rows.contains { $0.fields[9] == "'=cmd|'/C calc'!A0" })
    #expect(rows.contains { $0.fields[8] == "'=HYPERLINK(\"http://evil.example/\",\"click\")" })
    #expect(rows.contains { $0.fields[8] == "'@SUM(1+1)" })
  }

  @Test("export --raw keeps text as stored; NDJSON is unchanged by the rule")
  func raw() throws {
    let dir = try Self.pipeline()
    let raw = try Healthpipe.run(["export", "c.hpt", "--raw"], in: dir.path)
    #expect(raw.code == 0)
    let rows = CSVRecords.parse(raw.stdout)
    #expect(rows.contains { $0.fields[0] == "-weird" && $0.fields[9] == "+phone" })
    #expect(rows.contains { $0.fields[8] == "=HYPERLINK(\"http://evil.example/\",\"click\")" })
    let json = try Healthpipe.run(["export", "c.hpt", "--format", "ndjson"], in: dir.path)
    #expect(json.stdout.contains("\"source\":\"+phone\""))
  }

  @Test("a NUL in a CSV or JSON text field rejects that record at its line, like XML")
  func nulRejected() throws {
    let dir = TemporaryDirectory("nul")
    try
      "date,metric,value,unit,source\n2024-05-06,steps,5000,count,ok\n2024-05-07,steps,6000,count,a\u{0}b\n"
      .write(toFile: dir.file("l.csv"), atomically: false, encoding: .utf8)
    let r = try Healthpipe.run(["ingest", "l.csv", "--out", "s.hpt"], in: dir.path)
    #expect(r.code == 0, "\(r.stderr)")
    let rejects = try CSVRecords.export(dir.file("rejects-ingest.hpt"))
    #expect(rejects.count == 1)
    #expect(rejects.first?.raw.contains("the source name holds a NUL character (U+0000)") == true)
    #expect(rejects.first?.fields.last == "3")
    #expect(try CSVRecords.export(dir.file("s.hpt")).map { $0.fields.last } == ["2"])
    // JSON writes it as the escape \u0000 (a raw one is a syntax error): the same rule.
    try """
    {"data":{"metrics":[{"name":"step_count","units":"count","data":[
    {"date":"2024-05-06 00:00:00 -0500","qty":1,"source":"ok"},
    {"date":"2024-05-07 00:00:00 -0500","qty":2,"source":"a\\u0000b"}]}]}}
    """.write(toFile: dir.file("h.json"), atomically: false, encoding: .utf8)
    let json = try Healthpipe.run(["ingest", "h.json", "--out", "j.hpt"], in: dir.path)
    #expect(json.code == 0, "\(json.stderr)")
    let jsonRejects = try CSVRecords.export(dir.file("rejects-ingest.hpt"))
    #expect(jsonRejects.count == 1)
    #expect(jsonRejects.first?.raw.contains("holds a NUL character") == true)
    #expect(try CSVRecords.export(dir.file("j.hpt")).count == 1)
  }

  @Test("a table holding a NUL exports without a NUL byte: U+FFFD in CSV, \\u0000 in NDJSON")
  func nulNeverWritten() throws {
    let dir = TemporaryDirectory("nul-export")
    // An older table (written before NUL was rejected at ingest) can still hold one.
    let sample = Sample(
      metric: .steps, start: 1_714_953_600, end: 1_714_953_660, utcOffset: 0, value: 1,
      unit: "count", source: "a\u{0}b", origin: Origin(file: 0, record: 2))
    try TableFile.write([sample], to: dir.file("s.hpt"), stage: "ingest")
    for arguments in [["export", "s.hpt"], ["export", "s.hpt", "--raw"]] {
      let r = try BoundedRun.healthpipe(arguments.map { $0 == "s.hpt" ? dir.file($0) : $0 })
      #expect(r.code == 0)
      #expect(!r.stdout.utf8.contains(0), "\(arguments)")
      #expect(r.stdout.contains("a\u{FFFD}b"))
    }
    let json = try BoundedRun.healthpipe(["export", dir.file("s.hpt"), "--format", "ndjson"])
    #expect(!json.stdout.utf8.contains(0))
    #expect(json.stdout.contains("a\\u0000b"))
  }
}
