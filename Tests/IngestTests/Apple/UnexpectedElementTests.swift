import Ingest
import Testing

/// Nothing is dropped without a reject row: every element is read, counted as a documented
/// skip, or rejected as `unexpected-element` with its line (docs/ingest-apple.md).
@Suite("Apple reader: unexpected and skipped elements")
struct UnexpectedElementTests {
  @Test("a Record nested inside a Record is a reject row with its line, type and values")
  func nestedRecord() throws {
    // Lines: 1 HealthData, 2 ExportDate, 3 the outer Record, 4 the nested one, 5 its
    // metadata, 6 its end, 7 the outer end.
    let r = try ParsedExport.parse(
      export(
        """
        <Record type="HKQuantityTypeIdentifierStepCount" sourceName="P" unit="count" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:10:00 -0800" value="120">
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="P" unit="count" startDate="2024-01-01 09:00:00 -0800" endDate="2024-01-01 09:10:00 -0800" value="80">
          <MetadataEntry key="HKWasUserEntered" value="1"/>
         </Record>
        </Record>

        """))
    // The outer record is kept as it is (its own metadata untouched by the nested one's).
    #expect(r.samples.map(\.value) == [120])
    #expect(r.samples.first?.userEntered == false)
    let reject = try #require(r.rejects.first)
    #expect(r.rejects.count == 1)
    #expect(reject.code == .unexpectedElement && reject.origin.record == 4)
    #expect(reject.metric == "steps" && reject.value == "80" && reject.unit == "count")
    #expect(reject.source == "P")
    // 09:00 -0800 = 17:00Z on 2024-01-01 (day 19,723).
    #expect(reject.start == Int64(19_723) * 86_400 + 17 * 3600)
    #expect(reject.reason.contains("nested inside the <Record> of line 3"))
    // It counts where a top-level record of its type would: 2 read, 1 kept, 1 rejected.
    #expect(r.counts["HKQuantityTypeIdentifierStepCount"] == counts(read: 2, kept: 1, rejected: 1))
    // Its metadata child is inside a rejected element: counted, not read.
    #expect(r.extra["insideRejectedElements"] == 1)
    #expect(r.extra["skipped.Record"] == nil)
  }

  @Test("unknown elements at the top and inside records are rejects; inside Workout too")
  func unknownElements() throws {
    let r = try ParsedExport.parse(
      export(
        """
        <Gadget kind="x"><Part/><Part/></Gadget>
        <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="W" unit="count/min" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:00:00 -0800" value="61"><Note text="hi"/></Record>
        <Workout workoutActivityType="HKWorkoutActivityTypeYoga" sourceName="W" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:45:00 -0800"><Record type="HKQuantityTypeIdentifierHeartRate" sourceName="W" unit="count/min" startDate="2024-01-01 08:10:00 -0800" endDate="2024-01-01 08:10:00 -0800" value="90"/></Workout>
        <ExportDate value="2024-06-01 12:00:00 -0700"><Extra/></ExportDate>

        """))
    #expect(r.samples.map(\.metric) == [.heartRate, .workout])
    #expect(r.rejects.map(\.code) == Array(repeating: .unexpectedElement, count: 4))
    #expect(r.rejects.map(\.origin.record) == [3, 4, 5, 6])
    #expect(r.rejects.map(\.metric) == ["Gadget", "Note", "heartRate", "Extra"])
    #expect(r.rejects[0].reason.contains("<Gadget> is not an element of Apple Health exports"))
    #expect(r.rejects[1].reason.contains("<Note> inside the <Record> of line 4"))
    #expect(r.rejects[2].reason.contains("nested inside the <Workout> of line 5"))
    #expect(r.rejects[3].reason.contains("<Extra> inside the <ExportDate> of line 6"))
    // The two <Part>s sit inside the rejected <Gadget>.
    #expect(r.extra["insideRejectedElements"] == 2)
    #expect(r.counts["Gadget"] == counts(read: 1, kept: 0, rejected: 1))
    #expect(r.counts["HKQuantityTypeIdentifierHeartRate"] == counts(read: 2, kept: 1, rejected: 1))
  }

  @Test("documented skips are counted, never rejected: correlations, clinical data, routes")
  func documentedSkips() throws {
    let r = try ParsedExport.parse(
      export(
        """
        <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="C" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:00:00 -0800">
         <MetadataEntry key="k" value="v"/>
         <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="C" unit="mmHg" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:00:00 -0800" value="120"/>
        </Correlation>
        <ClinicalRecord type="HKClinicalTypeIdentifierLabResultRecord" sourceName="Clinic" fhirVersion="4.0.1" receivedDate="2024-01-01 08:00:00 -0800" resourceFilePath="/clinical-records/x.json"/>
        <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="Mimi" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:00:00 -0800"><SensitivityPoint frequencyValue="1000" frequencyUnit="Hz"/></Audiogram>
        <VisionPrescription type="HKVisionPrescriptionTypeGlasses" dateIssued="2024-01-01 08:00:00 -0800"><RightEye sphere="-1"/><LeftEye sphere="-1.25"/><Attachment identifier="a"/></VisionPrescription>
        <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="W" startDate="2024-01-01 09:00:00 -0800" endDate="2024-01-01 09:30:00 -0800">
         <WorkoutActivity uuid="u" startDate="2024-01-01 09:00:00 -0800"><WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2024-01-01 09:00:00 -0800" endDate="2024-01-01 09:30:00 -0800" average="150"/></WorkoutActivity>
         <WorkoutEvent type="HKWorkoutEventTypePause" date="2024-01-01 09:10:00 -0800"/>
         <WorkoutRoute sourceName="W" startDate="2024-01-01 09:00:00 -0800" endDate="2024-01-01 09:30:00 -0800"><FileReference path="/workout-routes/route.gpx"/></WorkoutRoute>
        </Workout>

        """))
    #expect(r.rejects.isEmpty)
    #expect(r.samples.map(\.metric) == [.workout])
    #expect(r.extra["skipped.Correlation"] == 1)
    #expect(r.extra["skipped.Correlation.Record"] == 1)
    #expect(r.extra["skipped.ClinicalRecord"] == 1)
    #expect(r.extra["skipped.Audiogram"] == 1 && r.extra["skipped.SensitivityPoint"] == 1)
    #expect(r.extra["skipped.VisionPrescription"] == 1)
    #expect(r.extra["skipped.RightEye"] == 1 && r.extra["skipped.Attachment"] == 1)
    #expect(r.extra["skipped.WorkoutActivity"] == 1)
    // The activity's heart-rate statistics (level 4) and the route's file reference.
    #expect(r.extra["skipped.WorkoutStatistics"] == 1)
    #expect(r.extra["skipped.WorkoutEvent"] == 1 && r.extra["skipped.FileReference"] == 1)
    // Only the workout is a record read: skipped kinds are not records.
    #expect(r.counts.values.reduce(0) { $0 + $1.read } == 1)
  }

  func counts(read: Int64, kept: Int64, rejected: Int64) -> TypeCounts {
    var c = TypeCounts()
    c.read = read
    c.kept = kept
    c.rejected = rejected
    return c
  }
}
