import Foundation
import TestSupport
import Testing

/// `today` and `yesterday` mean one calendar day for every command of one job: the report
/// resolves `--as-of yesterday` on the zone the aggregate folder was built on (the pipeline's
/// `timezone`), not on the machine's (docs/report-inputs.md, "The date it reports on").
@Suite("As-of dates on the pipeline's calendar", .serialized)
struct AsOfTimeZoneTests {
  /// 12:00 UTC on Sun 15 Nov 2026: already 02:00 on Mon 16 Nov in Kiritimati (UTC+14), so
  /// "yesterday" is 15 Nov there and 14 Nov on a machine in UTC.
  static let clock = ["HEALTHPIPE_NOW": "2026-11-15T12:00:00Z", "TZ": "UTC"]

  /// A checkout with `Pipelines/kiritimati.pipeline`: the demo nightly job as of yesterday
  /// on Kiritimati's calendar.
  static func checkout() throws -> TemporaryDirectory {
    let dir = try RunEndToEndTests.checkout()
    let nightly = try String(
      contentsOfFile: dir.file("Pipelines/nightly.pipeline"), encoding: .utf8)
    let text =
      nightly
      .replacingOccurrences(of: "as_of = latest", with: "as_of = yesterday")
      .replacingOccurrences(
        of: "timezone = America/New_York", with: "timezone = Pacific/Kiritimati"
      )
      .replacingOccurrences(of: ".healthpipe/nightly", with: ".healthpipe/kiritimati")
    #expect(text.contains("Pacific/Kiritimati") && text.contains("as_of = yesterday"))
    try text.write(
      toFile: dir.file("Pipelines/kiritimati.pipeline"), atomically: true, encoding: .utf8)
    return dir
  }

  @Test("report --as-of yesterday names the day the pipeline's zone calls yesterday")
  func reportFollowsPipelineZone() throws {
    let dir = try Self.checkout()
    let run = try Healthpipe.run(
      ["run", "Pipelines/kiritimati.pipeline"], in: dir.path, environment: Self.clock)
    #expect(run.code == 0, "\(run.stderr)")
    #expect(run.stderr.contains("as of 2026-11-15"), "\(run.stderr)")
    let report = try Healthpipe.run(
      ["report", ".healthpipe/kiritimati/aggregate", "--as-of", "yesterday", "--out", "r.html"],
      in: dir.path, environment: Self.clock)
    #expect(report.code == 0, "\(report.stderr)")
    #expect(report.stderr.contains("to 2026-11-15"), "\(report.stderr)")
    // --timezone says which calendar explicitly: UTC's yesterday is the 14th, which the
    // folder (built as of the 15th) cannot show.
    let utc = try Healthpipe.run(
      [
        "report", ".healthpipe/kiritimati/aggregate", "--as-of", "yesterday", "--timezone", "UTC",
        "--out", "r2.html",
      ], in: dir.path, environment: Self.clock)
    #expect(utc.code == 64, "\(utc.stderr)")
    #expect(utc.stderr.contains("--as-of 2026-11-14 does not match"), "\(utc.stderr)")
  }

  @Test("aggregate --timezone resolves yesterday on that zone")
  func aggregateTimezoneOption() throws {
    let dir = try Self.checkout()
    let run = try Healthpipe.run(
      ["run", "Pipelines/kiritimati.pipeline"], in: dir.path, environment: Self.clock)
    #expect(run.code == 0, "\(run.stderr)")
    for (zone, day) in [("Pacific/Kiritimati", "2026-11-15"), ("UTC", "2026-11-14")] {
      let agg = try Healthpipe.run(
        [
          "aggregate", ".healthpipe/kiritimati/clean.hpt", "--out", "agg-\(day)", "--as-of",
          "yesterday", "--timezone", zone,
        ], in: dir.path, environment: Self.clock)
      #expect(agg.code == 0, "\(agg.stderr)")
      #expect(agg.stderr.contains("as of \(day)"), "\(zone): \(agg.stderr)")
    }
  }

  @Test("an unknown zone gets the same words on the command line and in a pipeline file")
  func unknownZoneOneMessage() throws {
    let dir = try Self.checkout()
    let words = "unknown time zone 'Mars/Olympus'"
    for command in ["ingest", "aggregate", "report"] {
      let args: [String] =
        switch command {
        case "ingest": ["ingest", "SampleData/export.zip", "--out", "s.hpt"]
        case "aggregate": ["aggregate", "s.hpt", "--out", "agg"]
        default: ["report", "agg", "--out", "r.html", "--as-of", "yesterday"]
        }
      let run = try Healthpipe.run(
        args + ["--timezone", "Mars/Olympus"], in: dir.path, environment: Self.clock)
      #expect(run.code == 64, "\(command): \(run.stderr)")
      #expect(run.stderr.contains(words), "\(command): \(run.stderr)")
      #expect(run.stderr.contains("use an IANA zone name"), "\(command): \(run.stderr)")
    }
    let pipeline = try String(
      contentsOfFile: dir.file("Pipelines/kiritimati.pipeline"), encoding: .utf8
    ).replacingOccurrences(of: "Pacific/Kiritimati", with: "Mars/Olympus")
    try pipeline.write(
      toFile: dir.file("Pipelines/mars.pipeline"), atomically: true, encoding: .utf8)
    let run = try Healthpipe.run(["run", "Pipelines/mars.pipeline"], in: dir.path)
    #expect(run.code == 78, "\(run.stderr)")
    #expect(run.stderr.contains(words), "\(run.stderr)")
    #expect(run.stderr.contains("use an IANA zone name"), "\(run.stderr)")
  }
}
