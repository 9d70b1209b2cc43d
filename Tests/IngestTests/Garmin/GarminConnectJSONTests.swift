import HealthModel
import Testing

@testable import Ingest

extension GarminConnectJSONReader: BufferedTextReader {}

/// Garmin Connect export JSON, element by element (docs/ingest-garmin.md).
@Suite("Garmin Connect JSON")
struct GarminConnectJSONTests {
  static func read(_ text: String, bufferSize: Int = 1 << 16) throws -> Collected {
    try readInMemory(
      GarminConnectJSONReader.self, Array(text.utf8), path: "garmin.json", options: berlin,
      bufferSize: bufferSize, chunkSize: 7)
  }

  static let uds = """
    [{"userProfilePK": 1, "calendarDate": "2025-06-10", "uuid": "ab",
      "wellnessStartTimeGmt": "2025-06-09T22:00:00.0", "wellnessStartTimeLocal": "2025-06-10T00:00:00.0",
      "totalSteps": 17998, "restingHeartRate": 45, "minHeartRate": 42, "maxHeartRate": 174,
      "allDayStress": {"aggregatorList": [{"type": "ASLEEP", "averageStressLevel": 12},
        {"type": "TOTAL", "averageStressLevel": 25}]},
      "bodyBattery": {"chargedValue": 60, "bodyBatteryStatList": [
        {"bodyBatteryStatType": "HIGHEST", "statsValue": 85},
        {"bodyBatteryStatType": "LOWEST", "statsValue": 25}]}},
     {"calendarDate": "2025-06-11", "totalSteps": 5000, "restingHeartRate": null,
      "allDayStress": {"aggregatorList": [{"type": "TOTAL", "averageStressLevel": -1}]}},
     {"totalSteps": 12}]
    """

  @Test("daily summaries: whole-day rows in the element's own offset, vendor values apart")
  func dailySummaries() throws {
    for size in [16, 1 << 16] {
      let out = try Self.read(Self.uds, bufferSize: size)
      let steps = out.samples(.steps)
      // Local midnight of 2025-06-10 at +02:00 (local − GMT of wellnessStart) is 22:00Z.
      #expect(steps[0].start == epoch(2025, 6, 9, 22, offset: 0) && steps[0].utcOffset == 7200)
      #expect(steps[0].end == steps[0].start + 86_400 && steps[0].value == 17998)
      #expect(steps[0].source == "Garmin Connect" && steps[0].sourceKind == .app)
      // No wellness times: the assumed zone (Berlin, +02:00 in June).
      #expect(steps[1].start == epoch(2025, 6, 10, 22, offset: 0) && steps[1].value == 5000)
      #expect(out.samples(.restingHeartRate).map(\.value) == [45])
      #expect(out.samples(.garminMinHeartRate).map(\.value) == [42])
      #expect(out.samples(.garminMaxHeartRate).map(\.value) == [174])
      // TOTAL, not ASLEEP; a negative average is no reading.
      #expect(out.samples(.garminDailyStress).map(\.value) == [25])
      let bb = try #require(out.samples(.garminBodyBattery).first)
      #expect(bb.value == 85 && bb.minimum == 25 && bb.maximum == 85)
      // The element without a calendarDate is one reject naming the member.
      #expect(out.rejects.count == 1 && out.rejects[0].reason.contains("calendarDate"))
      #expect(out.rejects[0].origin.record == 3)
      #expect(out.sink.extra["notRead.UDSFile.uuid"] == 1)
      #expect(out.reconciles)
    }
  }

  @Test("sleep: stage totals over the GMT window; OFF_WRIST and empty nights are no nights")
  func sleep() throws {
    let text = """
      [{"calendarDate": "2025-12-08", "sleepStartTimestampGMT": "2025-12-07T23:11:00.0",
        "sleepEndTimestampGMT": "2025-12-08T07:11:00.0",
        "sleepWindowConfirmationType": "ENHANCED_CONFIRMED_FINAL", "deepSleepSeconds": 3240,
        "lightSleepSeconds": 16080, "remSleepSeconds": 9480, "awakeSleepSeconds": 0,
        "unmeasurableSeconds": 0, "averageRespiration": 14.01, "sleepScores": {"overallScore": 82},
        "napList": [{"napStartTimestampGMT": "2025-12-08T13:00:00.0"}]},
       {"calendarDate": "2025-12-09", "sleepWindowConfirmationType": "OFF_WRIST"},
       {"calendarDate": "2025-12-10", "sleepWindowConfirmationType": "UNCONFIRMED",
        "sleepStartTimestampGMT": "2025-12-09T23:00:00.0", "sleepEndTimestampGMT": "2025-12-10T06:00:00.0",
        "deepSleepSeconds": 0, "lightSleepSeconds": 0, "remSleepSeconds": 0, "awakeSleepSeconds": 0}]
      """
    let out = try Self.read(text)
    let sleep = out.samples(.sleep)
    // 3,240 s deep = 54 min, 16,080 s light = 268 min (core), 9,480 s REM = 158 min; no
    // awake row (0 s); the window 23:11Z-07:11Z, Berlin +01:00 in December.
    #expect(sleep.map(\.category) == ["asleepDeep", "asleepCore", "asleepREM"])
    #expect(sleep.map(\.value) == [54, 268, 158])
    #expect(
      sleep.allSatisfy { $0.start == epoch(2025, 12, 7, 23, 11, offset: 0) && $0.utcOffset == 3600 }
    )
    #expect(sleep.allSatisfy { $0.end == epoch(2025, 12, 8, 7, 11, offset: 0) })
    #expect(out.samples(.respiratoryRate).map(\.value) == [14.01])
    let score = try #require(out.samples(.garminSleepScore).first)
    #expect(score.value == 82 && score.startDay == LocalDay(year: 2025, month: 12, day: 8))
    #expect(out.sink.extra["notKept.sleepData.OFF_WRIST"] == 1)
    #expect(out.sink.extra["notKept.sleepData.UNCONFIRMED"] == 1)
    #expect(out.sink.extra["notRead.sleepData.napList"] == 1)
    #expect(out.reconciles && out.rejects.isEmpty)
  }

  @Test("weigh-ins in grams at their GMT time; nightly HRV is RMSSD, never SDNN")
  func bodyAndHRV() throws {
    let bio = """
      [{"metaData": {"calendarDate": "2025-07-18T00:00:00.0"},
        "weight": {"weight": 81419.0, "sourceType": "MANUAL", "timestampGMT": "2025-07-18T18:01:21.0"},
        "height": 172.7}]
      """
    let out = try Self.read(bio)
    let w = try #require(out.samples(.bodyMass).first)
    #expect(w.value == 81419 && w.unit == "g" && w.userEntered)
    #expect(w.start == epoch(2025, 7, 18, 18, 1, 21, offset: 0))
    let hs = """
      [{"calendarDate": "2025-07-18", "metrics": [
        {"type": "HRV", "value": 48.0, "baselineLowerLimit": 40, "baselineUpperLimit": 60},
        {"type": "HR", "value": 55, "baselineLowerLimit": 50}]}]
      """
    let hrv = try Self.read(hs)
    let h = try #require(hrv.samples(.hrvRMSSD).first)
    #expect(
      h.value == 48 && h.hrvKind == .rmssd && h.startDay == LocalDay(year: 2025, month: 7, day: 18))
    #expect(
      hrv.samples(.hrvSDNN).isEmpty && hrv.sink.extra["notRead.healthStatusData.metrics.HR"] == 1)
  }

  @Test("a JSON file that is none of these is exit 65")
  func notGarmin() throws {
    let e = try #require(throws: HealthError.self) { try Self.read("[{\"a\": 1}]") }
    #expect(e.code == .dataError && e.message.contains("Garmin Connect"))
  }
}
