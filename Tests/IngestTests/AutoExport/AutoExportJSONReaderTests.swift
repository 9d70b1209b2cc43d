import HealthModel
import HealthSystem
import Ingest
import TestSupport
import Testing

/// The Health Auto Export JSON reader on small hand-written inputs. Expected values are worked
/// out by hand in the comments (New York: -05:00 in winter, -04:00 in summer).
@Suite struct AutoExportJSONReaderTests {
  static let steps = """
    {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [
      {"date": "2023-01-03 00:00:00 -0800", "qty": 6712, "source": "Jane’s iPhone"},
      {"qty": 5000, "source": "Jane’s iPhone", "date": "2023-01-04 00:00:00 -0800"}]}]}}
    """

  @Test func readsADailyQuantity() throws {
    let out = try readAutoExportJSON(Self.steps)
    #expect(out.samples.count == 2)
    let s = out.samples[0]
    #expect(s.metric == .steps)
    #expect(s.value == 6712)
    #expect(s.unit == "count")
    // 2023-01-03 00:00 at -08:00 is 08:00 UTC; the interval is the whole local day.
    #expect(s.start == epoch(2023, 1, 3, offset: -8 * 3600))
    #expect(s.end == s.start + 86_400)
    #expect(s.utcOffset == -8 * 3600)
    #expect(s.source == "Jane’s iPhone" && s.sourceKind == .phone)
    #expect(s.origin == Origin(file: 0, record: 1))
    #expect(out.samples[1].origin.record == 2)
    #expect(out.sink.counts["step_count"]?.read == 2)
    #expect(out.reconciles)
  }

  @Test func keysInAnyOrderGiveTheSameSamples() throws {
    // data before name and units (read again after the object), keys of points shuffled,
    // and an unknown member in the metric object.
    let shuffled = """
      {"data": {"metrics": [{"data": [
        {"source": "Jane’s iPhone", "qty": 6712, "date": "2023-01-03 00:00:00 -0800"},
        {"date": "2023-01-04 00:00:00 -0800", "source": "Jane’s iPhone", "qty": 5000}],
        "extra": {"a": [1, 2]}, "units": "count", "name": "step_count"}]}}
      """
    let unitsLast = """
      {"data": {"metrics": [{"name": "step_count", "data": [
        {"date": "2023-01-03 00:00:00 -0800", "qty": 6712, "source": "Jane’s iPhone"},
        {"qty": 5000, "source": "Jane’s iPhone", "date": "2023-01-04 00:00:00 -0800"}],
        "units": "count"}]}}
      """
    let expected = try readAutoExportJSON(Self.steps).samples
    #expect(try readAutoExportJSON(shuffled).samples == expected)
    #expect(try readAutoExportJSON(unitsLast).samples == expected)
  }

  @Test func unescapesSlashesAndKeepsSourceLists() throws {
    let text = #"""
      {"data": {"metrics": [
        {"name": "heart_rate", "units": "count\/min", "data": [
          {"date": "2023-01-03 00:00:00 -0500", "Min": 57, "Avg": 77.77, "Max": 119,
           "source": "Eli’s Apple\u00A0Watch|Eli’s iPhone"},
          {"date": "2023-01-04 00:00:00 -0500", "Min": 50, "Avg": 60, "Max": 70,
           "source": "Eli’s Apple Watch|Eli’s Apple\u00A0Watch Ultra"}]},
        {"name": "vo2_max", "units": "ml\/(kg·min)", "data": [
          {"date": "2023-01-03 00:00:00 -0500", "qty": 40.1}]}]}}
      """#
    let out = try readAutoExportJSON(text)
    let hr = out.samples(.heartRate)
    #expect(hr.count == 2)
    #expect(hr[0].unit == "count/min")
    #expect(hr[0].value == 77.77 && hr[0].minimum == 57 && hr[0].maximum == 119)
    // The whole list is the source; its kind is known only when all names agree.
    #expect(hr[0].source == "Eli’s Apple\u{A0}Watch|Eli’s iPhone")
    #expect(hr[0].sourceKind == .unknown)
    #expect(hr[1].sourceKind == .watch)
    #expect(out.samples(.vo2Max).first?.unit == "ml/(kg·min)")
    // A point without a source is Health Auto Export's own value.
    #expect(out.samples(.vo2Max).first?.source == "Health Auto Export")
    #expect(out.samples(.vo2Max).first?.sourceKind == .app)
  }

  @Test func mapsHRVBloodPressureAndUnknownMetrics() throws {
    let text = """
      {"data": {"metrics": [
        {"name": "heart_rate_variability", "units": "ms", "data": [
          {"date": "2024-01-05 07:12:33 -0500", "qty": 48.2}]},
        {"name": "blood_pressure", "units": "mmHg", "data": [
          {"date": "2024-01-05 08:00:00 -0500", "systolic": 121, "diastolic": 79}]},
        {"name": "dietary_caffeine", "units": "mg", "data": [
          {"date": "2024-01-05 00:00:00 -0500", "qty": 95}]},
        {"name": "sexual_activity", "units": "count", "data": [
          {"date": "2024-01-05 00:00:00 -0500", "Unspecified": 1, "Protection Used": 0}]},
        {"name": "blood_oxygen_saturation", "units": "%", "data": [
          {"date": "2024-01-05 03:00:00 -0500", "qty": 96.5}]}]}}
      """
    let out = try readAutoExportJSON(text)
    let hrv = try #require(out.samples(.hrvSDNN).first)
    #expect(hrv.hrvKind == .sdnn && hrv.value == 48.2)
    // A reading at 07:12:33 is instantaneous.
    #expect(hrv.start == epoch(2024, 1, 5, 7, 12, 33, offset: -5 * 3600) && hrv.end == hrv.start)
    #expect(out.samples(.bloodPressureSystolic).map(\.value) == [121])
    #expect(out.samples(.bloodPressureDiastolic).map(\.value) == [79])
    #expect(out.sink.counts["blood_pressure"]?.kept == 2)
    #expect(out.samples("dietary_caffeine").map(\.value) == [95])
    // Other shapes: each numeric member is a sample, its name the category.
    let sex = out.samples("sexual_activity")
    #expect(sex.map(\.category) == ["Unspecified", "Protection Used"])
    #expect(sex.map(\.value) == [1, 0])
    // SpO2 stays on the 0-100 scale as read; clean converts with the input's convention.
    let spo2 = try #require(out.samples(.spo2).first)
    #expect(spo2.value == 96.5 && spo2.unit == "%")
    let fraction = try #require(
      UnitConverter.convert(spo2.value, from: spo2.unit, to: "fraction", percent: .hundred))
    #expect(abs(fraction - 0.965) < 1e-15)
    #expect(out.reconciles && out.rejects.isEmpty)
  }

  @Test func midnightPointsAreDaysOnlyWhenTheWholeMetricIsAtMidnight() throws {
    // An hourly metric: its 00:00 point is an ordinary reading.
    let text = """
      {"data": {"metrics": [
        {"name": "step_count", "units": "count", "data": [
          {"date": "2024-01-05 00:00:00 -0500", "qty": 10},
          {"date": "2024-01-05 01:00:00 -0500", "qty": 20}]},
        {"name": "resting_heart_rate", "units": "count/min", "data": [
          {"date": "2024-01-05 00:00:00 -0500", "qty": 55},
          {"date": "2024-01-06", "qty": 56}]}]}}
      """
    let out = try readAutoExportJSON(text)
    #expect(out.samples(.steps).allSatisfy { $0.end == $0.start })
    let rhr = out.samples(.restingHeartRate)
    #expect(rhr.allSatisfy { $0.end == $0.start + 86_400 })
    // "2024-01-06" has no offset: New York midnight, -05:00, as the pipeline setting says.
    #expect(rhr[1].start == epoch(2024, 1, 6, offset: -5 * 3600))
    #expect(out.sink.assumedTimeZone == "America/New_York (pipeline setting)")
    #expect(out.sink.notes.contains { $0.contains("America/New_York (pipeline setting)") })
  }

  @Test func readsAggregatedSleepNights() throws {
    let text = """
      {"data": {"metrics": [{"name": "sleep_analysis", "units": "hr", "data": [
        {"date": "2024-05-09 05:50:16 -0400", "sleepStart": "2024-05-08 22:30:00 -0400",
         "sleepEnd": "2024-05-09 06:00:00 -0400", "inBedStart": "2024-05-08 22:00:00 -0400",
         "inBedEnd": "2024-05-09 06:15:00 -0400", "asleep": 0, "core": 4.5, "deep": 1.25,
         "rem": 1.5, "awake": 0.25, "inBed": 8.25, "totalSleep": 7.25,
         "source": "Eli’s Apple\\u00A0Watch"},
        {"date": "2024-03-10", "asleep": 7, "inBed": 0, "sleepSource": "Sleep++"}]}]}}
      """
    let out = try readAutoExportJSON(text)
    let first = out.samples.filter { $0.origin.record == 1 }
    // core 4.5 h = 270 min, deep 75, REM 90, awake 15 over 22:30 … 06:00 (-04:00).
    #expect(first.map(\.category) == ["asleepCore", "asleepDeep", "asleepREM", "awake", "inBed"])
    #expect(first.map(\.value) == [270, 75, 90, 15, 495])
    #expect(first[0].start == epoch(2024, 5, 8, 22, 30, offset: -4 * 3600))
    #expect(first[0].end == epoch(2024, 5, 9, 6, 0, offset: -4 * 3600))
    #expect(first.allSatisfy { $0.unit == "min" && $0.metric == .sleep })
    // In bed over its own interval, 22:00 … 06:15.
    #expect(first[4].start == epoch(2024, 5, 8, 22, 0, offset: -4 * 3600))
    #expect(first[4].end == epoch(2024, 5, 9, 6, 15, offset: -4 * 3600))
    // Second night: a plain date, no times: noon 2024-03-09 (-05:00) to noon 2024-03-10
    // (86,400 s later); asleep 7 h = 420 min from the sleepSource; inBed 0 is no sample.
    let second = out.samples.filter { $0.origin.record == 2 }
    #expect(second.count == 1)
    #expect(second[0].category == "asleepUnspecified" && second[0].value == 420)
    #expect(second[0].source == "Sleep++")
    #expect(second[0].start == epoch(2024, 3, 9, 12, offset: -5 * 3600))
    #expect(second[0].end == second[0].start + 86_400)
    #expect(out.sink.extra["zeroSleepStages"] == 2)
    #expect(out.sink.extra["notKept.sleep_analysis.totalSleep"] == 1)
    #expect(out.sink.counts["sleep_analysis"]?.kept == 6)
    #expect(out.reconciles)
  }

  @Test func readsSleepSegments() throws {
    let text = """
      {"data": {"metrics": [{"name": "sleep_analysis", "units": "hr", "data": [
        {"startDate": "2024-05-08 23:00:00 -0400", "endDate": "2024-05-08 23:30:00 -0400",
         "qty": 0.5, "value": "Core", "source": "Watch"},
        {"value": "In Bed", "endDate": "2024-05-09 06:00:00 -0400",
         "startDate": "2024-05-08 22:45:00 -0400"},
        {"startDate": "2024-05-09 01:00:00 -0400", "endDate": "2024-05-09 01:10:00 -0400",
         "qty": 0.2, "value": "Napping"}]}]}}
      """
    let out = try readAutoExportJSON(text)
    #expect(out.samples.count == 2)
    #expect(out.samples[0].category == "asleepCore" && out.samples[0].value == 30)
    #expect(out.samples[0].start == epoch(2024, 5, 8, 23, 0, offset: -4 * 3600))
    #expect(out.samples[0].end == epoch(2024, 5, 8, 23, 30, offset: -4 * 3600))
    // No qty: minutes from the interval, 22:45 … 06:00 = 435 min.
    #expect(out.samples[1].category == "inBed" && out.samples[1].value == 435)
    let reject = try #require(out.rejects.first)
    #expect(reject.code == .unknownCategory)
    #expect(reject.reason.contains("Napping"))
    #expect(out.reconciles && out.sink.counts["sleep_analysis"]?.read == 3)
  }

  @Test func readsWorkoutsVersion1() throws {
    let text = """
      {"data": {"workouts": [{"name": "Running", "start": "2021-04-06 17:31:00 -0400",
        "end": "2021-04-06 18:33:00 -0400", "totalEnergy": 623.05, "activeEnergy": 539.52,
        "activeEnergyUnits": "kcal", "distance": 3.08}]}}
      """
    let out = try readAutoExportJSON(text)
    let w = try #require(out.samples(.workout).first)
    // No duration: end − start = 62 min.
    #expect(w.value == 62 && w.unit == "min" && w.category == "Running")
    #expect(w.start == epoch(2021, 4, 6, 17, 31, offset: -4 * 3600))
    #expect(out.samples(.workoutEnergy).map(\.value) == [539.52])
    #expect(out.samples(.workoutEnergy).first?.unit == "kcal")
    // A bare distance without a unit keeps an empty unit: clean decides, never a guess.
    #expect(out.samples(.workoutDistance).map(\.value) == [3.08])
    #expect(out.samples(.workoutDistance).first?.unit == "")
    #expect(out.samples(.workoutDistance).first?.category == "Running")
    #expect(out.sink.extra["notKept.workouts.totalEnergy"] == 1)
    #expect(out.reconciles)
  }

  @Test func readsWorkoutsVersion2() throws {
    let text = """
      {"data": {"metrics": [], "workouts": [{"id": "550e8400", "name": "Outdoor Walk",
        "start": "2024-02-06 07:00:00 -0800", "end": "2024-02-06 07:40:00 -0800",
        "duration": 1800, "location": "Outdoor", "isIndoor": false,
        "activeEnergyBurned": {"qty": 150, "units": "kcal"},
        "totalEnergy": {"qty": 200, "units": "kcal"},
        "distance": {"qty": 2.1, "units": "km"},
        "heartRateData": [{"date": "2024-02-06 07:00:00 -0800", "Min": 80, "Avg": 90,
          "Max": 100, "units": "bpm"}, {"Avg": 95}, {"Avg": 99}],
        "route": [{"lat": 1, "lon": 2}, {"lat": 1.1, "lon": 2.1}],
        "activeEnergy": [{"qty": 5, "units": "kcal"}]}]}}
      """
    let out = try readAutoExportJSON(text)
    // duration 1800 s = 30 min (pauses excluded), not the 40 min between start and end.
    #expect(out.samples(.workout).map(\.value) == [30])
    #expect(out.samples(.workoutEnergy).map(\.value) == [150])
    #expect(out.samples(.workoutDistance).map(\.value) == [2.1])
    #expect(out.samples(.workoutDistance).first?.unit == "km")
    #expect(out.sink.extra["notKept.workouts.heartRateData"] == 3)
    #expect(out.sink.extra["notKept.workouts.route"] == 2)
    #expect(out.sink.extra["notKept.workouts.activeEnergy"] == 1)
    #expect(out.sink.extra["notKept.workouts.totalEnergy"] == 1)
    #expect(out.samples.allSatisfy { $0.origin.record == 1 })
  }

  @Test func aWrongTypeWhereANumberBelongsIsARejectWithItsPath() throws {
    let text = """
      {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [
        {"date": "2023-01-03 00:00:00 -0800", "qty": 6712},
        {"date": "2023-01-04 00:00:00 -0800", "qty": "5000"},
        {"date": "2023-01-05 00:00:00 -0800", "qty": null},
        {"date": "2023-01-06 00:00:00 -0800", "qty": 7000}]}]}}
      """
    let out = try readAutoExportJSON(text)
    #expect(out.samples.map(\.value) == [6712, 7000])
    #expect(out.rejects.count == 2)
    let r = out.rejects[0]
    #expect(r.code == .wrongType)
    #expect(r.reason.contains("data.metrics[0].data[1].qty"))
    // Line 3 is `  {"date": "2023-01-04 00:00:00 -0800", "qty": "5000"},`: the value starts
    // at byte 48.
    #expect(r.reason.contains("line 3:48"))
    #expect(r.value == "5000")
    #expect(r.origin.record == 2)
    #expect(r.start == epoch(2023, 1, 4, offset: -8 * 3600))
    #expect(out.rejects[1].reason.contains("null"))
    let c = try #require(out.sink.counts["step_count"])
    #expect(c.read == 4 && c.kept == 2 && c.rejected == 2)
  }

  @Test func aDateThatDoesNotParseOrIsMissingIsAReject() throws {
    let text = """
      {"data": {"metrics": [{"name": "heart_rate", "units": "count/min", "data": [
        {"date": "2023-13-45 00:00:00 -0800", "Avg": 60},
        {"Avg": 61},
        {"date": "2023-01-05 00:00:00 -0800", "Min": 50, "Max": 70},
        {"date": "2023-01-06 00:00:00 -0800", "Avg": 62}]}]}}
      """
    let out = try readAutoExportJSON(text)
    #expect(out.samples.map(\.value) == [62])
    #expect(out.rejects.map(\.code) == [.badDate, .missingField, .missingField])
    #expect(out.rejects[0].reason.contains("data.metrics[0].data[0].date"))
    #expect(out.rejects[0].value == "2023-13-45 00:00:00 -0800")
    #expect(out.rejects[1].reason.contains("data.metrics[0].data[1].date"))
    #expect(out.rejects[2].reason.contains("Avg"))
    #expect(out.reconciles)
  }

  @Test func aFileCutInHalfIsExit65WithLineAndPath() throws {
    let whole = """
      {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [
        {"date": "2023-01-03 00:00:00 -0800", "qty": 6712},
        {"date": "2023-01-04 00:00:00 -0800", "qty": 5000}]}]}}
      """
    // Cut after `{"date": "2023-01-04 00:00:00 -0800", "q` on line 3.
    let cut = String(whole[..<whole.range(of: "\"qty\": 5000")!.lowerBound]) + "\"q"
    let e = try #require(healthError { _ = try readAutoExportJSON(cut) })
    #expect(e.code == .dataError)
    #expect(e.location?.line == 3)
    #expect(e.location?.path == "data.metrics[0].data[1]")
    #expect(e.location?.file == "test.json")
    // With the data array before the name, the same place is named.
    let deferred = cut.replacingOccurrences(
      of: "\"name\": \"step_count\", \"units\": \"count\", ", with: "")
    let d = try #require(healthError { _ = try readAutoExportJSON(deferred) })
    #expect(d.code == .dataError && d.location?.line == 3)
    #expect(d.location?.path == "data.metrics[0].data[1]")
  }

  @Test(.enabled(if: RealData.isPresent, "../shared/data/real is absent"))
  func theRealFileCutInHalfIsExit65WithLineAndPath() throws {
    let bytes = try FileReader.readAll(
      RealData.path("hae-json/HealthAutoExport-2023-06-17-2025-04-26.json"))
    // 1,664,413 bytes cut at 832,206. Counted with Python on the pretty-printed file: the
    // first half has 28,528 line breaks and ends inside `"Avg" : 77.0` of the 462nd point
    // (index 461) of the 10th metric object (index 9): lines that are exactly `      {` open
    // a metric, `          {` a point. The cut number reads as a number, so the file ends
    // between members of that point, at line 28,529, column 17 (16 bytes on that line).
    let e = try #require(
      healthError { _ = try readAutoExportJSON(Array(bytes[..<(bytes.count / 2)])) })
    #expect(e.code == .dataError)
    #expect(e.location?.line == 28_529)
    #expect(e.location?.column == 17)
    #expect(e.location?.path == "data.metrics[9].data[461]")
  }

  @Test func otherSectionsAreSkippedAndCounted() throws {
    let text = """
      {"data": {"ecg": [{"a": [1, 2]}, {"b": 2}], "stateOfMind": [], "metrics": [],
        "medications": {"x": 1}}, "version": 2}
      """
    let out = try readAutoExportJSON(text)
    #expect(out.samples.isEmpty && out.rejects.isEmpty)
    #expect(out.sink.extra["notKept.data.ecg"] == 2)
    #expect(out.sink.extra["notKept.data.stateOfMind"] == 0)
    #expect(out.sink.extra["notKept.data.medications"] == 1)
    #expect(out.sink.extra["notKept.version"] == 1)
  }

  @Test func notHealthAutoExportJSONIsExit65() {
    #expect(healthError { _ = try readAutoExportJSON("[1, 2]") }?.code == .dataError)
    #expect(healthError { _ = try readAutoExportJSON("{\"foo\": 1}") }?.code == .dataError)
    #expect(
      healthError { _ = try readAutoExportJSON("{\"data\": {\"metrics\": 3}}") }?.location?.path
        == "data.metrics")
  }

  @Test func anUnknownZoneIsAUsageOrPipelineError() {
    let bad = ReaderOptions(timeZone: "Mars/Olympus", timeZoneOrigin: "pipeline setting")
    #expect(
      healthError { _ = try readAutoExportJSON(Self.steps, options: bad) }?.code == .configError)
    let flag = ReaderOptions(timeZone: "Mars/Olympus", timeZoneOrigin: "--timezone")
    #expect(healthError { _ = try readAutoExportJSON(Self.steps, options: flag) }?.code == .usage)
  }

  /// Every split of a small input across tiny buffers gives the same samples, rejects and
  /// counts: buffers from 16 bytes, source chunks from 1 byte.
  @Test func everySplitGivesIdenticalResults() throws {
    let text = """
      {"data": {"metrics": [
        {"data": [{"qty": 6712, "date": "2023-01-03 00:00:00 -0800", "source": "A\\/B"},
                  {"qty": "x", "date": "2023-01-04 00:00:00 -0800"}],
         "units": "count", "name": "step_count"},
        {"name": "sleep_analysis", "units": "hr", "data": [
          {"date": "2024-05-09 05:50:16 -0400", "sleepStart": "2024-05-08 22:30:00 -0400",
           "sleepEnd": "2024-05-09 06:00:00 -0400", "core": 4.5, "deep": 1.25, "rem": 0,
           "source": "Eli’s Apple\\u00A0Watch|Eli’s iPhone"}]}],
       "workouts": [{"name": "Rowing", "start": "2023-06-20 17:27:00 -0400",
         "end": "2023-06-20 17:39:00 -0400", "duration": 717,
         "activeEnergyBurned": {"units": "kcal", "qty": 50.06}, "heartRateData": [{"Avg": 1}]}]}}
      """
    let bytes = Array(text.utf8)
    let expected = try readAutoExportJSON(bytes)
    #expect(expected.samples.count == 5)
    #expect(expected.rejects.count == 1)
    for bufferSize in [16, 17, 19, 24, 40, 100] {
      for chunk in [1, 2, 3, 7, 13, 64] {
        let out = try readAutoExportJSON(bytes, bufferSize: bufferSize, chunkSize: chunk)
        #expect(out.samples == expected.samples)
        #expect(out.rejects == expected.rejects)
        #expect(out.sink.counts == expected.sink.counts)
        #expect(out.sink.extra == expected.sink.extra)
      }
    }
  }
}
