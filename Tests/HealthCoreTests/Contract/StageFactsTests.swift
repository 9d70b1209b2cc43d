import Foundation
import HealthCore
import Testing

@Suite("The facts stages hand on in table headers")
struct StageFactsTests {
  @Test("ingest's facts: the keys the later stages read, and back")
  func ingest() throws {
    let facts = IngestFacts(recordsRead: 100, recordsKept: 97, recordsRejected: 3, inputsFailed: 1)
    #expect(
      facts.headerMeta == [
        "records.read": "100", "records.kept": "97", "records.rejected": "3",
        "inputs.failed": "1",
      ])
    #expect(IngestFacts(meta: facts.headerMeta) == facts)
    // A table not written by ingest has no facts.
    #expect(IngestFacts(meta: ["records.read": "1"]) == nil)
  }

  @Test("clean's facts replace earlier clean keys, carry the rest and read back")
  func clean() throws {
    let facts = CleanFacts(
      priority: "manual, iPhone, *", read: 12, cleaned: 8, rows: 9, trimmed: 1, rejected: 3,
      rejectedByCode: ["out-of-range": 3, "future-date": 0], duplicates: 1, overlapped: 0,
      sources: [.init(name: "Jo’s iPhone", rank: 1, priority: "iPhone", samples: 12)],
      futureDatesUnchecked: [0, 2],
      nightWindows: [
        NightWindow(day: LocalDay(iso: "2026-11-08")!, start: 1_762_582_860, end: 1_762_609_140)
      ])
    let meta = try facts.headerMeta(carrying: [
      "records.read": "12", "clean.read": "99", "clean.rejected.bad-unit": "5",
    ])
    // Upstream facts ride on; an earlier clean run's keys do not.
    #expect(meta["records.read"] == "12")
    #expect(meta["clean.rejected.bad-unit"] == nil)
    #expect(meta["clean.read"] == "12")
    // Only codes that occurred get a key.
    #expect(meta["clean.rejected.out-of-range"] == "3")
    #expect(meta["clean.rejected.future-date"] == nil)
    // The sources as JSON with sorted keys, slashes and curly quotes as written.
    #expect(
      meta["clean.sources"]
        == #"[{"name":"Jo’s iPhone","priority":"iPhone","rank":1,"samples":12}]"#)
    #expect(meta["clean.futureDatesUnchecked"] == "0,2")
    #expect(meta["clean.sleepWindows"] == "2026-11-08 1762582860 1762609140")
    var read = try #require(CleanFacts(meta: meta))
    #expect(CleanFacts.nightWindows(in: meta) == facts.nightWindows)
    read.nightWindows = facts.nightWindows
    var expected = facts
    expected.rejectedByCode = ["out-of-range": 3]
    #expect(read == expected)
    #expect(CleanFacts.nightWindows(in: ["clean.sleepWindows": "2026-11-08 9 1"]) == nil)
  }

  @Test("aggregate's facts: own keys over upstream ones (kept as input.KEY), then quality")
  func aggregate() throws {
    let facts = AggregateFacts(
      asOf: LocalDay(iso: "2026-11-15"), dataThrough: LocalDay(iso: "2026-11-14"),
      pinned: ["hrvLnSDNN", "steps"], weekStart: .sunday, keyMetrics: ["steps"],
      goals: [
        .init(
          name: "walk", description: "walk 5 km", conditions: "distance ≥ 5 km", weeklyTarget: 3)
      ],
      backfillDays: 90, rejects: ["clean.out-of-range": 2, "ingest.bad-date": 1],
      quality: DataQualityFacts(recordsRead: 10, sources: []))
    let meta = try facts.headerMeta(carrying: ["asOf": "x", "clean.read": "7"])
    #expect(meta["input.asOf"] == "x")
    #expect(meta["asOf"] == "2026-11-15")
    #expect(meta["clean.read"] == "7")
    #expect(meta["pinned"] == "hrvLnSDNN,steps")
    #expect(meta["weekStart"] == "sunday")
    #expect(meta["goals"] == "walk")
    #expect(meta["goal.walk.weeklyTarget"] == "3")
    #expect(meta["goal.walk.description"] == "walk 5 km")
    #expect(meta["rejects.clean.out-of-range"] == "2")
    #expect(meta["rejects.total"] == "3")
    #expect(meta["quality.recordsRead"] == "10")
    // An empty sources list is known (written empty), unlike an unknown one.
    #expect(meta["quality.sources"] == "")
    #expect(meta["quality.recordsKept"] == nil)

    let read = AggregateFacts(meta: meta)
    #expect(read.asOf == facts.asOf)
    #expect(read.dataThrough == facts.dataThrough)
    #expect(read.weekStart == .sunday)
    #expect(read.goals == facts.goals)
    #expect(read.rejects == facts.rejects)
    #expect(read.quality.recordsRead == 10)
  }

  @Test("the report reads defensively: blanks, bad numbers and stray goal keys")
  func defensiveReading() {
    let read = AggregateFacts(meta: [
      "asOf": " 2026-11-15 ", "weekStart": "Sunday", "pinned": "hrv, ,sleep",
      "goal.extra.weeklyTarget": " 4 ", "quality.duplicates": "-3",
      "quality.rejected.bad-unit": "2", "quality.rejected.bad-date": "1",
      "quality.sources": "a, b",
    ])
    #expect(read.asOf == LocalDay(iso: "2026-11-15"))
    #expect(read.weekStart == .sunday)
    #expect(read.pinned == ["hrv", "sleep"])
    #expect(read.goals == [.init(name: "extra", weeklyTarget: 4)])
    #expect(read.quality.duplicates == nil)
    // No total given: the sum of the reasons, 2 + 1.
    #expect(read.quality.rejected == 3)
    // A value without a newline is a comma-separated list.
    #expect(read.quality.sources == ["a", "b"])
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
