import HealthModel
import Ingest
import Testing

/// Epochs used below, worked out by hand:
/// 2024-01-01T00:00Z = 1_704_067_200 (54 years since 1970 incl. 13 leap days: 19_723 days).
/// 2024-03-10T00:00Z = 1_704_067_200 + (31 + 29 + 9) days * 86_400 = 1_710_028_800.
@Suite("Apple export.xml reader")
struct AppleXMLReaderTests {
  static let jan1 = Int64(1_704_067_200)
  static let mar10 = Int64(1_710_028_800)

  @Test("the iOS 16 DOCTYPE with an unclosed ATTLIST is skipped, and the declaration too")
  func malformedDocType() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE HealthData [
      <!-- HealthKit Export Version: 12 -->
      <!ELEMENT VisionPrescription (RightEye?, LeftEye?)>
      <!ATTLIST VisionPrescription
        type                 CDATA #REQUIRED
        brand                CDATA #IMPLIED
      <!ELEMENT RightEye EMPTY>
      <!ATTLIST RightEye sphere CDATA #IMPLIED>
      ]>
      <HealthData locale="en_US">
       <ExportDate value="2024-06-01 12:00:00 -0700"/>
       <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:10:00 -0800" value="120"/>
      </HealthData>

      """
    let r = try ParsedExport.parse(text)
    #expect(r.samples.count == 1)
    let s = try #require(r.samples.first)
    #expect(s.metric == .steps)
    #expect(s.value == 120)
    // 08:00 at -0800 is 16:00Z.
    #expect(s.start == Self.jan1 + 16 * 3600)
    #expect(s.end == Self.jan1 + 16 * 3600 + 600)
    #expect(s.utcOffset == -28_800)
    // The record is on line 13 (declaration 1, DOCTYPE 2-10, root 11, ExportDate 12).
    #expect(s.origin.record == 13)
    // ExportDate 12:00 at -0700 is 19:00Z on 2024-06-01 (day 152 of a leap year → +152 days).
    #expect(r.exportDate == Self.jan1 + 152 * 86_400 + 19 * 3600)
  }

  @Test("entities are decoded and the device pointer is dropped")
  func entities() throws {
    let text = export(
      """
      <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Ann&apos;s &quot;Watch&quot; &amp; co &#x2019;&#8217; &lt;x&gt;" device="&lt;&lt;HKDevice: 0x283a1c1e0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.2&gt;" unit="count/min" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:00:00 -0800" value="61"/>

      """)
    let r = try ParsedExport.parse(text)
    let s = try #require(r.samples.first)
    #expect(s.source == "Ann's \"Watch\" & co \u{2019}\u{2019} <x>")
    #expect(
      s.device
        == "name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.2"
    )
    #expect(s.sourceKind == .watch)
  }

  @Test("explicit end tags and any attribute order, as in the re-serialised Russian export")
  func endTagsAndAttributeOrder() throws {
    let text = """
      <HealthData locale="ru_RU">
        <ExportDate value="2019-12-26 08:20:53 +0300"></ExportDate>
        <Record sourceName="Здоровье" unit="kg" startDate="2017-07-25 08:18:00 +0300" sourceVersion="10.3.3" creationDate="2017-07-25 08:18:55 +0300" endDate="2017-07-25 08:18:00 +0300" value="65" type="HKQuantityTypeIdentifierBodyMass">
          <MetadataEntry key="HKWasUserEntered" value="1"></MetadataEntry>
        </Record>
      </HealthData>
      """
    let r = try ParsedExport.parse(text)
    let s = try #require(r.samples.first)
    #expect(s.metric == .bodyMass)
    #expect(s.value == 65)
    #expect(s.unit == "kg")
    #expect(s.source == "Здоровье")
    #expect(s.userEntered)
    #expect(s.sourceKind == .manual)
    #expect(s.utcOffset == 10_800)
    #expect(s.origin.record == 3)
  }

  @Test("NBSP, U+2019 and Cyrillic source names are kept byte for byte")
  func unicodeSources() throws {
    let names = ["Apple\u{00A0}Watch", "Jane\u{2019}s iPhone", "Здоровье"]
    var body = ""
    for n in names {
      body +=
        "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"\(n)\" unit=\"count\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"1\"/>\n"
    }
    let r = try ParsedExport.parse(export(body))
    #expect(r.samples.map { Array($0.source.utf8) } == names.map { Array($0.utf8) })
  }

  @Test("HKTimeZone gives the zone's offset at the start instant, across the spring DST change")
  func timeZoneAcrossDST() throws {
    // Los Angeles moved from -0800 to -0700 at 2024-03-10 10:00Z. Both records are written
    // at -0800; the one starting 11:30Z is already in PDT.
    let zone = "<MetadataEntry key=\"HKTimeZone\" value=\"America/Los_Angeles\"/>"
    let text = export(
      """
      <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="W" startDate="2024-03-10 01:30:00 -0800" endDate="2024-03-10 03:30:00 -0800" value="HKCategoryValueSleepAnalysisAsleepCore">
       \(zone)
      </Record>
      <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="W" startDate="2024-03-10 03:30:00 -0800" endDate="2024-03-10 04:00:00 -0800" value="HKCategoryValueSleepAnalysisAsleepDeep">
       \(zone)
      </Record>
      <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="W" startDate="2024-03-10 03:30:00 -0800" endDate="2024-03-10 04:00:00 -0800" value="HKCategoryValueSleepAnalysisInBed"/>

      """)
    let r = try ParsedExport.parse(text)
    let sleep = r.samples(.sleep)
    #expect(sleep.count == 3)
    #expect(sleep[0].start == Self.mar10 + 9 * 3600 + 1800)  // 01:30 -0800 = 09:30Z
    #expect(sleep[0].utcOffset == -28_800)
    #expect(sleep[1].start == Self.mar10 + 11 * 3600 + 1800)  // 03:30 -0800 = 11:30Z
    #expect(sleep[1].utcOffset == -25_200)
    #expect(sleep[2].utcOffset == -28_800)  // no HKTimeZone: the written offset
    // Sleep values are minutes of the interval; the stage goes to category.
    #expect(sleep.map(\.value) == [120, 30, 30])
    #expect(sleep.map(\.category) == ["asleepCore", "asleepDeep", "inBed"])
    #expect(sleep.allSatisfy { $0.unit == "min" })
  }

  @Test("old workouts (attribute totals) and new ones (WorkoutStatistics) give the same samples")
  func workoutShapes() throws {
    let text = export(
      """
      <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30.5" durationUnit="min" totalDistance="3.1" totalDistanceUnit="mi" totalEnergyBurned="250" totalEnergyBurnedUnit="kcal" sourceName="Watch" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:35:00 -0800">
       <WorkoutEvent type="HKWorkoutEventTypePause" date="2024-01-01 08:10:00 -0800"/>
      </Workout>
      <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="45.25" durationUnit="min" sourceName="Watch" startDate="2024-01-01 17:00:00 -0800" endDate="2024-01-01 17:50:00 -0800">
       <MetadataEntry key="HKIndoorWorkout" value="0"/>
       <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-01-01 17:00:00 -0800" endDate="2024-01-01 17:50:00 -0800" sum="312.5" unit="Cal"/>
       <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceCycling" startDate="2024-01-01 17:00:00 -0800" endDate="2024-01-01 17:50:00 -0800" sum="15.2" unit="km"/>
       <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2024-01-01 17:00:00 -0800" endDate="2024-01-01 17:50:00 -0800" average="140" unit="count/min"/>
       <WorkoutRoute sourceName="Watch">
        <FileReference path="/workout-routes/route_2024-01-01_5.00pm.gpx"/>
       </WorkoutRoute>
      </Workout>

      """)
    let r = try ParsedExport.parse(text)
    #expect(r.samples(.workout).map(\.value) == [30.5, 45.25])
    #expect(r.samples(.workout).map(\.category) == ["Running", "Cycling"])
    #expect(r.samples(.workoutEnergy).map(\.value) == [250, 312.5])
    #expect(r.samples(.workoutEnergy).map(\.unit) == ["kcal", "Cal"])
    #expect(r.samples(.workoutDistance).map(\.value) == [3.1, 15.2])
    #expect(r.samples(.workoutDistance).map(\.unit) == ["mi", "km"])
    // Totals share the workout's interval, source and category.
    let cycling = r.samples.filter { $0.category == "Cycling" }
    #expect(Set(cycling.map(\.start)).count == 1 && Set(cycling.map(\.end)).count == 1)
    #expect(r.read("Workout") == 2)
    #expect(r.read("Workout.energy") == 2)
    #expect(r.read("Workout.distance") == 2)
    #expect(r.extra["skipped.WorkoutEvent"] == 1)
    #expect(r.extra["skipped.WorkoutRoute"] == 1)
    #expect(r.extra["skipped.FileReference"] == 1)
    #expect(r.extra["skipped.WorkoutStatistics"] == 1)  // the heart-rate one
  }

  @Test("records inside a Correlation are counted apart, not as top-level records")
  func correlation() throws {
    let bp = { (type: String, v: Int) in
      "<Record type=\"HKQuantityTypeIdentifierBloodPressure\(type)\" sourceName=\"Cuff\" unit=\"mmHg\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:00:00 -0800\" value=\"\(v)\"/>"
    }
    let text = export(
      """
      \(bp("Systolic", 120))
      \(bp("Diastolic", 80))
      <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:00:00 -0800">
       <MetadataEntry key="HKWasUserEntered" value="1"/>
       \(bp("Systolic", 120))
       \(bp("Diastolic", 80))
      </Correlation>

      """)
    let r = try ParsedExport.parse(text)
    #expect(r.samples.count == 2)
    #expect(r.read("HKQuantityTypeIdentifierBloodPressureSystolic") == 1)
    #expect(r.read("HKQuantityTypeIdentifierBloodPressureDiastolic") == 1)
    #expect(r.extra["skipped.Correlation"] == 1)
    #expect(r.extra["skipped.Correlation.Record"] == 2)
    #expect(r.samples.allSatisfy { !$0.userEntered })
  }

  @Test("HRV beat lists are skipped but counted; the value is SDNN in ms")
  func hrvBeats() throws {
    let text = export(
      """
      <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="W" unit="ms" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:01:00 -0800" value="48.5">
       <HeartRateVariabilityMetadataList>
        <InstantaneousBeatsPerMinute bpm="61" time="8:00:01.12 AM"/>
        <InstantaneousBeatsPerMinute bpm="63" time="08:00:02,05"/>
        <InstantaneousBeatsPerMinute bpm="60" time="8:00:03.01 AM"/>
       </HeartRateVariabilityMetadataList>
      </Record>

      """)
    let r = try ParsedExport.parse(text)
    #expect(r.samples.count == 1)
    let s = try #require(r.samples.first)
    #expect(s.metric == .hrvSDNN)
    #expect(s.hrvKind == .sdnn)
    #expect(s.value == 48.5)
    #expect(s.unit == "ms")
    #expect(r.extra["skipped.HeartRateVariabilityMetadataList"] == 1)
    #expect(r.extra["skipped.InstantaneousBeatsPerMinute"] == 3)
  }

  @Test("unknown types are kept under their raw name; categories keep their value text")
  func unknownTypes() throws {
    let text = export(
      """
      <Record type="HKQuantityTypeIdentifierDietaryZinc" sourceName="App" unit="mg" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:00:00 -0800" value="1.5"/>
      <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="App" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:15:00 -0800"/>
      <Record type="HKCategoryTypeIdentifierAppleStandHour" sourceName="W" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 09:00:00 -0800" value="HKCategoryValueAppleStandHourStood"/>
      <Record type="HKCategoryTypeIdentifierHeadache" sourceName="App" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 10:00:00 -0800" value="HKCategoryValueSeverityModerate"/>

      """)
    let r = try ParsedExport.parse(text)
    #expect(
      r.samples.map(\.metric.rawValue) == [
        "HKQuantityTypeIdentifierDietaryZinc", "mindfulMinutes", "standHours",
        "HKCategoryTypeIdentifierHeadache",
      ])
    #expect(r.samples.map(\.value) == [1.5, 15, 1, 120])
    #expect(r.samples.map(\.unit) == ["mg", "min", "count", "min"])
    #expect(r.samples[3].category == "HKCategoryValueSeverityModerate")
  }

  @Test("an ActivitySummary is the local day (ExportDate offset) with three rings")
  func activitySummary() throws {
    let text = export(
      """
      <ActivitySummary dateComponents="2024-01-02" activeEnergyBurned="590.25" activeEnergyBurnedGoal="630" activeEnergyBurnedUnit="kcal" appleExerciseTime="68" appleExerciseTimeGoal="30" appleStandHours="13" appleStandHoursGoal="12"/>

      """)
    let r = try ParsedExport.parse(text)
    #expect(
      r.samples.map(\.metric) == [
        .activitySummaryEnergy, .activitySummaryExercise, .activitySummaryStand,
      ])
    #expect(r.samples.map(\.value) == [590.25, 68, 13])
    // 2024-01-02 00:00 at the ExportDate's -0700 is 07:00Z that day, to 07:00Z the next.
    #expect(r.samples.allSatisfy { $0.start == Self.jan1 + 86_400 + 7 * 3600 })
    #expect(r.samples.allSatisfy { $0.end == Self.jan1 + 2 * 86_400 + 7 * 3600 })
    #expect(r.samples.allSatisfy { $0.utcOffset == -25_200 })
    // With a zone given, that zone's midnight (Berlin, +0100 in January) is used.
    let berlin = try ParsedExport.parse(
      text, options: ReaderOptions(timeZone: "Europe/Berlin", timeZoneOrigin: "test"))
    #expect(berlin.samples.allSatisfy { $0.start == Self.jan1 + 86_400 - 3600 })
  }

  @Test("device strings decide the source kind, never the pointer or the name")
  func sourceKinds() throws {
    func device(_ body: String) -> String {
      "&lt;&lt;HKDevice: 0x1&gt;, \(body)&gt;"
    }
    let devices = [
      device(
        "name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.2"),
      device(
        "name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone13,2, software:16.1"),
      device("name:Body Cardio, manufacturer:Withings, model:WBS04"),
      device("name:AirPods, manufacturer:Apple Inc., model:0x2013"),
    ]
    var body = ""
    for d in devices {
      body +=
        "<Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"My iPhone Watch\" device=\"\(d)\" unit=\"kg\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:00:00 -0800\" value=\"70\"/>\n"
    }
    body +=
      "<Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Withings\" unit=\"kg\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:00:00 -0800\" value=\"70\"/>\n"
    let r = try ParsedExport.parse(export(body))
    #expect(r.samples.map(\.sourceKind) == [.watch, .phone, .scale, .unknown, .app])
  }

  @Test("every per-record defect is a reject with its reason and line; the rest is read")
  func perRecordDefects() throws {
    let good =
      "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P\" unit=\"count\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"5\"/>"
    let lines = [
      good,  // line 3
      "<Record sourceName=\"P\" unit=\"count\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"5\"/>",
      "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P\" unit=\"count\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"5\"/>",
      "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P\" unit=\"count\" startDate=\"2024-13-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"5\"/>",
      "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P\" unit=\"count\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"5,5\"/>",
      "<Record type=\"HKQuantityTypeIdentifierStepCount\" source Name=\"P\" unit=\"count\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"5\"/>",
      "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P\u{0B}\" unit=\"count\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"5\"/>",
      "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P &nbsp;\" unit=\"count\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"5\"/>",
      "<Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"P\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"HKCategoryValueSleepAnalysisDreaming\"/>",
      "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P\" unit=\"count\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\">\n <MetadataEntry key=\"x\" value=\"\u{0B}\"/>\n</Record>",
      good,  // line 15 (the record before spans lines 12-14)
    ]
    let r = try ParsedExport.parse(export(lines.joined(separator: "\n") + "\n"))
    #expect(r.samples.map(\.origin.record) == [3, 15])
    let expected: [(RejectCode, Int64, String)] = [
      (.missingField, 4, "no type"),
      (.missingField, 5, "no startDate"),
      (.badDate, 6, "startDate"),
      (.badNumber, 7, "'5,5'"),
      (.malformed, 8, "'source' has no value"),
      (.malformed, 9, "U+000B"),
      (.malformed, 10, "entity"),
      (.unknownCategory, 11, "Dreaming"),
      (.malformed, 12, "U+000B"),
    ]
    #expect(r.rejects.count == expected.count)
    for (reject, (code, line, words)) in zip(r.rejects, expected) {
      #expect(reject.code == code, "line \(line)")
      #expect(reject.origin.record == line)
      #expect(reject.reason.contains(words), "\(reject.reason)")
      #expect(reject.stage == "ingest")
    }
    // read = kept + rejected per type: 9 step records (2 kept, 7 rejected); the record
    // without a type counts as "Record", the sleep one under its type.
    let steps = try #require(r.counts["HKQuantityTypeIdentifierStepCount"])
    #expect(steps.read == 9 && steps.kept == 2 && steps.rejected == 7)
    #expect(r.counts["HKCategoryTypeIdentifierSleepAnalysis"]?.rejected == 1)
    #expect(r.counts["Record"]?.rejected == 1)
  }

  @Test(
    "whole-file defects are exit 65 with the line and byte offset",
    arguments: [
      // (document, line, byte offset, words)
      ("<HealthData>\n<Record type=\"X\" value=\"1\"", 2, 13, "ends inside an unterminated tag"),
      ("<HealthData>\n<Record type=\"X\"/>\n", 3, 32, "ends inside <HealthData>"),
      ("<HealthData>\n<Record type=\"X\" <Record/>\n</HealthData>", 2, 13, "unterminated tag"),
      ("<HealthData>\n<!-- open comment\n</HealthData>\n", 2, 13, "unterminated comment"),
      ("<!DOCTYPE HealthData [\n<!ELEMENT x EMPTY>\n", 1, 0, "unterminated DOCTYPE"),
      ("<HealthData>\n<Record sourceName=\"\u{FF}\"/>\n</HealthData>", 2, 33, "invalid UTF-8"),
      ("", 1, 0, "empty"),
      ("<Export>\n</Export>\n", 1, 0, "not <HealthData>"),
      ("<HealthData>\n<Record>\n</Workout>\n</HealthData>", 3, 22, "does not match <Record>"),
      (
        "<HealthData>\n<Record type=\"X\" value=\"1\n</HealthData>", 3, 39,
        "'<' inside an attribute value"
      ),
    ])
  func wholeFileDefects(_ text: String, line: Int, offset: Int64, words: String) throws {
    var bytes = Array(text.utf8)
    if let ff = bytes.firstIndex(of: 0xC3), bytes[ff + 1] == 0xBF {
      // "\u{FF}" was written as UTF-8 C3 BF; make it the lone byte FF (invalid UTF-8).
      bytes.replaceSubrange(ff...(ff + 1), with: [0xFF])
    }
    for pieceSize in [1, 3, 1 << 16] {
      let error = try #require(ParsedExport.error(bytes, pieceSize: pieceSize))
      #expect(error.code == .dataError)
      #expect(error.message.contains(words), "\(error.message)")
      #expect(error.location?.file == "test.xml")
      #expect(error.location?.line == line, "\(error)")
      #expect(error.location?.byteOffset == offset, "\(error)")
    }
  }
}
