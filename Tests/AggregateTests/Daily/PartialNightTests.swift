import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

@testable import Aggregate

/// Nights cut by the export (docs/aggregate.md, "Partial nights").
@Suite("Partial nights")
struct PartialNightTests {
  /// The export of 1 Jan 2026 00:00 in New York (UTC−5).
  let export = S.at("2026-01-01 00:00:00 -0500").epoch

  /// A whole night ending 31 Dec, steps on 31 Dec, and the night begun at 23:03 on 31 Dec
  /// that the export at midnight cut after 57 minutes (its sleep day: 1 Jan).
  var samples: [Sample] {
    [
      S.sleep(.asleepCore, "2025-12-30 23:00:00 -0500", minutes: 380),
      S.sleep(.asleepDeep, "2025-12-31 05:20:00 -0500", minutes: 100),
      S.sample(.steps, "2025-12-31 12:00:00 -0500", minutes: 60, value: 9000),
      S.sleep(.asleepCore, "2025-12-31 23:03:00 -0500", minutes: 57),
    ]
  }

  func data(exportAt epoch: Int64?, asOf: String = "2026-01-20") -> DailyData {
    let a = DailyAggregator(asOf: S.day(asOf))
    a.exportDates = [epoch]
    a.add(contentsOf: samples)
    return a.finish()
  }

  @Test("a night still open at the export is kept apart, under the partial category")
  func keptApart() {
    let d = data(exportAt: export)
    #expect(d.nights[S.day("2025-12-31")]?.asleep == 480)
    #expect(d.nights[S.day("2026-01-01")] == nil)
    #expect(d.partialNights[S.day("2026-01-01")]?.night.asleep == 57)
    #expect(d.partialNights[S.day("2026-01-01")]?.exportClock == "00:00")
    // Its values stay in the daily table, under `partial`; the series "" has no 1 Jan.
    #expect(S.value(d.values, .sleepAsleep, "2026-01-01", "partial")?.value == 57)
    #expect(S.value(d.values, .sleepAsleep, "2026-01-01") == nil)
    #expect(d.series(.sleepAsleep).value(on: S.day("2026-01-01")) == nil)
    #expect(d.series(.sleepBedtime).value(on: S.day("2026-01-01")) == nil)
    // The last day with data is 31 Dec: nothing but the cut night is on 1 Jan.
    #expect(d.lastDay == S.day("2025-12-31"))
    #expect(d.recordedDays() == [S.day("2025-12-31").dayNumber])
    // Every row is still used (nothing read disappears).
    #expect(d.counts[.sleep]?.used == 3)
  }

  @Test("the session rule decides: an export 59 minutes after the last row cuts, 60 does not")
  func sessionGapBoundary() {
    let end = S.at("2026-01-01 00:00:00 -0500").epoch
    #expect(data(exportAt: end + 59 * 60).partialNights.count == 1)
    #expect(data(exportAt: end + 60 * 60).partialNights.isEmpty)
    #expect(data(exportAt: end + 60 * 60).nights[S.day("2026-01-01")]?.asleep == 57)
    // An input without an export date (Health Auto Export, a long CSV) never cuts a night.
    #expect(data(exportAt: nil).partialNights.isEmpty)
  }

  @Test("left out of scores, goals and averages; the stale export's facts give one number")
  func staleExport() {
    var settings = AggregateSettings()
    settings.pinned = ["sleep"]
    let r = AggregateComputation.compute(
      data: data(exportAt: export), asOf: S.day("2026-01-20"), settings: settings)
    let jan1 = r.scores.first { $0.day == S.day("2026-01-01") }!
    #expect(jan1.sleep == nil)
    #expect(jan1.sleepNote == "night cut by the export at 00:00 (partial)")
    // No goal row on 1 Jan: the sleep goal has no night, and nothing else was recorded.
    #expect(!r.daily.contains { $0.metric == .goalMet && $0.day == S.day("2026-01-01") })
    let sleepRows = r.baselines.filter { $0.metric == .sleepAsleep }
    #expect(sleepRows.allSatisfy { $0.lastDay.map { $0 <= S.day("2025-12-31") } ?? true })
    // As of 20 Jan, the last data is 31 Dec: 20 days, in the facts and the coaching line.
    #expect(r.facts.dataThrough == S.day("2025-12-31"))
    #expect(r.facts.daysSinceData == 20)
    #expect(r.facts.partialNights == [S.day("2026-01-01")])
    #expect(r.facts.lastDays["sleepAsleep"] == S.day("2025-12-31"))
    #expect(r.facts.lastDays["steps"] == S.day("2025-12-31"))
    #expect(r.facts.lastDays["restingHeartRate"] == nil)
    let last = r.scores.last!
    #expect(last.coachingRule == "no-recent-data")
    #expect(
      last.coaching
        == "No new data for 20 days: sync your watch and phone to keep your trends current.")
    // Each day's line counts from that day: 4 Jan is 4 days after 31 Dec.
    #expect(
      r.scores.first { $0.day == S.day("2026-01-04") }?.coaching.hasPrefix("No new data for 4 days")
        == true)
    // The facts the header carries.
    #expect(r.facts.daysSinceData == 20)
    #expect(r.facts.partialNights == [S.day("2026-01-01")])
    #expect(r.facts.lastDays["sleepAsleep"] == S.day("2025-12-31"))
  }

  @Test(
    "the stage reads the export dates from the cleaned table; latest stops before the cut night")
  func stageAndLatest() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("clean.hpt")
    let inputs = [
      InputDescriptor(
        index: 0, path: "export.zip", format: "apple-zip", size: 1, crc32: "00000000",
        exportDate: export)
    ]
    try TableFile.write(samples, to: path, stage: "clean", inputs: inputs)
    let out = dir.file("agg")
    let outcome = try AggregateStage.run(
      AggregateOptions(
        input: path, outputDirectory: out, asOf: .latest(fallback: S.day("2026-02-01"))),
      progress: .silent)
    let manifest = outcome.manifest
    // The last day with data is 31 Dec; the night of 1 Jan is after it, as for any date.
    #expect(outcome.asOf == S.day("2025-12-31"))
    #expect(manifest.settings["asOf"] == "2025-12-31")
    #expect(manifest.balanced)
    let daily = try TableFile.read(DailyValue.self, from: out + "/daily.hpt")
    #expect(daily.rows.allSatisfy { $0.day <= S.day("2025-12-31") })
    #expect(daily.header.facts.aggregate?.partialNights == [])
    #expect(daily.header.facts.aggregate?.daysSinceData == 0)
    // As of a date after it, the cut night is there, under `partial`.
    let out2 = dir.file("agg2")
    try AggregateStage.run(
      AggregateOptions(input: path, outputDirectory: out2, asOf: .day(S.day("2026-01-20"))),
      progress: .silent)
    let rows = try TableFile.read(DailyValue.self, from: out2 + "/daily.hpt")
    #expect(rows.rows.contains { $0.metric == .sleepAsleep && $0.category == "partial" })
    #expect(rows.header.facts.aggregate?.partialNights == [S.day("2026-01-01")])
    #expect(rows.header.facts.aggregate?.daysSinceData == 20)
  }
}
