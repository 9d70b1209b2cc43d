import Foundation
import HealthCore

/// Writes a realistic Apple Health `export.xml` of any size for measurement: the iOS 16
/// DOCTYPE (malformed ATTLIST included), then per day watch and phone steps with device
/// strings, heart rate with motion-context metadata, active and basal energy, distance,
/// HRV records with beat lists, sleep stages with `HKTimeZone`, vitals, an activity summary,
/// a workout every other day (new shape with `WorkoutStatistics`, events and a route) and a
/// weekly hand-entered weight. Counts per day are fixed, so a file's record count is
/// `days * recordsPerDay` plus one workout per two days.
enum SyntheticAppleExport {
  /// Top-level `Record`s written per day.
  static let recordsPerDay = 100 + 60 + 300 + 400 + 200 + 120 + 5 + 16 + 1 + 1 + 12 + 7 + 1

  static let watch =
    "&lt;&lt;HKDevice: 0x%PTR%&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:9.1&gt;"
  static let phone =
    "&lt;&lt;HKDevice: 0x%PTR%&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone13,2, software:16.1&gt;"
  static let watchSource = "Jane’s Apple\u{00A0}Watch"
  static let phoneSource = "Jane’s iPhone"

  /// The head of the file up to and including `<ExportDate>` and `<Me>`.
  static var head: String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 12 -->
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
    <!ATTLIST HealthData
      locale CDATA #REQUIRED
    >
    <!ELEMENT ExportDate EMPTY>
    <!ATTLIST ExportDate
      value CDATA #REQUIRED
    >
    <!ELEMENT VisionPrescription (RightEye?, LeftEye?)>
    <!ATTLIST VisionPrescription
      type                 CDATA #REQUIRED
      dateIssued           CDATA #REQUIRED
      expirationDate       CDATA #IMPLIED
      brand                CDATA #IMPLIED
    <!ELEMENT RightEye EMPTY>
    <!ATTLIST RightEye
      sphere               CDATA #IMPLIED
    >
    ]>
    <HealthData locale="en_US">
     <ExportDate value="2030-01-01 09:00:00 -0800"/>
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-03-04" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>

    """
  }

  /// Writes `days` days to `path`.
  static func write(to path: String, days: Int) throws {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.write(contentsOf: Data(head.utf8))
    var chunk = ""
    chunk.reserveCapacity(1 << 21)
    var pointer: UInt64 = 0x2_83a1_c1e0
    for day in 0..<days {
      appendDay(day, into: &chunk, pointer: &pointer)
      if chunk.utf8.count > 1 << 20 {
        try handle.write(contentsOf: Data(chunk.utf8))
        chunk.removeAll(keepingCapacity: true)
      }
    }
    chunk += "</HealthData>\n"
    try handle.write(contentsOf: Data(chunk.utf8))
  }

  /// The whole document for `days` days, in memory (small tests).
  static func document(days: Int) -> String {
    var text = head
    var pointer: UInt64 = 0x2_83a1_c1e0
    for day in 0..<days { appendDay(day, into: &text, pointer: &pointer) }
    return text + "</HealthData>\n"
  }

  private static func pad(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

  private static func stamp(_ epoch: Int64, _ offset: Int32) -> String {
    TimestampParser.format(epochSeconds: epoch, utcOffset: offset)
  }

  private static func device(_ template: String, _ pointer: inout UInt64) -> String {
    pointer &+= 0x1F0
    return template.replacingOccurrences(of: "%PTR%", with: String(pointer, radix: 16))
  }

  private static func appendDay(_ day: Int, into out: inout String, pointer: inout UInt64) {
    // 2022-01-01 local midnight in -0800; the offset follows US DST roughly (Mar-Nov -0700).
    let midnight: Int64 = 1_640_995_200 + Int64(day) * 86_400 + 8 * 3600
    let dayOfYear = day % 365
    let offset: Int32 = (70..<308).contains(dayOfYear) ? -7 * 3600 : -8 * 3600
    func record(
      _ type: String, _ source: String, _ version: String, _ device: String?, _ unit: String?,
      _ start: Int64, _ end: Int64, _ value: String, children: String = ""
    ) {
      out += " <Record type=\"\(type)\" sourceName=\"\(source)\" sourceVersion=\"\(version)\""
      if let device { out += " device=\"\(device)\"" }
      if let unit { out += " unit=\"\(unit)\"" }
      out += " creationDate=\"\(stamp(end + 60, offset))\" startDate=\"\(stamp(start, offset))\""
      out += " endDate=\"\(stamp(end, offset))\" value=\"\(value)\""
      if children.isEmpty {
        out += "/>\n"
      } else {
        out += ">\n\(children) </Record>\n"
      }
    }
    let q = "HKQuantityTypeIdentifier"
    for i in 0..<100 {  // watch steps
      let s = midnight + Int64(i) * 840
      record(
        q + "StepCount", watchSource, "9.1", device(watch, &pointer), "count", s, s + 600,
        "\(20 + (i * 37 + day) % 900)")
    }
    for i in 0..<60 {  // phone steps, overlapping the watch
      let s = midnight + Int64(i) * 1400 + 120
      record(
        q + "StepCount", phoneSource, "16.1", device(phone, &pointer), "count", s, s + 540,
        "\(15 + (i * 53 + day) % 700)")
    }
    for i in 0..<300 {  // heart rate with motion context
      let s = midnight + Int64(i) * 288
      record(
        q + "HeartRate", watchSource, "9.1", device(watch, &pointer), "count/min", s, s,
        "\(55 + (i * 7 + day) % 60)",
        children:
          "  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\(i % 3)\"/>\n")
    }
    for i in 0..<400 {  // active energy
      let s = midnight + Int64(i) * 216
      record(
        q + "ActiveEnergyBurned", watchSource, "9.1", device(watch, &pointer), "kcal", s, s + 60,
        "0.\(100 + (i * 13 + day) % 800)")
    }
    for i in 0..<200 {  // basal energy
      let s = midnight + Int64(i) * 432
      record(
        q + "BasalEnergyBurned", watchSource, "9.1", device(watch, &pointer), "kcal", s, s + 400,
        "\(1 + i % 3).\(200 + (i * 7) % 700)")
    }
    for i in 0..<120 {  // distance
      let s = midnight + Int64(i) * 720
      record(
        q + "DistanceWalkingRunning", watchSource, "9.1", device(watch, &pointer), "km", s, s + 300,
        "0.0\(10 + (i * 11 + day) % 89)")
    }
    for i in 0..<5 {  // HRV with beat lists
      let s = midnight + Int64(i) * 17_000 + 3000
      var beats = "  <HeartRateVariabilityMetadataList>\n"
      for b in 0..<70 {
        let secs = Int(s % 86_400) + b
        let h = (secs / 3600) % 12
        beats +=
          "   <InstantaneousBeatsPerMinute bpm=\"\(58 + (b * 5) % 20)\" time=\"\(h == 0 ? 12 : h):\(pad(secs / 60 % 60)):\(pad(secs % 60)).\(10 + b % 89) \(secs >= 43_200 ? "PM" : "AM")\"/>\n"
      }
      beats += "  </HeartRateVariabilityMetadataList>\n"
      record(
        q + "HeartRateVariabilitySDNN", watchSource, "9.1", device(watch, &pointer), "ms", s,
        s + 60, "\(30 + (i * 17 + day) % 60).\(i)", children: beats)
    }
    let stages = ["AsleepCore", "AsleepDeep", "AsleepCore", "AsleepREM", "Awake"]
    let bed = midnight - 3600
    for i in 0..<16 {  // sleep stages with HKTimeZone
      let s = bed + Int64(i) * 1650
      record(
        "HKCategoryTypeIdentifierSleepAnalysis", watchSource, "9.1", device(watch, &pointer), nil,
        s, s + 1650,
        "HKCategoryValueSleepAnalysis\(stages[i % stages.count])",
        children: "  <MetadataEntry key=\"HKTimeZone\" value=\"America/Los_Angeles\"/>\n")
    }
    record(
      q + "RestingHeartRate", watchSource, "9.1", device(watch, &pointer), "count/min", midnight,
      midnight + 86_000, "\(52 + day % 9)")
    record(
      q + "WalkingHeartRateAverage", watchSource, "9.1", device(watch, &pointer), "count/min",
      midnight, midnight + 86_000, "\(90 + day % 15)")
    for i in 0..<12 {
      let s = midnight + Int64(i) * 1200
      record(
        q + "RespiratoryRate", watchSource, "9.1", device(watch, &pointer), "count/min", s, s + 60,
        "1\(3 + i % 5).5")
    }
    for i in 0..<7 {
      let s = midnight + Int64(i) * 3000
      record(
        q + "OxygenSaturation", watchSource, "9.1", device(watch, &pointer), "%", s, s,
        "0.9\(4 + i % 5)")
    }
    if day % 7 == 0 {
      record(
        q + "BodyMass", "Health", "16.1", nil, "kg", midnight + 25_000, midnight + 25_000,
        "6\(1 + day % 8).4",
        children: "  <MetadataEntry key=\"HKWasUserEntered\" value=\"1\"/>\n")
    } else {
      record(
        q + "BodyMass", "Withings", "6.1", nil, "kg", midnight + 25_000, midnight + 25_000,
        "6\(1 + day % 8).2")
    }
    if day % 2 == 0 {
      let s = midnight + 61_200
      out +=
        " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"3\(day % 10).5\" durationUnit=\"min\" sourceName=\"\(watchSource)\" sourceVersion=\"9.1\" device=\"\(device(watch, &pointer))\" creationDate=\"\(stamp(s + 2400, offset))\" startDate=\"\(stamp(s, offset))\" endDate=\"\(stamp(s + 2300, offset))\">\n"
      out += "  <MetadataEntry key=\"HKIndoorWorkout\" value=\"0\"/>\n"
      out += "  <MetadataEntry key=\"HKTimeZone\" value=\"America/Los_Angeles\"/>\n"
      out += "  <MetadataEntry key=\"HKWeatherTemperature\" value=\"63 degF\"/>\n"
      out +=
        "  <WorkoutEvent type=\"HKWorkoutEventTypeSegment\" date=\"\(stamp(s, offset))\" duration=\"10\" durationUnit=\"min\"/>\n"
      out +=
        "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" startDate=\"\(stamp(s, offset))\" endDate=\"\(stamp(s + 2300, offset))\" sum=\"3\(day % 10)2.5\" unit=\"Cal\"/>\n"
      out +=
        "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierDistanceWalkingRunning\" startDate=\"\(stamp(s, offset))\" endDate=\"\(stamp(s + 2300, offset))\" sum=\"5.\(day % 10)1\" unit=\"km\"/>\n"
      out +=
        "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierHeartRate\" startDate=\"\(stamp(s, offset))\" endDate=\"\(stamp(s + 2300, offset))\" average=\"151\" minimum=\"98\" maximum=\"171\" unit=\"count/min\"/>\n"
      out +=
        "  <WorkoutRoute sourceName=\"\(watchSource)\" sourceVersion=\"9.1\" creationDate=\"\(stamp(s + 2400, offset))\" startDate=\"\(stamp(s, offset))\" endDate=\"\(stamp(s + 2300, offset))\">\n"
      out +=
        "   <FileReference path=\"/workout-routes/route_\(LocalDay(epochSeconds: s, utcOffset: offset))_5.00pm.gpx\"/>\n"
      out += "  </WorkoutRoute>\n </Workout>\n"
    }
    let date = LocalDay(epochSeconds: midnight, utcOffset: offset)
    out +=
      " <ActivitySummary dateComponents=\"\(date)\" activeEnergyBurned=\"\(400 + day % 300).5\" activeEnergyBurnedGoal=\"500\" activeEnergyBurnedUnit=\"Cal\" appleMoveTime=\"0\" appleMoveTimeGoal=\"0\" appleExerciseTime=\"\(20 + day % 40)\" appleExerciseTimeGoal=\"30\" appleStandHours=\"\(8 + day % 6)\" appleStandHoursGoal=\"12\"/>\n"
  }
}
