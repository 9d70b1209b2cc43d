import Ingest
import Testing

/// The scanner refills its buffer wherever the source stops; a document split at any byte
/// must read exactly as when it arrives in one piece.
@Suite("Buffer boundaries")
struct BufferBoundaryTests {
  /// A document with every construct the scanner handles: declaration, DOCTYPE with the
  /// unclosed ATTLIST and a comment holding "]>", comments, a processing instruction,
  /// entities, multi-byte UTF-8, a multi-line tag, HRV beats, both workout shapes, a
  /// correlation, an activity summary and per-record defects.
  static let document = """
    \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 12 ]> still a comment -->
    <!ATTLIST VisionPrescription
      type CDATA #REQUIRED
    <!ELEMENT RightEye EMPTY>
    ]>
    <HealthData locale="en_US">
     <ExportDate value="2024-06-01 12:00:00 -0700"/>
     <!-- a comment -->
     <?some-instruction data?>
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-03-04"/>
     <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jane’s Apple\u{00A0}Watch" device="&lt;&lt;HKDevice: 0x283a1c1e0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.2&gt;" unit="count" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:10:00 -0800" value="120"/>
     <Record type="HKQuantityTypeIdentifierStepCount"
        sourceName="Здоровье &amp; Co" unit="count"
        startDate="2024-01-01 09:00:00 -0800" endDate="2024-01-01 09:10:00 -0800" value="7.5e1"></Record>
     <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="W" unit="ms" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:01:00 -0800" value="48.5">
      <HeartRateVariabilityMetadataList>
       <InstantaneousBeatsPerMinute bpm="61" time="8:00:01.12 AM"/>
       <InstantaneousBeatsPerMinute bpm="63" time="08:00:02,05"/>
      </HeartRateVariabilityMetadataList>
     </Record>
     <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="W" startDate="2024-03-10 01:30:00 -0800" endDate="2024-03-10 03:30:00 -0800" value="HKCategoryValueSleepAnalysisAsleepREM">
      <MetadataEntry key="HKTimeZone" value="America/Los_Angeles"/>
     </Record>
     <Record type="HKQuantityTypeIdentifierStepCount" source Name="P" unit="count" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:10:00 -0800" value="5"/>
     <Record type="HKQuantityTypeIdentifierStepCount" sourceName="P\u{0B}" unit="count" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:10:00 -0800" value="5"/>
     <Record type="HKQuantityTypeIdentifierStepCount" sourceName="P" unit="count" startDate="2024-01-01" endDate="2024-01-01 08:10:00 -0800" value="x"/>
     <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:00:00 -0800">
      <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:00:00 -0800" value="120"/>
     </Correlation>
     <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30.5" durationUnit="min" totalDistance="3.1" totalDistanceUnit="mi" totalEnergyBurned="250" totalEnergyBurnedUnit="kcal" sourceName="Watch" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:35:00 -0800">
      <MetadataEntry key="HKTimeZone" value="America/Los_Angeles"/>
      <WorkoutEvent type="HKWorkoutEventTypePause" date="2024-01-01 08:10:00 -0800"/>
     </Workout>
     <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="45.25" durationUnit="min" sourceName="Watch" startDate="2024-01-01 17:00:00 -0800" endDate="2024-01-01 17:50:00 -0800">
      <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" sum="312.5" unit="Cal"/>
      <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceCycling" sum="15.2" unit="km"/>
      <WorkoutRoute sourceName="Watch"><FileReference path="/workout-routes/route.gpx"/></WorkoutRoute>
     </Workout>
     <ActivitySummary dateComponents="2024-01-02" activeEnergyBurned="590.25" activeEnergyBurnedUnit="kcal" appleExerciseTime="68" appleStandHours="13"/>
    </HealthData>

    """

  static func same(_ a: ParsedExport, _ b: ParsedExport) -> Bool {
    a.samples == b.samples && a.rejects == b.rejects && a.counts == b.counts && a.extra == b.extra
      && a.exportDate == b.exportDate
  }

  @Test("the reference reading has what the document holds")
  func reference() throws {
    let r = try ParsedExport.parse(Self.document)
    // 2 steps, HRV, sleep, 2 workouts + 2 energies + 2 distances, 3 rings = 13 samples;
    // 3 defective step records are rejects.
    #expect(r.samples.count == 13)
    #expect(r.rejects.count == 3)
    #expect(r.samples(.steps).map(\.value) == [120, 75])
    #expect(r.samples(.steps)[1].source == "Здоровье & Co")
    #expect(r.samples(.steps)[1].origin.record == 14)
    #expect(r.extra["skipped.InstantaneousBeatsPerMinute"] == 2)
    #expect(r.extra["skipped.Correlation.Record"] == 1)
  }

  @Test("a document split in two at every byte reads the same")
  func splitEverywhere() throws {
    let bytes = Array(Self.document.utf8)
    let reference = try ParsedExport.parse(bytes)
    for cut in 1..<bytes.count {
      let split = try ParsedExport.parse(bytes, pieceSize: 1 << 16, firstPieces: [cut])
      #expect(Self.same(split, reference), "split at byte \(cut)")
      if !Self.same(split, reference) { break }
    }
  }

  @Test("tiny pieces and a tiny starting buffer read the same", arguments: [1, 2, 3, 5, 7, 64])
  func tinyPieces(_ pieceSize: Int) throws {
    let reference = try ParsedExport.parse(Self.document)
    let tiny = try ParsedExport.parse(Self.document, pieceSize: pieceSize, bufferSize: 16)
    #expect(Self.same(tiny, reference))
  }
}

@Suite("Long constructs")
struct LongConstructTests {
  @Test("a comment and a value far longer than the buffer are read through, in small pieces")
  func longerThanTheBuffer() throws {
    let comment = "<!--" + String(repeating: "x", count: 200_000) + "-->\n"
    let source = String(repeating: "S", count: 50_000)
    let text = export(
      comment
        + "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"\(source)\" unit=\"count\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"3\"/>\n"
    )
    let r = try ParsedExport.parse(text, pieceSize: 100, bufferSize: 1024)
    #expect(r.samples.count == 1)
    #expect(r.samples.first?.source.count == 50_000)
    // HealthData line 1, ExportDate line 2, the comment line 3, the record line 4.
    #expect(r.samples.first?.origin.record == 4)
  }
}
