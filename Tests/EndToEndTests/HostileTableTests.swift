import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// Hostile inputs (docs/reliability.md): table files whose checksums hold but whose values are
/// impossible. A samples table starting at `Int64.max` passed clean and made aggregate trap (signal
/// 4), and delta decoding wrapped (`max + max` read as a 1969 date). Now decoding refuses an
/// overflowing delta or an integer outside its column's range (exit 65 with the byte offset), clean
/// rejects instants outside the years 0001-9999, aggregate ignores them in a table that
/// skipped clean, and no stage traps on a table that passes its checks: every run below
/// ends with 0 or 65, never a signal. The tables are written by healthpipe's own writer,
/// so their checksums are valid.
@Suite("Tables with valid checksums but impossible values")
struct HostileTableTests {
  /// Extreme doubles, in rotation over rows and fields.
  static let doubles: [Double] = [
    .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, -0.0,
    .leastNonzeroMagnitude, 1e300, -1e300, 0,
  ]
  /// Extreme integers inside the ±2^62 the decoder accepts.
  static let ints: [Int64] = [1 << 62, -(1 << 62), 0, -1, (1 << 62) - 1, 1 << 40]
  /// The first and last day a day column may hold (years 0000 and 10000).
  static let days: [LocalDay] = [
    LocalDay(year: 0, month: 1, day: 1)!, LocalDay(year: 10_000, month: 12, day: 31)!,
    LocalDay(iso: "2024-01-07")!,
  ]

  static func pick<T>(_ values: [T], _ i: Int) -> T { values[i % values.count] }

  /// The exit code of a run, failing the test when it ended by a signal or timed out.
  static func run(_ arguments: [String], _ label: String) throws -> Int32 {
    let r = try BoundedRun.healthpipe(arguments)
    try #require(!r.timedOut, "\(label): hang")
    // A trap ends the process by a signal: Foundation reports the signal number as the
    // status, with the reason `uncaughtSignal`; 0 and 65 are the only clean endings here.
    #expect(r.code == 0 || r.code == 65, "\(label) \(arguments[0]): exit \(r.code) \(r.stderr)")
    #expect(!r.stderr.contains("internal error"), "\(label): \(r.stderr)")
    return r.code
  }

  @Test("samples at Int64.max, or decoding to max + max, are refused with the byte offset")
  func outOfRangeIntegers() throws {
    let dir = TemporaryDirectory("hostile-samples")
    let base = Self.steps(record: 3)
    var atMax = base
    atMax.start = .max
    // The writer stores the difference to the previous value with wrapping arithmetic, so
    // [Int64.max, -2] is written as the deltas [max, max]: read back, max + max overflows.
    var wraps = base
    wraps.start = -2
    for (label, rows) in [("max", [base, atMax]), ("wrap", [atMax, wraps])] {
      let path = dir.file("\(label).hpt")
      try TableFile.write(rows, to: path, stage: "ingest", inputs: [Self.input])
      for arguments in [
        ["clean", path, "--out", dir.file("c-\(label).hpt")], ["export", path],
        ["aggregate", path, "--out", dir.file("agg-\(label)"), "--as-of", "2024-01-07"],
      ] {
        let r = try BoundedRun.healthpipe(arguments)
        #expect(r.code == 65, "\(label) \(arguments[0]): \(r.stderr)")
        #expect(r.stderr.contains(path + " (byte "), "\(label) \(arguments[0]): \(r.stderr)")
      }
    }
  }

  static let input = InputDescriptor(
    index: 0, path: "hand-made.csv", format: "long-csv", size: 1, crc32: "00000000")

  /// 100 steps on 2024-01-01 from 08:00 to 08:10 UTC, record `record` of input 0.
  static func steps(record: Int64) -> Sample {
    Sample(
      metric: .steps, start: 1_704_096_000, end: 1_704_096_600, utcOffset: 0, value: 100,
      unit: "count", source: "P", origin: Origin(file: 0, record: record))
  }

  @Test("instants outside the years 0001-9999: clean rejects them, aggregate ignores them")
  func outOfRangeInstants() throws {
    let dir = TemporaryDirectory("hostile-instants")
    let good = Self.steps(record: 2)
    var rows = [good]
    // Inside the decoder's ±2^62 but far outside any calendar a reader accepts.
    for (k, (start, end, offset)) in [
      (Int64(1) << 61, Int64(1) << 61, Int32(0)), (-(Int64(1) << 61), 0, 0),
      (0, Int64(1) << 61, 0), (0, 60, Int32.max), (0, 60, Int32.min),
      (-62_135_596_801, -62_135_596_800, 0), (253_402_300_799, 253_402_300_800, 0),
    ].enumerated() {
      var s = good
      (s.start, s.end, s.utcOffset) = (start, end, offset)
      s.origin.record = Int64(k + 3)
      rows.append(s)
    }
    let samples = dir.file("samples.hpt")
    try TableFile.write(rows, to: samples, stage: "ingest", inputs: [Self.input])
    #expect(try Self.run(["clean", samples, "--out", dir.file("clean.hpt")], "clean") == 0)
    // Every hostile row is an out-of-range reject (records 3-9); the good one is kept.
    let rejects = try CSVRecords.export(dir.file("rejects-clean.hpt"))
    #expect(rejects.map { $0.fields.last } == ["3", "4", "5", "6", "7", "8", "9"])
    #expect(rejects.allSatisfy { $0.fields[1] == "out-of-range" })
    #expect(
      rejects[0].raw.contains(
        "starts at epoch second 2305843009213693952, outside the years 0001-9999"))
    #expect(rejects[3].raw.contains("UTC offset of 2147483647 s is beyond ±18:59"))
    #expect(try CSVRecords.export(dir.file("clean.hpt")).map { $0.fields.last } == ["2"])
    // Aggregate straight on the table that skipped clean: ignored and counted, no trap.
    let agg = dir.file("agg")
    #expect(
      try Self.run(["aggregate", samples, "--out", agg, "--as-of", "2024-01-07"], "aggregate") == 0)
    let manifest = try String(contentsOfFile: agg + ".manifest.json", encoding: .utf8)
    #expect(manifest.contains("\"ignored\" : 7"), "\(manifest)")
    for format in ["html", "markdown", "email"] {
      _ = try Self.run(
        [
          "report", agg, "--format", format, "--out", dir.file("r.\(format)"), "--to",
          "a@example.org",
        ].filter { format == "email" || ($0 != "--to" && $0 != "a@example.org") }, "report")
    }
  }

  @Test(
    "samples with nan, inf and 1e308 values over 70 days: clean, aggregate and reports, no trap")
  func extremeSampleValues() throws {
    let dir = TemporaryDirectory("hostile-values")
    let metrics: [(MetricID, String, String)] = [
      (.steps, "count", ""), (.heartRate, "count/min", ""), (.hrvSDNN, "ms", ""),
      (.restingHeartRate, "count/min", ""), (.bodyMass, "kg", ""), (.bodyFat, "%", ""),
      (.sleep, "min", "asleepCore"), (.sleep, "min", "inBed"), (.workout, "min", "Running"),
      (.exerciseMinutes, "min", ""), (.respiratoryRate, "count/min", ""), (.spo2, "%", ""),
    ]
    var rows: [Sample] = []
    let first: Int64 = 1_704_067_200  // 2024-01-01T00:00:00Z
    for day in 0..<70 {
      for (k, (metric, unit, category)) in metrics.enumerated() {
        let start = first + Int64(day) * 86_400 + 3_600 * Int64(k)
        rows.append(
          Sample(
            metric: metric, start: start, end: start + 1_800, utcOffset: 0,
            value: Self.pick(Self.doubles, day + k), unit: unit, category: category, source: "P",
            hrvKind: metric == .hrvSDNN ? .sdnn : .none,
            origin: Origin(file: 0, record: Int64(rows.count + 2))))
      }
    }
    let samples = dir.file("samples.hpt")
    try TableFile.write(rows, to: samples, stage: "ingest", inputs: [Self.input])
    #expect(try Self.run(["clean", samples, "--out", dir.file("clean.hpt")], "clean") == 0)
    for (label, table) in [("clean", dir.file("clean.hpt")), ("raw", samples)] {
      let agg = dir.file("agg-\(label)")
      let code = try Self.run(
        ["aggregate", table, "--out", agg, "--as-of", "2024-03-10"], "aggregate \(label)")
      guard code == 0 else { continue }
      for format in ["html", "markdown", "email"] {
        var arguments = [
          "report", agg, "--format", format, "--out", dir.file("\(label).\(format)"),
        ]
        if format == "email" { arguments += ["--to", "a@example.org"] }
        _ = try Self.run(arguments, "report \(label)")
      }
    }
  }

  /// The largest numbers the report accepts (`TableValueLimits.displayable`, just inside).
  static let shownDoubles: [Double] = [9.99e17, -9.99e17, -0.0, 1e-300, 0.5, 0, 4.85e16]
  static let shownInts: [Int64] = [999_999_999_999_999, -999_999_999_999_999, 0, 7]

  @Test(
    "aggregate tables with nan, inf, 1e300 and 2^62: every report refuses them (65), no trap",
    arguments: ["daily", "baselines", "scores", "streaks", "weekly"])
  func beyondLimits(_ kind: String) throws {
    let codes = try Self.extremeAggregateTables(kind, doubles: Self.doubles, ints: Self.ints)
    #expect(codes.contains(65), "\(kind): \(codes)")
  }

  @Test(
    "aggregate tables with the largest numbers and days the report accepts: reports written",
    arguments: ["daily", "baselines", "scores", "streaks", "weekly"])
  func insideLimits(_ kind: String) throws {
    let codes = try Self.extremeAggregateTables(
      kind, doubles: Self.shownDoubles, ints: Self.shownInts)
    #expect(codes.allSatisfy { $0 == 0 }, "\(kind): \(codes)")
  }

  /// Rewrites one table of a good aggregate folder with `doubles`, `ints` and the extreme
  /// days in rotation, then runs the three reports (twice each), export and inspect; returns
  /// the reports' exit codes.
  static func extremeAggregateTables(_ kind: String, doubles d: [Double], ints n: [Int64])
    throws -> [Int32]
  {
    let fixtures = try CorpusFixtures.shared.get()
    let dir = TemporaryDirectory("hostile-\(kind)")
    let agg = dir.file("agg")
    try FileManager.default.copyItem(atPath: fixtures.aggregate, toPath: agg)
    let path = agg + "/\(kind).hpt"
    let header = try TableFile.header(of: path)
    func write<R: TableRecord>(_ rows: [R]) throws {
      try TableFile.write(
        rows, to: path, stage: "aggregate", inputs: header.inputs, facts: header.facts)
    }
    switch kind {
    case "daily":
      var rows = try TableFile.read(DailyValue.self, from: path).rows
      for i in rows.indices {
        rows[i].day = Self.pick(Self.days, i)
        rows[i].value = Self.pick(d, i)
        rows[i].minimum = Self.pick(d, i + 1)
        rows[i].maximum = Self.pick(d, i + 2)
        rows[i].count = Self.pick(n, i)
      }
      try write(rows)
    case "baselines":
      var rows = try TableFile.read(BaselineRow.self, from: path).rows
      for i in rows.indices {
        rows[i].day = Self.pick(Self.days, i)
        rows[i].value = Self.pick(d, i)
        rows[i].avg7 = Self.pick(d, i + 1)
        rows[i].avg7Days = Self.pick(n, i)
        rows[i].base14Mean = Self.pick(d, i + 2)
        rows[i].base14SD = Self.pick(d, i + 3)
        rows[i].base14Days = Self.pick(n, i + 1)
        rows[i].base60Mean = Self.pick(d, i + 4)
        rows[i].base60SD = Self.pick(d, i + 5)
        rows[i].base60Days = Self.pick(n, i + 2)
        rows[i].deltaYesterday = Self.pick(d, i + 6)
        rows[i].deltaYesterdayPercent = Self.pick(d, i + 7)
        rows[i].delta14 = Self.pick(d, i + 8)
        rows[i].delta14Percent = Self.pick(d, i + 9)
        rows[i].delta60 = Self.pick(d, i)
        rows[i].delta60Percent = Self.pick(d, i + 1)
        rows[i].rangeLow = Self.pick(d, i + 2)
        rows[i].rangeHigh = Self.pick(d, i + 3)
        rows[i].cv7 = Self.pick(d, i + 4)
        rows[i].lastDay = Self.pick(Self.days, i + 1)
      }
      try write(rows)
    case "scores":
      var rows = try TableFile.read(ScoreRow.self, from: path).rows
      for i in rows.indices {
        rows[i].day = Self.pick(Self.days, i)
        rows[i].condition = Self.pick(n, i)
        rows[i].conditionZ = Self.pick(d, i)
        rows[i].restingHRPenalty = Self.pick(d, i + 1)
        rows[i].sleep = Self.pick(n, i + 1)
        rows[i].sleepDurationPart = Self.pick(d, i + 2)
        rows[i].sleepConsistencyPart = Self.pick(d, i + 3)
        rows[i].sleepDeepPart = Self.pick(d, i + 4)
        rows[i].body = Self.pick(n, i + 2)
        rows[i].bodyFatChange = Self.pick(d, i + 5)
        rows[i].weightChangePercent = Self.pick(d, i + 6)
        rows[i].wellness = Self.pick(n, i + 3)
      }
      try write(rows)
    case "streaks":
      var rows = try TableFile.read(StreakRow.self, from: path).rows
      for i in rows.indices {
        rows[i].target = Self.pick(n, i)
        rows[i].current = Self.pick(n, i + 1)
        rows[i].longest = Self.pick(n, i + 2)
        rows[i].lastGoalDay = Self.pick(Self.days, i)
        rows[i].windowStart = Self.pick(Self.days, i + 1)
        rows[i].windowEnd = Self.pick(Self.days, i + 2)
        rows[i].milestone3 = Self.pick(Self.days, i)
        rows[i].milestone90 = Self.pick(Self.days, i + 1)
        rows[i].nextMilestone = Self.pick(n, i + 3)
        rows[i].progress = Self.pick(d, i)
        rows[i].history = String(repeating: "x-", count: 200)
      }
      try write(rows)
    default:
      var rows = try TableFile.read(WeeklyRow.self, from: path).rows
      for i in rows.indices {
        rows[i].weekStart = Self.pick(Self.days, i)
        rows[i].value = Self.pick(d, i)
        rows[i].previousValue = Self.pick(d, i + 1)
        rows[i].change = Self.pick(d, i + 2)
        rows[i].changePercent = Self.pick(d, i + 3)
        rows[i].daysWithData = Self.pick(n, i)
        rows[i].daysInWeek = Self.pick(n, i + 1)
        rows[i].target = Self.pick(n, i + 2)
      }
      try write(rows)
    }
    var codes: [Int32] = []
    for format in ["html", "markdown", "email"] {
      var arguments = ["report", agg, "--format", format, "--out", dir.file("r.\(format)")]
      if format == "email" { arguments += ["--to", "a@example.org"] }
      codes.append(try Self.run(arguments, kind))
      codes.append(try Self.run(arguments + ["--as-of", "2024-01-07", "--window", "90"], kind))
    }
    _ = try Self.run(["export", path], kind)
    _ = try Self.run(["inspect", path], kind)
    return codes
  }
}
