import HealthSystem
import Ingest
import TestSupport
import Testing

/// The real exports in `../shared/data/real`. Expected numbers are the independent counts
/// in `../shared/data/real/SOURCES.md` (made with `tools/count_export.py`, an iterparse and
/// tag-scanner count in the steering repo), not this reader's output.
@Suite("Real Apple exports", .enabled(if: RealData.isPresent, "../shared/data/real is absent"))
struct RealAppleExportTests {
  static func read(_ relative: String) throws -> ParsedExport {
    let bytes = try FileReader.readAll(RealData.path(relative))
    return try ParsedExport.parse(bytes)
  }

  @Test("dogsheep export.xml: 2 Records, 1 Workout, 2 ActivitySummary, 1 route of 2 Locations")
  func dogsheep() throws {
    let r = try Self.read("apple-dogsheep/export.xml")
    // SOURCES.md: 1 BodyMassIndex (Health Mate), 1 HeartRate 72 count/min (Apple Watch).
    #expect(r.read("HKQuantityTypeIdentifierBodyMassIndex") == 1)
    #expect(r.read("HKQuantityTypeIdentifierHeartRate") == 1)
    #expect(r.read("Workout") == 1)
    #expect(r.read("ActivitySummary.activeEnergyBurned") == 2)
    #expect(r.extra["skipped.WorkoutRoute"] == 1)
    #expect(r.extra["skipped.Location"] == 2)
    #expect(r.extra["skipped.Correlation"] == nil)
    #expect(r.rejects.isEmpty)
    let hr = try #require(r.samples(.heartRate).first)
    #expect(hr.value == 72 && hr.unit == "count/min")
    #expect(hr.source == "Apple\u{00A0}Watch")  // SOURCES.md: NBSP, not a space
    #expect(hr.sourceKind == .watch)
    // Old-style totals in mi/kcal become the workout's distance and energy.
    #expect(r.samples(.workoutDistance).first?.unit == "mi")
    #expect(r.samples(.workoutEnergy).first?.unit == "kcal")
    // ExportDate 2019-07-19 10:36:11 -0700 = 17:36:11Z; 2019-07-19 is day 18_096.
    let exportDate: Int64 = 18_096 * 86_400 + 17 * 3600 + 36 * 60 + 11
    #expect(r.exportDate == exportDate)
  }

  @Test("AlekSi testdata.xml: 1 Height and 1 BodyMass from the Cyrillic Health source")
  func aleksi() throws {
    let r = try Self.read("apple-ru-aleksi/testdata.xml")
    #expect(r.read("HKQuantityTypeIdentifierHeight") == 1)
    #expect(r.read("HKQuantityTypeIdentifierBodyMass") == 1)
    #expect(r.samples.count == 2)
    let mass = try #require(r.samples(.bodyMass).first)
    #expect(mass.value == 65 && mass.unit == "kg" && mass.source == "Здоровье")
    #expect(mass.userEntered && mass.sourceKind == .manual)
    #expect(r.samples.allSatisfy { $0.utcOffset == 10_800 })  // every offset is +0300
  }
}
