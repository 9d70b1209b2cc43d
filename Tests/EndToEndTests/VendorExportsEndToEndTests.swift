import Foundation
import TestSupport
import Testing

/// The real Garmin and Fitbit files through ingest, clean and aggregate, read in place; the
/// daily values against Python's `json`, `csv` and a FIT walk of its own.
@Suite(
  "Garmin and Fitbit exports end to end",
  .enabled(if: RealData.isPresent && Python.available, "needs ../shared and python3"))
struct VendorExportsEndToEndTests {
  /// Runs ingest → clean → aggregate and returns the daily rows by metric and day.
  static func daily(_ inputs: [String], zone: String, asOf: String) throws -> [String: [String:
    Double]]
  {
    let dir = TemporaryDirectory("vendors-e2e")
    let ingest = try Healthpipe.run(
      ["ingest"] + inputs + ["--out", dir.file("samples.hpt"), "--timezone", zone, "--quiet"])
    #expect(ingest.code == 0, "\(ingest.stderr)")
    let clean = try Healthpipe.run([
      "clean", dir.file("samples.hpt"), "--out", dir.file("clean.hpt"), "--quiet",
    ])
    #expect(clean.code == 0, "\(clean.stderr)")
    let agg = try Healthpipe.run([
      "aggregate", dir.file("clean.hpt"), "--out", dir.file("agg"), "--as-of", asOf, "--quiet",
    ])
    #expect(agg.code == 0, "\(agg.stderr)")
    let csv = try Healthpipe.run(["export", dir.file("agg/daily.hpt")])
    var out: [String: [String: Double]] = [:]
    for line in csv.stdout.split(separator: "\r\n").dropFirst() {
      let f = line.split(separator: ",", omittingEmptySubsequences: false)
      guard f.count >= 4, f[2].isEmpty, let v = Double(f[3]) else { continue }
      out[String(f[1]), default: [:]][String(f[0])] = v
    }
    return out
  }

  @Test("Fitbit: daily resting heart rate, RMSSD and weight equal the files' own values")
  func fitbit() throws {
    let root = RealData.path("vendors/fitbit/leask/Fitbit")
    let json = root + "/Global Export Data"
    let hrv = try FileManager.default.contentsOfDirectory(atPath: root + "/Heart Rate Variability")
      .map { root + "/Heart Rate Variability/" + $0 }
    let files = [
      json + "/resting_heart_rate-2021-11-26.json", json + "/weight-2014-11-28.json",
      json + "/sleep-2022-09-17.json",
    ]
    let daily = try Self.daily(files + hrv, zone: "America/Toronto", asOf: "2022-11-25")
    let py =
      try Python.json(
        """
        import csv, json, sys
        rhr = {}
        for e in json.load(open(sys.argv[1])):
            v = e['value']
            if v['date']:
                m, d, y = v['date'].split('/'); rhr['20%s-%s-%s' % (y, m, d)] = v['value']
        hrv = {}
        for p in sys.argv[2:]:
            for r in csv.DictReader(open(p, newline='')): hrv[r['timestamp'][:10]] = float(r['rmssd'])
        print(json.dumps({'rhr': rhr, 'hrv': hrv}))
        """, [files[0]] + hrv) as! [String: [String: Double]]
    let rhr = try #require(daily["restingHeartRate"])
    #expect(rhr.count == 292 && rhr.count == py["rhr"]!.count)
    for (day, v) in py["rhr"]! { #expect(abs(rhr[day]! - v) < 0.05, "\(day)") }  // 1 decimal in CSV
    let rmssd = try #require(daily["hrvRMSSD"])
    for (day, v) in py["hrv"]! { #expect(abs(rmssd[day]! - v) < 0.05, "\(day)") }
    #expect(daily["hrvSDNN"] == nil && daily["hrvLnSDNN"] == nil)
    // 119.0 lb = 53.977 kg on 2014-11-30 (the CSV's two decimals).
    #expect(daily["bodyMass"]?["2014-11-30"] == 53.98)
    // Sleep: the night of 2022-10-05 23:16 to 10-06 07:01 (sleep day 10-06): its stages
    // (25,530 s) less the 2,070 s of short wakes inside them are 23,460 s = 391 minutes,
    // Fitbit's own minutesAsleep.
    #expect(daily["sleepAsleep"]?["2022-10-06"] == 391)
  }

  @Test("Garmin: each day's workouts and heart rate equal the FIT files' sessions and records")
  func garmin() throws {
    let names = [
      "garmin-fenix-5-walk.fit", "garmin-fenix-5-run.fit", "garmin-fenix-5-bike.fit",
      "garmin-edge-820-bike.fit",
    ]
    let paths = names.map { RealData.path("vendors/garmin/python-fitparse/" + $0) }
    let daily = try Self.daily(paths, zone: "Etc/UTC", asOf: "2017-06-12")
    // Sessions per local day (UTC-07:00, the files' own offset): the walk and the run on
    // the 11th, the two rides (two devices, overlapping 7 s of 60: two workouts) on the 12th.
    #expect(daily["workoutCount"] == ["2017-06-11": 2, "2017-06-12": 2])
    let minutes = try #require(daily["workoutMinutes"])
    // total_timer_time (ms) from SOURCES.md: 45,379 + 56,887 and 60,363 + 64,524.
    #expect(abs(minutes["2017-06-11"]! - (45.379 + 56.887) / 60) < 0.05)
    #expect(abs(minutes["2017-06-12"]! - (60.363 + 64.524) / 60) < 0.05)
    let files = try PythonFITForEndToEnd.heartRateMeans(paths)
    for (day, mean) in files { #expect(abs(daily["heartRate"]![day]! - mean) < 0.05, "\(day)") }
  }
}

/// The per-day mean heart rate of the files' records, by Python (a FIT walk of its own).
enum PythonFITForEndToEnd {
  static func heartRateMeans(_ paths: [String]) throws -> [String: Double] {
    try Python.json(
      """
      import json, struct, sys, datetime
      days = {}
      for p in sys.argv[1:]:
          b = open(p, 'rb').read(); hs = b[0]; ds, = struct.unpack_from('<I', b, 4)
          pos = hs; end = hs + ds; defs = {}
          while pos < end:
              h = b[pos]; pos += 1
              if h & 0x40:
                  g, = struct.unpack_from('<H', b, pos + 2); n = b[pos + 4]; pos += 5
                  f = [(b[pos+3*i], b[pos+3*i+1]) for i in range(n)]; pos += 3 * n
                  defs[h & 0xF] = (g, f); continue
              g, f = defs[h & 0xF]; v = {}
              for (num, size) in f: v[num] = b[pos:pos+size]; pos += size
              if g == 20 and 3 in v and v[3][0] != 0xFF:
                  t, = struct.unpack('<I', v[253])
                  day = (datetime.datetime(1989, 12, 31) + datetime.timedelta(seconds=t - 7 * 3600)).date().isoformat()
                  days.setdefault(day, []).append(v[3][0])
      print(json.dumps({d: sum(x) / len(x) for d, x in days.items()}))
      """, paths) as! [String: Double]
  }
}
