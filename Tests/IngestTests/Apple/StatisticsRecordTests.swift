import Foundation
import Ingest
import TestSupport
import Testing

/// iOS 8 statistics records (docs/ingest-apple.md, "iOS 8 statistics records"): `min`,
/// `max`, `average` and `recordCount` in place of `value` are readings, not rejects.
@Suite("Apple reader: iOS 8 statistics records")
struct StatisticsRecordTests {
  static func record(_ type: String, _ unit: String, _ attributes: String) -> String {
    "<Record type=\"HKQuantityTypeIdentifier\(type)\" source=\"Health\" unit=\"\(unit)\" "
      + "creationDate=\"20151107180000+0100\" startDate=\"20151107120000+0100\" "
      + "endDate=\"20151107121000+0100\" \(attributes)/>\n"
  }

  @Test("a discrete type takes the average, with min and max; one reading has all three equal")
  func discrete() throws {
    let r = try ParsedExport.parse(
      export(
        Self.record(
          "HeartRate", "count/min", "min=\"62\" max=\"70\" average=\"66\" recordCount=\"5\"")
          + Self.record(
            "HeartRate", "count/min", "min=\"64\" max=\"64\" average=\"64\" recordCount=\"1\"")
          + Self.record("BodyMass", "kg", "min=\"72.5\" max=\"72.5\" recordCount=\"1\"")))
    #expect(r.rejects.isEmpty)
    let heart = r.samples(.heartRate)
    #expect(heart.map(\.value) == [66, 64])
    #expect(heart.map(\.minimum) == [62, 64] && heart.map(\.maximum) == [70, 64])
    // 12:00 → 12:10 at +0100.
    #expect(heart[0].start == epoch(2015, 11, 7, 11, 0, 0, offset: 0))
    #expect(heart[0].end == heart[0].start + 600)
    // No average, min = max: that one reading.
    #expect(r.samples(.bodyMass).map(\.value) == [72.5])
    #expect(r.extra["statisticsRecords"] == 3 && r.extra["statisticsReadings"] == 7)
  }

  @Test("a summed type takes sum, else average × recordCount")
  func cumulative() throws {
    let r = try ParsedExport.parse(
      export(
        Self.record("StepCount", "count", "min=\"10\" max=\"30\" average=\"20\" recordCount=\"3\"")
          + Self.record("StepCount", "count", "sum=\"512\" recordCount=\"4\"")))
    // 20 × 3 readings = 60 steps; the sum 512 as written. No min/max on a sum.
    #expect(r.samples(.steps).map(\.value) == [60, 512])
    #expect(r.samples(.steps).allSatisfy { $0.minimum == nil && $0.maximum == nil })
  }

  @Test("what cannot give a value is still a reject, with why")
  func rejects() throws {
    let r = try ParsedExport.parse(
      export(
        Self.record("HeartRate", "count/min", "min=\"60\" max=\"70\" recordCount=\"2\"")
          + Self.record("HeartRate", "count/min", "average=\"6x\"")
          + Self.record("HeartRate", "count/min", "")
          + Self.record("StepCount", "count", "min=\"1\" max=\"2\"")))
    #expect(r.samples.isEmpty)
    #expect(r.rejects.map(\.code) == [.missingField, .badNumber, .missingField, .missingField])
    #expect(r.rejects[0].reason.contains("without average"))
    #expect(r.rejects[1].reason == "average '6x' is not a number")
    #expect(r.rejects[2].reason == "Record has no value")
    #expect(r.rejects[3].reason.contains("summed type"))
  }

  @Test("a value wins over statistics, and endDate still reads beside average")
  func valueFirst() throws {
    let r = try ParsedExport.parse(
      export(Self.record("HeartRate", "count/min", "value=\"61\" average=\"66\" min=\"60\"")))
    #expect(r.samples(.heartRate).map(\.value) == [61])
    #expect(r.samples(.heartRate).first?.minimum == nil)
    #expect(r.samples(.heartRate).first?.end == epoch(2015, 11, 7, 11, 10, 0, offset: 0))
  }
}
