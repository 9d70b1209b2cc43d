import Foundation
import HealthCore
import HealthModel
import HealthSystem
import TestSupport
import Testing

@testable import Aggregate

@Suite("Aggregate stage files")
struct AggregateStageTests {
  let asOf = LocalDay(iso: "2024-11-10")!

  func input(_ dir: TemporaryDirectory, facts: StageFacts = StageFacts()) throws -> String {
    let path = dir.file("clean.hpt")
    var rows: [Sample] = []
    CleanedSampleSynthesizer.generate(days: 70, endingAt: asOf, seed: 3) { rows += $0 }
    let inputs = [
      InputDescriptor(
        index: 0, path: "export.zip", format: "apple-zip", size: 10, crc32: "0000abcd")
    ]
    try TableFile.write(rows, to: path, stage: "clean", inputs: inputs, facts: facts)
    return path
  }

  @Test("writes the six tables and four CSVs, with the input's facts carried forward")
  func outputs() throws {
    let dir = TemporaryDirectory()
    // Upstream sections: ingest's rides on unchanged, clean's without its night windows.
    let ingest = IngestFacts(
      recordsRead: 5, recordsKept: 4, recordsRejected: 1, inputsFailed: 0)
    let clean = CleanFacts(
      priority: "manual,Apple Watch,iPhone,*", read: 4, cleaned: 4, rows: 4, trimmed: 0,
      rejected: 0, rejectedByCode: [:], duplicates: 0, overlapped: 0, sources: [],
      nightWindows: [NightWindow(day: asOf.adding(days: -400), start: 0, end: 60)])
    let path = try input(dir, facts: StageFacts(ingest: ingest, clean: clean))
    let rejects = dir.file("rejects.hpt")
    let reject = Reject(
      stage: "clean", code: .outOfRange, reason: "312 bpm is above 250", metric: "heartRate",
      value: "312", unit: "count/min", source: "W", origin: Origin(file: 0, record: 9))
    try TableFile.write(
      [
        reject, reject,
        Reject(
          stage: "ingest", code: .badDate, reason: "bad", metric: "steps", value: "", unit: "",
          source: "", origin: Origin(file: 0, record: 1)),
      ], to: rejects, stage: "clean")
    let out = dir.file("agg")
    let manifest = try AggregateStage.run(
      AggregateOptions(
        input: path, outputDirectory: out, asOf: .day(asOf), rejectsInputs: [rejects]),
      progress: .silent
    ).manifest

    let (header, daily) = try TableFile.read(DailyValue.self, from: out + "/daily.hpt")
    #expect(header.stage == "aggregate")
    #expect(header.facts.ingest == ingest)
    var carriedClean = clean
    carriedClean.nightWindows = []
    #expect(header.facts.clean == carriedClean)
    let facts = try #require(header.facts.aggregate)
    #expect(facts.asOf?.description == "2024-11-10")
    #expect(facts.pinned == ["hrvLnSDNN", "restingHeartRate", "sleepAsleep"])
    #expect(facts.weekStart == .monday)
    #expect(facts.weeklyActiveTarget == 5)
    #expect(facts.goals.first?.description == "exercise ≥ 30 min or a workout ≥ 20 min")
    #expect(facts.rejects == ["clean.out-of-range": 2, "ingest.bad-date": 1])
    #expect(facts.nightsLast7 == 7)
    // Data quality from the upstream sections and the rejects tables: 5 read by ingest,
    // 4 kept by clean, the rejects tables' 3 by reason.
    #expect(facts.quality.recordsRead == 5)
    #expect(facts.quality.recordsKept == 4)
    #expect(facts.quality.rejectedByCode == ["out-of-range": 2, "bad-date": 1])
    #expect(facts.quality.priority == "manual,Apple Watch,iPhone,*")
    #expect(facts.inputs?.first?.format == "apple-zip")
    #expect(header.inputs.map(\.format) == ["samples", "rejects"])
    #expect(daily.contains { $0.metric == .hrvLnSDNN })
    #expect(daily.allSatisfy { $0.day <= asOf })

    let baselines = try TableFile.read(BaselineRow.self, from: out + "/baselines.hpt").rows
    #expect(baselines.count == 70 * MetricCatalog.keyMetrics.count)
    let scores = try TableFile.read(ScoreRow.self, from: out + "/scores.hpt").rows
    #expect(scores.count == 70)
    #expect(scores.last?.day == asOf)
    #expect(scores.last?.condition != nil)  // 69 days of HRV before: base60 valid
    #expect(scores.last?.conditionReference == "base60")
    #expect(scores.last?.sleep != nil)
    #expect(scores.last?.coachingRule.isEmpty == false)
    let streaks = try TableFile.read(StreakRow.self, from: out + "/streaks.hpt").rows
    #expect(
      streaks.map { "\($0.goal)/\($0.cadence)" } == [
        "active/daily", "active/weekly", "steps/daily", "sleep/daily",
      ])
    // Replayed over the 70 days of history (Mon 2 Sep … Sun 10 Nov 2024): 70 days, and the
    // 10 weeks that start inside it.
    #expect(streaks.allSatisfy { $0.history.count == ($0.cadence == "daily" ? 70 : 10) })
    #expect(streaks.allSatisfy { $0.windowStart == S.day("2024-09-02") })
    let weekly = try TableFile.read(WeeklyRow.self, from: out + "/weekly.hpt").rows
    #expect(weekly.contains { $0.metric == .goalMet && $0.category == "active" && $0.target == 5 })

    let csv = String(decoding: try FileReader.readAll(out + "/daily.csv"), as: UTF8.self)
    let lines = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(lines.count == 71)  // header + 70 days
    #expect(lines[0].hasPrefix("date,"))
    #expect(lines[0].contains("heart_rate [bpm],heart_rate_min [bpm],heart_rate_max [bpm]"))
    #expect(lines[0].contains("workout_minutes_running [min]"))
    #expect(lines[1].hasPrefix("2024-09-02,"))  // 10 Nov − 69 days
    let weeklyCSV = String(decoding: try FileReader.readAll(out + "/weekly.csv"), as: UTF8.self)
    #expect(weeklyCSV.hasPrefix("week,weekStart,metric,category,value,previousValue,change,"))

    #expect(manifest.balanced)
    #expect(
      manifest.totals["samples"] == Int64(try TableFile.read(Sample.self, from: path).rows.count))
    // Six tables (habits the sixth), four CSV files and their CSV on the Web sidecars.
    #expect(manifest.outputs.count == 14)
    let onDisk = try StageManifest.read(from: out + ".manifest.json")
    #expect(onDisk.stage == "aggregate")
    #expect(onDisk.settings["asOf"] == "2024-11-10")
  }

  @Test("daily.csv covers the analysis range: stray far-past samples add no empty lines")
  func dailyCSVRange() throws {
    let dir = TemporaryDirectory()
    // The 70 synthetic days up to 2024-11-10, plus steps dated 0001-01-01 (a device clock
    // error) and 1850-06-01 (before 1900), and a lone sample on 2023-01-01, 619 days before
    // the stretch starts (a gap over 366 days).
    var rows: [Sample] = []
    CleanedSampleSynthesizer.generate(days: 70, endingAt: asOf, seed: 3) { rows += $0 }
    for (day, value) in [("0001-01-01", 5.0), ("1850-06-01", 6), ("2023-01-01", 7)] {
      rows.append(S.sample(.steps, "\(day) 12:00:00 +0000", value: value))
    }
    let path = dir.file("clean.hpt")
    try TableFile.write(rows, to: path, stage: "clean", inputs: [])
    let out = dir.file("agg")
    try AggregateStage.run(
      AggregateOptions(input: path, outputDirectory: out, asOf: .day(asOf)), progress: .silent)
    let csv = String(decoding: try FileReader.readAll(out + "/daily.csv"), as: UTF8.self)
    let lines = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    // Header + the 70 days 2024-09-02 ... 2024-11-10, as in the scores table; not the
    // 739,000 days since year 1.
    #expect(lines.count == 71)
    #expect(lines[1].hasPrefix("2024-09-02,"))
    #expect(lines.last?.hasPrefix("2024-11-10,") == true)
    let scores = try TableFile.read(ScoreRow.self, from: out + "/scores.hpt").rows
    #expect(scores.first?.day == LocalDay(iso: "2024-09-02"))
    // Nothing read is dropped: the three stray values stay in daily.hpt.
    let daily = try TableFile.read(DailyValue.self, from: out + "/daily.hpt").rows
    for day in ["0001-01-01", "1850-06-01", "2023-01-01"] {
      #expect(daily.contains { $0.metric == .steps && $0.day == LocalDay(iso: day) })
    }
  }

  @Test("a missing input exits 66, a table of the wrong kind 65, a file as --out 73")
  func errors() throws {
    let dir = TemporaryDirectory()
    func code(_ o: AggregateOptions) -> ExitCode? {
      do {
        try AggregateStage.run(o, progress: .silent)
        return nil
      } catch let e as HealthError {
        return e.code
      } catch { return .internalError }
    }
    #expect(
      code(
        AggregateOptions(
          input: dir.file("none.hpt"), outputDirectory: dir.file("o"), asOf: .day(asOf)))
        == .noInput)
    try TableFile.write([DailyValue](), to: dir.file("daily.hpt"), stage: "t")
    #expect(
      code(
        AggregateOptions(
          input: dir.file("daily.hpt"), outputDirectory: dir.file("o"), asOf: .day(asOf)))
        == .dataError)
    let path = try input(dir)
    try AtomicFileWriter.write("x", to: dir.file("file"))
    #expect(
      code(AggregateOptions(input: path, outputDirectory: dir.file("file"), asOf: .day(asOf)))
        == .cannotCreate)
  }

  @Test("an empty samples table gives empty tables and streak rows of no data")
  func empty() throws {
    let dir = TemporaryDirectory()
    try TableFile.write([Sample](), to: dir.file("clean.hpt"), stage: "clean")
    let out = dir.file("o")
    try AggregateStage.run(
      AggregateOptions(input: dir.file("clean.hpt"), outputDirectory: out, asOf: .day(asOf)),
      progress: .silent)
    #expect(try TableFile.read(DailyValue.self, from: out + "/daily.hpt").rows.isEmpty)
    #expect(try TableFile.read(ScoreRow.self, from: out + "/scores.hpt").rows.isEmpty)
    let streaks = try TableFile.read(StreakRow.self, from: out + "/streaks.hpt").rows
    // No history: the span is the as-of day alone.
    #expect(streaks.first?.history == ".")
    #expect(streaks.first?.current == 0)
  }

  @Test("as of latest: the last day with data; an input without data takes the fallback")
  func latestWithAndWithoutData() throws {
    let dir = TemporaryDirectory()
    // Resting heart rate at noon UTC on 8 and 9 November: the last day with data is 9 Nov.
    let rows = ["2024-11-08", "2024-11-09"].enumerated().map { i, day in
      Sample(
        metric: .restingHeartRate, start: LocalDay(iso: day)!.startEpoch(utcOffset: 0) + 43_200,
        end: LocalDay(iso: day)!.startEpoch(utcOffset: 0) + 43_200, utcOffset: 0, value: 55,
        unit: "count/min", category: "", source: "Watch", device: "", sourceKind: .watch,
        hrvKind: .none, origin: Origin(file: 0, record: Int64(i)))
    }
    try TableFile.write(rows, to: dir.file("two.hpt"), stage: "clean")
    let fallback = LocalDay(iso: "2024-11-17")!
    let withData = try AggregateStage.run(
      AggregateOptions(
        input: dir.file("two.hpt"), outputDirectory: dir.file("a"),
        asOf: .latest(fallback: fallback)),
      progress: .silent)
    #expect(withData.asOf == LocalDay(iso: "2024-11-09"))
    #expect(withData.samplesRead == 2)
    #expect(withData.manifest.settings["asOf"] == "2024-11-09")
    #expect(withData.manifest.settings["asOfRule"] == "latest")
    try TableFile.write([Sample](), to: dir.file("empty.hpt"), stage: "clean")
    let without = try AggregateStage.run(
      AggregateOptions(
        input: dir.file("empty.hpt"), outputDirectory: dir.file("b"),
        asOf: .latest(fallback: fallback)),
      progress: .silent)
    #expect(without.asOf == fallback)
    #expect(without.dailyRows == 0 && without.samplesRead == 0)
    let header = try TableFile.header(of: dir.file("b") + "/daily.hpt")
    #expect(header.facts.aggregate?.asOf?.description == "2024-11-17")
  }
}

@Suite("Progress estimate")
struct ProgressEstimateTests {
  @Test("reads the row count from a table's footer; nothing for other files")
  func footer() throws {
    let dir = TemporaryDirectory()
    var rows: [Sample] = []
    CleanedSampleSynthesizer.generate(days: 2, endingAt: LocalDay(iso: "2024-01-02")!, seed: 1) {
      rows += $0
    }
    try TableFile.write(rows, to: dir.file("t.hpt"), stage: "t")
    let e = ProgressEstimate(path: dir.file("t.hpt"))
    #expect(e.totalRows == Int64(rows.count))
    #expect(e.bytes(afterRows: Int64(rows.count)) == e.fileSize)
    #expect(e.bytes(afterRows: 0) == 0)
    try AtomicFileWriter.write("not a table at all, just some text", to: dir.file("x"))
    #expect(ProgressEstimate(path: dir.file("x")).totalRows == nil)
  }
}
