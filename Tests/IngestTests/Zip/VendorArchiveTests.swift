import Foundation
import SampleExports
import TestSupport
import Testing

@testable import Ingest

/// Vendor export zips made by the generator, read in place, against Python's `zipfile`,
/// `json` and `zoneinfo` (docs/ingest-garmin.md and docs/ingest-fitbit.md, "Export zips").
@Suite("Vendor export zips", .enabled(if: Python.available, "needs python3"))
struct VendorArchiveTests {
  static let options = SyntheticOptions(days: 20, seed: 3, density: .sample)
  static let newYork = ReaderOptions(timeZone: "America/New_York", timeZoneOrigin: "--timezone")

  static func generate(_ formats: SyntheticFormat...) throws -> (TemporaryDirectory, [String]) {
    let dir = TemporaryDirectory("vendors")
    let files = try SyntheticExport.write(options, formats: formats, to: dir.path)
    return (dir, files.map(\.path))
  }

  /// Steps per local day of what a reader kept.
  static func stepsPerDay(_ out: Collected) -> [String: Double] {
    var days: [String: Double] = [:]
    for s in out.samples(.steps) { days[s.startDay.description, default: 0] += s.value }
    return days
  }

  @Test(
    "Garmin export: daily steps equal Garmin's own totals, from FIT monitoring where the export has it"
  )
  func garminExport() throws {
    let (dir, paths) = try Self.generate(.garminExport)
    let zip = paths[0]
    #expect(try FormatDetector.detect(path: zip) == .garminExport)
    let out = try readFile(GarminExportReader(), path: zip, options: Self.newYork)
    let py =
      try Python.json(
        """
        import io, json, sys, zipfile
        z = zipfile.ZipFile(sys.argv[1])
        days = {}
        for n in z.namelist():
            if 'UDSFile_' in n:
                for e in json.load(z.open(n)): days[e['calendarDate']] = e['totalSteps']
        inner = zipfile.ZipFile(io.BytesIO(z.read([n for n in z.namelist() if n.endswith('.zip')][0])))
        acts = [n for n in inner.namelist() if n.endswith('_ACTIVITY.fit')]
        well = [n for n in inner.namelist() if n.endswith('_WELLNESS.fit')]
        print(json.dumps({'days': days, 'activities': len(acts), 'wellness': len(well)}))
        """, [zip]) as! [String: Any]
    let expected = (py["days"] as! [String: Int]).mapValues(Double.init)
    #expect(Self.stepsPerDay(out) == expected.filter { $0.value > 0 })
    // The last 14 days' steps come from the monitoring files; Garmin Connect's totals of
    // those days are counted, not kept.
    #expect(py["wellness"] as? Int == 14)
    #expect(out.sink.extra["notKept.UDSFile.totalSteps.coveredByMonitoring"] == 14)
    let fromFIT = out.samples(.steps).filter { $0.source.hasPrefix("Garmin (") }
    #expect(Set(fromFIT.map { $0.startDay }).count == 14)
    #expect(out.samples(.workout).count == py["activities"] as! Int)
    #expect(out.sink.notes.contains { $0.contains("user_profile.json") })
    #expect(out.reconciles && out.rejects.isEmpty)
    withExtendedLifetime(dir) {}
  }

  /// The 20 days run over Sun 1 Nov 2026, when New York's clocks go back: that day's
  /// monitoring file says −04:00 at midnight, and its readings after 06:00Z are EST.
  @Test(
    "the chained FIT file: the same daily totals (the DST day too), every file's CRC and headers read"
  )
  func garminChain() throws {
    let (dir, paths) = try Self.generate(.garminFIT, .garminExport)
    let (fit, zip) = (paths[0], paths[1])
    #expect(try FormatDetector.detect(path: fit) == .garminFIT)
    let out = try readFile(GarminFITReader(), path: fit, options: Self.newYork)
    let py =
      try Python.json(
        """
        import json, sys, zipfile
        z = zipfile.ZipFile(sys.argv[1])
        days = {}
        for n in z.namelist():
            if 'UDSFile_' in n:
                for e in json.load(z.open(n)): days[e['calendarDate']] = e['totalSteps']
        print(json.dumps(days))
        """, [zip]) as! [String: Int]
    #expect(Self.stepsPerDay(out) == py.mapValues(Double.init).filter { $0.value > 0 })
    // 20 monitoring files and one per workout, 12- and 14-byte headers, big-endian stress
    // definitions, compressed timestamps and developer fields all met.
    let files = try PythonFIT.messages([fit])
    #expect(Int64(files.count) == out.sink.extra["fit.files"])
    #expect(out.sink.extra["fit.messages"] == Int64(files.reduce(0) { $0 + $1.count }))
    #expect((out.sink.extra["fit.compressedTimestampMessages"] ?? 0) > 0)
    #expect((out.sink.extra["fit.developerFieldsSkipped"] ?? 0) > 0)
    // Heart rate: every valid record and monitoring reading, at its time.
    let expected = files.flatMap { $0 }.filter { m in
      let g = m["g"] as? Int
      let v = m["v"] as? [String: Any]
      return (g == 20 && v?["3"] as? Int != nil) || (g == 55 && v?["27"] as? Int != nil)
    }.count
    #expect(out.samples(.heartRate).count == expected)
    // Garmin's stress readings are its own series; HRV is RMSSD.
    #expect(!out.samples(.garminStressLevel).isEmpty && out.samples(.hrvSDNN).isEmpty)
    #expect(out.samples(.hrvRMSSD).allSatisfy { $0.hrvKind == .rmssd })
    #expect(out.reconciles && out.rejects.isEmpty)
    withExtendedLifetime(dir) {}
  }

  @Test(
    "Fitbit Takeout: steps per local day equal Python's (UTC dateTimes); repeated CSVs are read once"
  )
  func fitbitTakeout() throws {
    let (dir, paths) = try Self.generate(.fitbitTakeout)
    let zip = paths[0]
    #expect(try FormatDetector.detect(path: zip) == .fitbitTakeout)
    let out = try readFile(FitbitTakeoutReader(), path: zip, options: Self.newYork)
    let py =
      try Python.json(
        """
        import json, sys, zipfile, datetime
        from zoneinfo import ZoneInfo
        z = zipfile.ZipFile(sys.argv[1]); ny = ZoneInfo('America/New_York')
        days = {}; hr = 0; rhr = 0
        for n in z.namelist():
            base = n.split('/')[-1]
            if base.startswith('steps-'):
                for e in json.load(z.open(n)):
                    t = datetime.datetime.strptime(e['dateTime'], '%m/%d/%y %H:%M:%S').replace(tzinfo=datetime.timezone.utc)
                    d = t.astimezone(ny).date().isoformat()
                    days[d] = days.get(d, 0) + int(e['value'])
            if base.startswith('heart_rate-'): hr += len(json.load(z.open(n)))
            if base.startswith('resting_heart_rate-'):
                rhr += sum(1 for e in json.load(z.open(n)) if e['value']['date'])
        print(json.dumps({'days': {k: v for k, v in days.items() if v}, 'hr': hr, 'rhr': rhr}))
        """, [zip]) as! [String: Any]
    #expect(Self.stepsPerDay(out) == (py["days"] as! [String: Int]).mapValues(Double.init))
    #expect(out.samples(.heartRate).count == py["hr"] as! Int)
    #expect(out.samples(.restingHeartRate).count == py["rhr"] as! Int)
    #expect(out.sink.extra["zip.entriesRepeatingFitbitJSON"] == 2)
    #expect(out.sink.notes.contains { $0.contains("calories") })
    #expect(out.reconciles && out.rejects.isEmpty)
    withExtendedLifetime(dir) {}
  }

  @Test("each vendor file is detected by content, whatever its name; Apple's zip stays Apple's")
  func detection() throws {
    let dir = TemporaryDirectory("vendors")
    _ = try SyntheticExport.write(
      Self.options, formats: [.garminJSON, .fitbitJSON, .fitbitCSV, .appleZip], to: dir.path)
    func renamed(_ relative: String) throws -> String {
      let target = dir.file("renamed-\(relative.split(separator: "/").last!).txt")
      try FileManager.default.copyItem(atPath: dir.file(relative), toPath: target)
      return target
    }
    let uds = try FileManager.default.contentsOfDirectory(
      atPath: dir.file("garmin/DI_CONNECT/DI-Connect-Aggregator"))[0]
    #expect(
      try FormatDetector.detect(path: renamed("garmin/DI_CONNECT/DI-Connect-Aggregator/" + uds))
        == .garminJSON)
    let hr = try FileManager.default.contentsOfDirectory(
      atPath: dir.file("Fitbit/Global Export Data")
    )
    .first { $0.hasPrefix("heart_rate") }!
    #expect(
      try FormatDetector.detect(path: renamed("Fitbit/Global Export Data/" + hr)) == .fitbitJSON)
    #expect(
      try FormatDetector.detect(path: renamed("Fitbit/Physical Activity_GoogleData/weight.csv"))
        == .fitbitCSV)
    #expect(try FormatDetector.detect(path: dir.file("export.zip")) == .appleZip)
  }
}
