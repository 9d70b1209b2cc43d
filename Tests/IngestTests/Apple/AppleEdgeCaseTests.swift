import Ingest
import Testing

@Suite("Apple reader edge cases")
struct AppleEdgeCaseTests {
  @Test("an unknown HKTimeZone keeps the written offset and is counted")
  func unknownZone() throws {
    let text = export(
      """
      <Record type="HKQuantityTypeIdentifierStepCount" sourceName="P" unit="count" startDate="2024-01-01 08:00:00 -0800" endDate="2024-01-01 08:10:00 -0800" value="1">
       <MetadataEntry key="HKTimeZone" value="Atlantis/Lost_City"/>
      </Record>

      """)
    let r = try ParsedExport.parse(text)
    #expect(r.samples.first?.utcOffset == -28_800)
    #expect(r.extra["HKTimeZone.unknown"] == 1)
  }

  @Test("workout durations in s and hr become minutes; an unknown unit is a reject")
  func durationUnits() throws {
    func workout(_ duration: String, _ unit: String) -> String {
      "<Workout workoutActivityType=\"HKWorkoutActivityTypeWalking\" duration=\"\(duration)\" durationUnit=\"\(unit)\" sourceName=\"W\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 10:00:00 -0800\"/>\n"
    }
    let r = try ParsedExport.parse(
      export(workout("90", "s") + workout("1.5", "hr") + workout("3", "fortnight")))
    // 90 s = 1.5 min; 1.5 hr = 90 min.
    #expect(r.samples(.workout).map(\.value) == [1.5, 90])
    #expect(r.rejects.map(\.code) == [.badNumber])
    #expect(r.rejects.first?.reason.contains("fortnight") == true)
    #expect(r.counts["Workout"]?.read == 3)
  }

  @Test("a workout without a duration takes its interval, and says so")
  func durationFromDates() throws {
    let r = try ParsedExport.parse(
      export(
        "<Workout workoutActivityType=\"HKWorkoutActivityTypeYoga\" sourceName=\"W\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:45:00 -0800\"/>\n"
      ))
    #expect(r.samples(.workout).map(\.value) == [45])
    #expect(r.extra["Workout.durationFromDates"] == 1)
  }

  @Test("an ActivitySummary without a date or without rings is one reject")
  func brokenSummaries() throws {
    let r = try ParsedExport.parse(
      export(
        """
        <ActivitySummary activeEnergyBurned="10" activeEnergyBurnedUnit="kcal"/>
        <ActivitySummary dateComponents="2024-01-02" activeEnergyBurnedGoal="500"/>
        <ActivitySummary dateComponents="2024-01-03" activeEnergyBurned="abc" activeEnergyBurnedUnit="kcal" appleExerciseTime="5"/>

        """))
    #expect(r.rejects.map(\.code) == [.missingField, .missingField, .badNumber])
    #expect(r.samples.map(\.metric) == [.activitySummaryExercise])
    #expect(r.counts["ActivitySummary"]?.rejected == 2)
  }

  @Test("a BOM and CRLF line ends are fine; lines still count")
  func bomAndCRLF() throws {
    let text =
      "\u{FEFF}<HealthData>\r\n<ExportDate value=\"2024-06-01 12:00:00 -0700\"/>\r\n"
      + "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P\" unit=\"count\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"2\"/>\r\n</HealthData>\r\n"
    let r = try ParsedExport.parse(text)
    #expect(r.samples.first?.origin.record == 3)
  }
}
