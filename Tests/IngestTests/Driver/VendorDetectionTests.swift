import Foundation
import Ingest
import TestSupport
import Testing

/// Vendor files are told by their headers (docs/ingest-oura.md, "Detection"), and never
/// claim another format's file: a Health Auto Export daily CSV has `Date` and `Height (cm)`
/// among a hundred columns, which Withings' `height.csv` layout must not take for its own.
@Suite("Format detection: vendor files")
struct VendorDetectionTests {
  static func head(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(FormatDetector.prefixLength))
  }

  @Test(
    "each real file is its own format",
    .enabled(if: RealData.isPresent, "../shared/data/real is absent: skipped"))
  func realFiles() throws {
    let expected: [(String, InputFormat)] = [
      ("vendors/oura/mohdasti/oura_2026-05-22_2026-07-23_trends.csv", .ouraTrendsCSV),
      ("vendors/whoop/mohdasti/physiological_cycles.csv", .whoopCSV),
      ("vendors/whoop/mohdasti/sleeps.csv", .whoopCSV),
      ("vendors/withings/mohdasti/sleep.csv", .withingsCSV),
      ("vendors/withings/mohdasti/weight.csv", .withingsCSV),
      ("vendors/withings/mohdasti/aggregates_steps.csv", .withingsCSV),
      ("hae-csv/HealthAutoExport-2023-01-02-2023-06-20 Data.csv", .autoExportCSV),
      ("hae-csv/Workouts-2023-01-02-2023-06-20.csv", .autoExportWorkoutsCSV),
      ("hae-json/HealthAutoExport-2023-06-17-2025-04-26.json", .autoExportJSON),
    ]
    for (path, format) in expected {
      #expect(FormatDetector.format(of: try Self.head(RealData.path(path))) == format, "\(path)")
    }
  }

  @Test("generic Withings names among many other columns are not Withings'")
  func genericNames() {
    let hae =
      "Date,Active Energy (kcal),Height (cm),Weight & Body Mass (lb),Heart Rate [Min] (count/min),"
      + "Step Count (count),Resting Heart Rate (count/min)\n2024-01-01 00:00:00,1,2,3,4,5,6\n"
    #expect(FormatDetector.format(of: Array(hae.utf8)) == .autoExportCSV)
    let height = "Date,\"Height (m)\"\n\"2024-01-01 08:00:00\",1.80\n"
    #expect(FormatDetector.format(of: Array(height.utf8)) == .withingsCSV)
    // `date,value` with a data line that is not a date and a number: not Withings'.
    let other = "date,value\nmonday,high\n"
    #expect(FormatDetector.format(of: Array(other.utf8)) == nil)
  }
}
