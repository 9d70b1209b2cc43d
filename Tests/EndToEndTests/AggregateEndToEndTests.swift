import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

@Suite("healthpipe aggregate")
struct AggregateEndToEndTests {
  /// A small cleaned samples table: 30 days of steps, resting HR and HRV, with a night of
  /// sleep and a workout each day, in Europe/Berlin summer time.
  static func writeSamples(to path: String) throws {
    var rows: [Sample] = []
    let first = LocalDay(iso: "2024-06-01")!
    for i in 0..<30 {
      let day = first.adding(days: i)
      let noon = day.startEpoch(utcOffset: 7200) + 12 * 3600
      func add(_ m: MetricID, _ start: Int64, _ seconds: Int64, _ v: Double, _ c: String = "") {
        rows.append(
          Sample(
            metric: m, start: start, end: start + seconds, utcOffset: 7200, value: v,
            unit: m.info!.canonicalUnit, category: c, source: "Watch",
            hrvKind: m == .hrvSDNN ? .sdnn : .none,
            origin: Origin(file: 0, record: Int64(rows.count + 1))))
      }
      add(.steps, noon, 3600, Double(7000 + 100 * i))
      add(.restingHeartRate, noon, 0, 55)
      add(.hrvSDNN, noon - 6 * 3600, 60, 50)
      add(.sleep, noon - 13 * 3600, 8 * 3600, 480, "asleepUnspecified")
      add(.workout, noon + 5 * 3600, 1800, 25, "Running")
    }
    try TableFile.write(rows, to: path, stage: "clean")
  }

  @Test("writes the tables and CSVs, exits 0, and a rerun is byte-identical")
  func run() throws {
    let dir = TemporaryDirectory()
    try Self.writeSamples(to: dir.file("clean.hpt"))
    let r = try Healthpipe.run([
      "aggregate", dir.file("clean.hpt"), "--out", dir.file("agg"), "--as-of", "2024-06-30",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains("aggregate: 150 samples"))
    let names = [
      "daily.hpt", "baselines.hpt", "scores.hpt", "streaks.hpt", "weekly.hpt", "daily.csv",
      "weekly.csv",
    ]
    let first = try names.map { try Data(contentsOf: URL(fileURLWithPath: dir.file("agg/\($0)"))) }
    #expect(FileManager.default.fileExists(atPath: dir.file("agg.manifest.json")))

    // Steps reach 8,000 from 11 June (7000 + 100 · 10): 20 goal days to 30 June.
    let export = try Healthpipe.run(["export", dir.file("agg/streaks.hpt")])
    #expect(export.code == 0)
    let stepsLine = export.stdout.components(separatedBy: "\r\n").first {
      $0.hasPrefix("steps,")
    }
    #expect(stepsLine?.contains(",daily,1,,20,20,") == true, "\(stepsLine ?? "none")")
    let csv = String(decoding: first[5], as: UTF8.self)
    #expect(csv.hasPrefix("date,"))
    #expect(csv.contains("\r\n2024-06-30,"))

    let again = try Healthpipe.run([
      "aggregate", dir.file("clean.hpt"), "--out", dir.file("agg"), "--as-of", "2024-06-30",
      "--quiet",
    ])
    #expect(again.code == 0)
    let second = try names.map { try Data(contentsOf: URL(fileURLWithPath: dir.file("agg/\($0)"))) }
    #expect(first == second)
  }

  @Test("usage errors exit 64, a missing input 66, a non-samples table 65")
  func errors() throws {
    let dir = TemporaryDirectory()
    try Self.writeSamples(to: dir.file("clean.hpt"))
    let noOut = try Healthpipe.run(["aggregate", dir.file("clean.hpt")])
    #expect(noOut.code == 64)
    #expect(noOut.stderr.contains("--out"))
    let badDate = try Healthpipe.run([
      "aggregate", dir.file("clean.hpt"), "--out", dir.file("o"), "--as-of", "2024-13-01",
    ])
    #expect(badDate.code == 64)
    #expect(badDate.stderr.contains("2024-13-01"))
    let missing = try Healthpipe.run(["aggregate", dir.file("none.hpt"), "--out", dir.file("o")])
    #expect(missing.code == 66)
    #expect(missing.stderr.contains("none.hpt"))
    try TableFile.write([DailyValue](), to: dir.file("daily.hpt"), stage: "t")
    let wrong = try Healthpipe.run(["aggregate", dir.file("daily.hpt"), "--out", dir.file("o")])
    #expect(wrong.code == 65)
    #expect(wrong.stderr.contains("samples table is needed"))
  }

  @Test("--as-of yesterday resolves on the machine's calendar")
  func yesterday() throws {
    let dir = TemporaryDirectory()
    try Self.writeSamples(to: dir.file("clean.hpt"))
    func yesterdayUTC() -> LocalDay {
      LocalDay(epochSeconds: Int64(Date().timeIntervalSince1970), utcOffset: 0).adding(days: -1)
    }
    let before = yesterdayUTC()
    let r = try Healthpipe.run(
      ["aggregate", dir.file("clean.hpt"), "--out", dir.file("o"), "--as-of", "yesterday"],
      environment: ["TZ": "UTC"])
    let after = yesterdayUTC()  // differs from `before` only across midnight
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stderr.contains("as of \(before)") || r.stderr.contains("as of \(after)"))
  }
}
