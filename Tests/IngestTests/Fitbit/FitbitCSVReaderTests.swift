import HealthModel
import Testing

@testable import Ingest

extension FitbitCSVReader: BufferedTextReader {}
extension FitbitJSONReader: BufferedTextReader {}

/// Fitbit's CSV layouts (docs/ingest-fitbit.md, "CSV files").
@Suite("Fitbit CSV")
struct FitbitCSVReaderTests {
  static func read(_ text: String, path: String = "x.csv") throws -> Collected {
    try readInMemory(
      FitbitCSVReader.self, Array(text.utf8), path: path, options: berlin, bufferSize: 64,
      chunkSize: 5)
  }

  @Test("a known layout that lost a required column fails naming it")
  func changedLayout() throws {
    let e = try #require(throws: HealthError.self) {
      try Self.read("timestamp,nremhr,entropy\r\n2021-01-02T00:00:00,60.3,2.6")
    }
    #expect(e.code == .dataError && e.message.contains("'rmssd'"))
    let e2 = try #require(throws: HealthError.self) {
      try Self.read("timestamp,lower_bound,upper_bound\n2021-01-02T07:00:00Z,94,98\n")
    }
    #expect(e2.message.contains("'average_value'"))
    #expect(FitbitCSVReader.matches(prefix: Array("timestamp,nremhr,entropy\r\n".utf8)))
    #expect(!FitbitCSVReader.matches(prefix: Array("date,metric,value\n".utf8)))
  }

  @Test("the fixed-position read of `YYYY-MM-DDTHH:MM:SSZ` gives what the general parser does")
  func utcFastPath() {
    let texts = [
      "2024-10-27T00:00:00Z", "2024-02-29T23:59:59Z", "2023-02-29T00:00:00Z",
      "2024-13-01T00:00:00Z", "2024-10-27T24:00:00Z", "2024-10-27T00:60:00Z",
      "2024-10-27T00:00:60Z", "2024-10-27 00:00:00Z", "2024-10-27T00:00:0xZ",
      "1999-01-01T12:34:56Z", "2024-10-27T00:00:00+", "0000-01-01T00:00:00Z",
      "2024-10-27T0::00:00Z", "2024-1/-27T00:00:00Z", "20?4-10-27T00:00:00Z",
    ]
    for text in texts {
      let fast = FitbitTime.parse(text)
      let general = TimestampParser.parse(text)
      #expect(fast?.localSeconds == general?.localSeconds, "\(text)")
      #expect(fast?.utcOffset == general?.utcOffset, "\(text)")
      #expect(fast?.hasTime == general?.hasTime, "\(text)")
    }
  }

  @Test(
    "_GoogleData: UTC times placed in the zone, the data source as the source, zero minutes counted"
  )
  func googleData() throws {
    let out = try Self.read(
      "timestamp,steps,data source\n2024-10-27T00:00:00Z,12,Charge 6\n2024-10-27T00:01:00Z,0,Charge 6\n"
        + "2024-10-27T00:02:00Z,x,Charge 6\n2024-10-27T00:03:00Z,7")
    let s = out.samples(.steps)
    #expect(
      s.count == 1 && s[0].start == epoch(2024, 10, 27, offset: 0) && s[0].end == s[0].start + 60)
    // Berlin is at +02:00 until 03:00 on 2024-10-27.
    #expect(s[0].utcOffset == 7200 && s[0].source == "Charge 6")
    // `Charge 6` alone names no vendor: the device description makes it Fitbit's for
    // `[clean] priority` (VendorPriorityTests).
    #expect(s[0].device == "name:Fitbit")
    #expect(out.sink.extra["fitbit.zeroStepMinutes"] == 1)
    #expect(out.rejects.map(\.code) == [.badNumber, .wrongFieldCount])
    #expect(out.rejects.map(\.origin.record) == [4, 5])
    #expect(out.reconciles)
  }

  @Test("resting heart rate shares heart rate's header; the file name tells them apart")
  func restingOrIntraday() throws {
    let text = "timestamp,beats per minute,data source\n2026-05-27T00:00:00Z,51.0,Watch\n"
    let rhr = try Self.read(text, path: "Physical Activity_GoogleData/daily_resting_heart_rate.csv")
    #expect(
      rhr.samples(.restingHeartRate).first?.startDay == LocalDay(year: 2026, month: 5, day: 27))
    let hr = try Self.read(text, path: "heart_rate_2026-05-27.csv")
    #expect(hr.samples(.heartRate).first?.start == epoch(2026, 5, 27, offset: 0))
  }

  @Test("UserSleepStages: UTC stage times with the row's own offset")
  func sleepStages() throws {
    let out = try Self.read(
      "sleep_id,sleep_stage_type,start_utc_offset,sleep_stage_start,end_utc_offset,sleep_stage_end\n"
        + "1,LIGHT,-05:00,2025-12-03 21:12:30+0000,-05:00,2025-12-03 21:42:30+0000\n"
        + "1,NAP,-05:00,2025-12-03 21:42:30+0000,-05:00,2025-12-03 21:43:00+0000\n")
    let s = try #require(out.samples(.sleep).first)
    #expect(s.category == "asleepCore" && s.value == 30 && s.utcOffset == -18_000)
    #expect(s.start == epoch(2025, 12, 3, 21, 12, 30, offset: 0))
    #expect(out.rejects.first?.code == .unknownCategory)
  }

  @Test("another _GoogleData file is counted, not read")
  func notRead() throws {
    let out = try Self.read("timestamp,distance,data source\n2024-10-27T00:00:00Z,8.8,Phone\n")
    #expect(out.samples.isEmpty && out.sink.extra["notRead.fitbit.csvRows"] == 1)
  }
}
