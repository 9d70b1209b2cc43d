import Foundation
import HealthModel
import TestSupport
import Testing

@testable import Pipeline

@Suite("Each stage's cache key comes from its options")
struct StageCacheKeyTests {
  let dir = TemporaryDirectory("cache-key")

  @Test("the stages of a pipeline file keep exactly what changes their outputs")
  func keys() throws {
    try Data("x".utf8).write(to: URL(fileURLWithPath: dir.file("in.zip")))
    let path = dir.file("p.pipeline")
    try Data(
      """
      [pipeline]
      inputs = in.zip
      timezone = Europe/Berlin
      [clean]
      priority = iPhone ,*
      [aggregate]
      goals = steps
      week_start = sunday
      [report]
      format = markdown
      window = 6m
      """.utf8
    ).write(to: URL(fileURLWithPath: path))
    let config = try PipelineConfigLoader.load(path: path)
    let day = LocalDay(iso: "2026-11-15")!
    let stages = PipelineStages.make(config: config, asOf: .latest(fallback: day))
    #expect(stages.map(\.name) == ["ingest", "clean", "aggregate", "report"])
    // Worked out from the file: its zone, its list as one line and that it was given (a
    // given list overrides a Health Connect export's own order, docs/clean.md), its report
    // settings with the e-mail defaults; `latest` stays a word until aggregate reads the data.
    #expect(stages[0].settings == ["timezone": "Europe/Berlin"])
    #expect(stages[1].settings == ["priority": "iPhone, *", "priorityGiven": "yes"])
    // The zone is in aggregate's key too: the tables' facts record it (report --as-of
    // yesterday resolves on it).
    #expect(Set(stages[2].settings.keys) == ["asOf", "settings", "tables", "timeZone"])
    #expect(stages[2].settings["asOf"] == "latest")
    #expect(stages[2].settings["timeZone"] == "Europe/Berlin")
    #expect(stages[2].settings["settings"]?.hasPrefix("weekStart=sunday; backfillDays=all") == true)
    #expect(stages[2].settings["tables"]?.hasPrefix("daily(day:") == true)
    #expect(
      stages[3].settings == [
        "asOf": "latest", "format": "markdown", "window": "182", "to": "",
        "from": "healthpipe@localhost", "send": "false", "sendmail": "sendmail -t -i",
      ])
  }
}
