import Foundation
import HealthModel
import TestSupport
import Testing

@testable import Ingest

/// The real Fitbit Takeout files (Leask Wong's export, 2014-2022), read in place, against
/// independent counts in Python's `json` and `csv`.
@Suite(
  "Fitbit: real Takeout files",
  .enabled(if: RealData.isPresent && Python.available, "needs ../shared and python3"))
struct RealFitbitTests {
  static let folder = "vendors/fitbit/leask/Fitbit/"
  static func path(_ name: String) -> String { RealData.path(folder + name) }
  /// The account's zone at export time (SOURCES.md).
  static let toronto = ReaderOptions(timeZone: "America/Toronto", timeZoneOrigin: "--timezone")

  @Test(
    "resting heart rate: a year of days, 292 values and 73 placeholders, per day as in the JSON")
  func restingHeartRate() throws {
    let p = Self.path("Global Export Data/resting_heart_rate-2021-11-26.json")
    let out = try readFile(FitbitJSONReader(), path: p, options: Self.toronto)
    let py =
      try Python.json(
        """
        import json, sys
        rows = json.load(open(sys.argv[1]))
        kept = [(r['value']['date'], r['value']['value']) for r in rows
                if r['value']['date'] is not None and r['value']['value'] != 0]
        m, d, y = zip(*[k[0].split('/') for k in kept]) if kept else ([], [], [])
        print(json.dumps({'n': len(rows), 'days': ['20%s-%s-%s' % (y[i], m[i], d[i]) for i in range(len(kept))],
                          'values': [k[1] for k in kept]}))
        """, [p]) as! [String: Any]
    #expect(py["n"] as? Int == 365)
    let samples = out.samples(.restingHeartRate)
    #expect(samples.count == 292 && out.sink.extra["fitbit.restingHeartRate.placeholders"] == 73)
    #expect(samples.map { $0.startDay.description } == py["days"] as! [String])
    #expect(samples.map(\.value) == py["values"] as! [Double])
    // A whole local day each, DST days included (2022-03-13 has 23 hours in Toronto).
    for s in samples {
      #expect(LocalDay(epochSeconds: s.end - 1, utcOffset: s.utcOffset) == s.startDay)
    }
    #expect(out.reconciles)
  }

  /// Python's account of each log: asleep seconds per stage after the short wakes are cut
  /// out of the stages they overlap, the awake seconds (their union), and the local start.
  static let sleepScript = """
    import json, sys, datetime
    def t(s): return datetime.datetime.strptime(s[:19], '%Y-%m-%dT%H:%M:%S')
    out = []
    for log in json.load(open(sys.argv[1])):
        data = [(t(e['dateTime']), e['seconds'], e['level']) for e in log['levels']['data']]
        short = [(t(e['dateTime']), e['seconds']) for e in log['levels'].get('shortData', [])]
        per = {}
        for (s, n, lvl) in data:
            secs = set(range(n))
            if lvl not in ('wake', 'awake', 'restless'):
                for (ws, wn) in short:
                    a = int((ws - s).total_seconds())
                    secs -= set(range(a, a + wn))
                key = lvl
            else:
                key = 'awake'
            per[key] = per.get(key, 0) + len(secs)
        awake = set()
        for (s, n, lvl) in data:
            if lvl in ('wake', 'awake', 'restless'):
                awake |= set(int((s - data[0][0]).total_seconds()) + k for k in range(n))
        for (ws, wn) in short:
            for (s, n, lvl) in data:
                if lvl in ('wake', 'awake', 'restless'): continue
                a = int((ws - s).total_seconds())
                for k in range(max(0, a), min(n, a + wn)):
                    awake.add(int((s - data[0][0]).total_seconds()) + k)
        out.append({'asleep': sum(v for k, v in per.items() if k != 'awake'),
                    'deep': per.get('deep', 0), 'rem': per.get('rem', 0), 'light': per.get('light', 0),
                    'awake': len(awake), 'start': log['startTime'][:19], 'summary': log['minutesAsleep'],
                    'date': log['dateOfSleep']})
    print(json.dumps(out))
    """

  @Test(
    "sleep: each log's asleep and awake minutes equal Python's, short wakes cut out, never added")
  func sleep() throws {
    let p = Self.path("Global Export Data/sleep-2022-09-17.json")
    let out = try readFile(FitbitJSONReader(), path: p, options: Self.toronto)
    let logs = try Python.json(Self.sleepScript, [p]) as! [[String: Any]]
    #expect(logs.count == 15)
    for (i, log) in logs.enumerated() {
      let rows = out.samples(.sleep).filter { $0.origin.record == Int64(i + 1) }
      func minutes(_ stages: [SleepStage]) -> Double {
        rows.filter { stages.map(\.rawValue).contains($0.category) }.reduce(0) { $0 + $1.value }
      }
      let asleep = minutes([.asleepCore, .asleepDeep, .asleepREM, .asleepUnspecified])
      #expect(abs(asleep - Double(log["asleep"] as! Int) / 60) < 1e-6, "log \(i)")
      #expect(abs(minutes([.asleepDeep]) - Double(log["deep"] as! Int) / 60) < 1e-6)
      #expect(abs(minutes([.awake]) - Double(log["awake"] as! Int) / 60) < 1e-6, "log \(i)")
      // Within 2 minutes of Fitbit's own rounded minutesAsleep.
      #expect(abs(asleep - Double(log["summary"] as! Int)) <= 2, "log \(i)")
      // Times are the local wall clock: the in-bed row starts at startTime in Toronto.
      let inBed = try #require(rows.first { $0.category == "inBed" })
      #expect(
        TimestampParser.format(epochSeconds: inBed.start, utcOffset: inBed.utcOffset).prefix(19)
          == (log["start"] as! String).replacingOccurrences(of: "T", with: " "))
      // dateOfSleep is the wake date.
      #expect(
        LocalDay(epochSeconds: inBed.end, utcOffset: inBed.utcOffset).description == log["date"]
          as! String)
    }
    #expect(out.sink.extra["fitbit.sleep.wakeDateDiffers"] == nil)
    #expect(out.reconciles)
  }

  @Test(
    "the decision: sleep times are local; read as UTC, 4 of the 15 logs would miss their wake date")
  func sleepIsLocal() throws {
    let p = Self.path("Global Export Data/sleep-2022-09-17.json")
    let out = try readFile(FitbitJSONReader(), path: p, options: Self.toronto)
    let logs = out.samples(.sleep).filter { $0.category == "inBed" }
    #expect(logs.count == 15)
    // Read as local (healthpipe's reading), every log ends on its dateOfSleep (checked by
    // the reader: no `fitbit.sleep.wakeDateDiffers`). Read as UTC, the wall-clock end would be
    // an instant `offset` earlier in Toronto: the four logs ending between midnight and
    // 04:00 (EDT, UTC-4) would end the day before their dateOfSleep.
    #expect(out.sink.extra["fitbit.sleep.wakeDateDiffers"] == nil)
    let wouldMiss = logs.filter { log in
      let wall = log.end + Int64(log.utcOffset)
      return LocalDay(epochSeconds: wall, utcOffset: log.utcOffset)
        != LocalDay(epochSeconds: wall, utcOffset: 0)
    }
    #expect(wouldMiss.count == 4)
  }

  @Test("weight: pounds (the BMI says so), at the local date and time")
  func weight() throws {
    let p = Self.path("Global Export Data/weight-2014-11-28.json")
    let out = try readFile(FitbitJSONReader(), path: p, options: Self.toronto)
    let w = out.samples(.bodyMass)
    #expect(w.map(\.value) == [119.0, 132.2] && w.allSatisfy { $0.unit == "lb" })
    // 2014-11-30 23:59:59 in Toronto (-05:00) is 2014-12-01T04:59:59Z.
    #expect(w[0].start == epoch(2014, 12, 1, 4, 59, 59, offset: 0) && w[0].utcOffset == -18_000)
    #expect(out.samples(.bmi).map(\.value) == [20.32, 22.58])
    #expect(out.sink.notes.contains { $0.contains("pounds") })
  }

  @Test(
    "HRV summaries: RMSSD of the timestamp's date (the names are a day early), no final newline")
  func hrv() throws {
    let folder = RealData.path(Self.folder + "Heart Rate Variability")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names.count == 9)
    for name in names {
      let p = folder + "/" + name
      let out = try readFile(FitbitCSVReader(), path: p, options: Self.toronto)
      let py =
        try Python.json(
          "import csv, json, sys\nr = list(csv.DictReader(open(sys.argv[1], newline='')))\n"
            + "print(json.dumps([[x['timestamp'][:10], float(x['rmssd'])] for x in r]))", [p])
        as! [[Any]]
      let s = out.samples(.hrvRMSSD)
      #expect(s.count == 1 && py.count == 1, "\(name)")
      #expect(s.first?.startDay.description == py[0][0] as? String)
      #expect(s.first?.value == py[0][1] as? Double && s.first?.hrvKind == .rmssd)
    }
    // `…2021-01-(1).csv` holds 2021-01-02, `…2021-01-.csv` 2021-01-01.
    let one = try readFile(
      FitbitCSVReader(), path: folder + "/Daily Heart Rate Variability Summary - 2021-01-(1).csv",
      options: Self.toronto)
    #expect(one.samples(.hrvRMSSD).first?.startDay == LocalDay(year: 2021, month: 1, day: 2))
  }
}
