import Foundation
import Ingest
import Testing

/// iOS 8 exports (2014–2015): no DOCTYPE, compact dates, `source=`, numeric sleep values,
/// metadata as attributes. Read from the hand-written fixture
/// `Tests/Fixtures/legacy-ios8-export.xml`; every expected value is worked out by hand.
@Suite("Apple reader: iOS 8 exports")
struct LegacyExportTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/legacy-ios8-export.xml").path

  /// Days from 1970-01-01 to 2015-11-07: 45 years with 11 leap days (1972 … 2012) give
  /// 2015-01-01 = 16,436; 1 Nov is day 305 of 2015 (31+28+31+30+31+30+31+31+30+31 = 304
  /// days before it), so 7 Nov = 16,436 + 304 + 6 = 16,746.
  static let nov7: Int64 = 16_746 * 86_400

  @Test("the fixture reads with the meaning of a current export")
  func readsTheFixture() throws {
    let text = try String(contentsOfFile: Self.fixture, encoding: .utf8)
    // Detected as an Apple export by content, without a DOCTYPE.
    #expect(FormatDetector.format(of: Array(text.utf8)) == .appleXML)
    let r = try ParsedExport.parse(text)
    // ExportDate 2015-11-08 09:30 +0100 = 08:30Z on 7 Nov + 1 day.
    #expect(r.exportDate == Self.nov7 + 86_400 + 8 * 3600 + 30 * 60)

    // Steps: 17:19:24 +0100 = 16:19:24Z, ten minutes, source from `source=`.
    let steps = try #require(r.samples(.steps).first)
    #expect(steps.start == Self.nov7 + 16 * 3600 + 19 * 60 + 24)
    #expect(steps.end == steps.start + 600 && steps.utcOffset == 3600)
    #expect(steps.value == 512 && steps.unit == "count" && steps.source == "Health")
    #expect(steps.origin.record == 5)

    // Sleep `0` is in bed 23:00 → 06:30 (+0100) = 450 min; `1` is asleep 23:15 → 06:15 =
    // 420 min; `unit=""` does not matter for a category record (minutes).
    let sleep = r.samples(.sleep)
    #expect(sleep.map(\.category) == ["inBed", "asleepUnspecified"])
    #expect(sleep.map(\.value) == [450, 420])
    #expect(sleep.map(\.unit) == ["min", "min"])
    #expect(sleep.map(\.start) == [Self.nov7 + 22 * 3600, Self.nov7 + 22 * 3600 + 15 * 60])
    #expect(sleep.allSatisfy { $0.source == "Sleep Cycle" })

    // `HKWasUserEntered="1"` as an attribute: a hand entry, 08:00 +0100 = 07:00Z.
    let weight = try #require(r.samples(.bodyMass).first)
    #expect(weight.userEntered && weight.sourceKind == .manual)
    #expect(weight.value == 72.5 && weight.start == Self.nov7 + 7 * 3600)

    // Heart rate at noon +0100 = 11:00Z.
    #expect(r.samples(.heartRate).map(\.start) == [Self.nov7 + 11 * 3600])

    // The workout 07:00 → 07:35 +0100 gives its duration, energy and distance.
    #expect(r.samples(.workout).map(\.value) == [30.5])
    #expect(r.samples(.workoutEnergy).map(\.value) == [320])
    #expect(r.samples(.workoutDistance).map(\.value) == [5.2])
    #expect(r.samples(.workout).first?.source == "Runtastic")
    #expect(r.samples(.workout).first?.start == Self.nov7 + 6 * 3600)

    // Withings' attribute names with spaces make line 9 malformed: one reject.
    #expect(r.rejects.map(\.code) == [.malformed])
    #expect(r.rejects.first?.origin.record == 9)
    #expect(r.rejects.first?.source == "Withings")
    // 6 records + 1 workout giving 3 samples = 9 read; 8 kept, 1 rejected.
    #expect(r.samples.count == 8)
    #expect(r.counts.values.reduce(0) { $0 + $1.read } == 9)
  }

  @Test("the same data written the current way gives the same samples")
  func sameAsCurrentExport() throws {
    let legacy = try String(contentsOfFile: Self.fixture, encoding: .utf8)
    // The fixture rewritten by hand in today's shape, line for line: a DOCTYPE on the
    // declaration's line, dashed dates, `sourceName=`, stage names, metadata children.
    let current = """
      <?xml version="1.0" encoding="UTF-8"?><!DOCTYPE HealthData [ <!ELEMENT HealthData ANY> ]>
      <HealthData locale="en_DE">
       <ExportDate value="2015-11-08 09:30:00 +0100"/>
       <Me HKCharacteristicTypeIdentifierDateOfBirth="1988-10-29" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet"/>
       <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Health" unit="count" creationDate="2015-11-07 18:00:00 +0100" startDate="2015-11-07 17:19:24 +0100" endDate="2015-11-07 17:29:24 +0100" value="512"/>
       <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Sleep Cycle" creationDate="2015-11-08 07:00:00 +0100" startDate="2015-11-07 23:00:00 +0100" endDate="2015-11-08 06:30:00 +0100" value="HKCategoryValueSleepAnalysisInBed"/>
       <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Sleep Cycle" creationDate="2015-11-08 07:00:00 +0100" startDate="2015-11-07 23:15:00 +0100" endDate="2015-11-08 06:15:00 +0100" value="HKCategoryValueSleepAnalysisAsleep"/>
       <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Health" unit="kg" creationDate="2015-11-07 08:05:00 +0100" startDate="2015-11-07 08:00:00 +0100" endDate="2015-11-07 08:00:00 +0100" value="72.5"><MetadataEntry key="HKWasUserEntered" value="1"/></Record>
       <Record type="HKQuantityTypeIdentifierBodyFatPercentage" sourceName="Withings" unit="%" startDate="2015-11-07 08:01:00 +0100" endDate="2015-11-07 08:01:00 +0100" value="0.21"/>
       <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Health" unit="count/min" creationDate="2015-11-07 12:00:00 +0100" startDate="2015-11-07 12:00:00 +0100" endDate="2015-11-07 12:00:00 +0100" value="64"/>
       <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30.5" durationUnit="min" totalDistance="5.2" totalDistanceUnit="km" totalEnergyBurned="320" totalEnergyBurnedUnit="kcal" sourceName="Runtastic" creationDate="2015-11-07 07:40:00 +0100" startDate="2015-11-07 07:00:00 +0100" endDate="2015-11-07 07:35:00 +0100"/>
      </HealthData>

      """
    let old = try ParsedExport.parse(legacy)
    let new = try ParsedExport.parse(current)
    #expect(old.exportDate == new.exportDate)
    // The well-formed body fat record of the current file is the one difference.
    #expect(new.samples.filter { $0.metric != .bodyFat } == old.samples)
  }

  @Test("numeric category values follow HealthKit's raw values; other numbers are rejects")
  func numericCategoryValues() throws {
    func sleep(_ value: String) -> String {
      "<Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" source=\"S\" unit=\"\" startDate=\"20151107230000+0100\" endDate=\"20151107233000+0100\" value=\"\(value)\"/>\n"
    }
    let stand =
      "<Record type=\"HKCategoryTypeIdentifierAppleStandHour\" source=\"W\" unit=\"\" startDate=\"20151107100000+0100\" endDate=\"20151107110000+0100\" value=\"%@\"/>\n"
    let text = export(
      (0...6).map { sleep(String($0)) }.joined()
        + stand.replacingOccurrences(of: "%@", with: "0")
        + stand.replacingOccurrences(of: "%@", with: "1"))
    let r = try ParsedExport.parse(text)
    // HKCategoryValueSleepAnalysis: 0 inBed, 1 asleep, 2 awake, 3 core, 4 deep, 5 REM.
    #expect(
      r.samples(.sleep).map(\.category) == [
        "inBed", "asleepUnspecified", "awake", "asleepCore", "asleepDeep", "asleepREM",
      ])
    #expect(r.rejects.map(\.code) == [.unknownCategory])
    #expect(r.rejects.first?.value == "6")
    // HKCategoryValueAppleStandHour: 0 stood (1 hour), 1 idle (0).
    #expect(r.samples(.standHours).map(\.value) == [1, 0])
    #expect(
      r.samples(.standHours).map(\.category) == [
        "HKCategoryValueAppleStandHourStood", "HKCategoryValueAppleStandHourIdle",
      ])
  }

  @Test("compact dates: a bad digit, month or offset is a bad-date reject")
  func badCompactDates() throws {
    func steps(_ start: String) -> String {
      "<Record type=\"HKQuantityTypeIdentifierStepCount\" source=\"H\" unit=\"count\" startDate=\"\(start)\" endDate=\"20151107172924+0100\" value=\"5\"/>\n"
    }
    let r = try ParsedExport.parse(
      export(
        steps("20151307171924+0100") + steps("2015110717192x+0100") + steps("20151107171924*0100")
          + steps("20151107171924") + steps("20151231235959-0130")))
    #expect(r.rejects.map(\.code) == [.badDate, .badDate, .badDate, .badDate])
    // 2015-12-31 23:59:59 -0130 = 2016-01-01 01:29:59Z; 2016-01-01 is day 16,436 + 365.
    #expect(r.samples.map(\.start) == [Int64(16_801) * 86_400 + 3600 + 29 * 60 + 59])
    #expect(r.samples.first?.utcOffset == -5400)
  }
}
