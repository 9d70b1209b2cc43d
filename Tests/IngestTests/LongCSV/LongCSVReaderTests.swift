import Ingest
import Testing

/// The long CSV `date,metric,value,unit,source[,end]`.
@Suite struct LongCSVReaderTests {
  static func read(
    _ text: String, options: ReaderOptions = berlin, bufferSize: Int = 1 << 16,
    chunkSize: Int = .max
  ) throws -> Collected {
    try readInMemory(
      LongCSVReader.self, Array(text.utf8), path: "long.csv", options: options,
      bufferSize: bufferSize, chunkSize: chunkSize)
  }

  static let sample =
    "date,metric,value,unit,source\r\n"
    + "2024-01-01T07:30:00-08:00,hrvRMSSD,42.5,ms,\"Oura, Gen 3\"\r\n"
    + "2024-01-01,steps,8000,count,\"Garmin \"\"Forerunner\"\"\nwatch\"\r\n"
    + "2024-01-02T23:00:00Z,readinessScore,81,,Oura\r\n"

  @Test func readsValuesWithQuotingAndKeepsRMSSD() throws {
    let out = try Self.read(Self.sample)
    #expect(out.samples.count == 3)
    let hrv = out.samples[0]
    #expect(hrv.metric == .hrvRMSSD && hrv.hrvKind == .rmssd)
    #expect(hrv.value == 42.5 && hrv.unit == "ms" && hrv.source == "Oura, Gen 3")
    #expect(hrv.start == epoch(2024, 1, 1, 7, 30, offset: -8 * 3600) && hrv.end == hrv.start)
    #expect(hrv.utcOffset == -8 * 3600)
    #expect(hrv.origin.record == 2)
    // A plain date is a daily value: the whole local day in Berlin (+01:00 in January).
    let steps = out.samples[1]
    #expect(steps.source == "Garmin \"Forerunner\"\nwatch")
    #expect(steps.start == epoch(2024, 1, 1, offset: 3600) && steps.end == steps.start + 86_400)
    #expect(steps.origin.record == 3)
    // Unknown metric ids are kept as written; the quoted newline moved this row to line 5.
    #expect(out.samples[2].metric == "readinessScore" && out.samples[2].origin.record == 5)
    #expect(out.samples[2].utcOffset == 0)
    #expect(out.sink.counts["hrvRMSSD"]?.kept == 1)
    #expect(out.sink.assumedTimeZone == "Europe/Berlin (pipeline setting)")
    #expect(out.reconciles)
  }

  @Test func findsColumnsByNameInAnyOrderWithAnEnd() throws {
    let text =
      "source,end,Value,METRIC,date,category,note\n"
      + "Oura,2024-01-02T06:30:00+01:00,420,sleep,2024-01-01T23:30:00+01:00,asleepCore,x\n"
      + "Oura,2024-01-07,3,activeDays,2024-01-01,,\n"
    let out = try Self.read(text)
    let s = out.samples[0]
    #expect(s.metric == .sleep && s.value == 420 && s.category == "asleepCore")
    #expect(s.start == epoch(2024, 1, 1, 23, 30, offset: 3600))
    #expect(s.end == epoch(2024, 1, 2, 6, 30, offset: 3600))
    #expect(s.unit == "")
    // A plain end date: through the end of that day (2024-01-01 … 2024-01-07 = 7 days).
    #expect(out.samples[1].end - out.samples[1].start == 7 * 86_400)
    #expect(out.sink.notes.contains { $0.contains("note") })
  }

  @Test func badRowsAreRejectsWithTheirLine() throws {
    let text =
      "date,metric,value,unit,source\n"
      + "2024-01-01T07:30:00-08:00,steps,100,count,a\n"
      + "2024-01-02T07:30:00-08:00,steps,200,count\n"
      + "2024-01-03T07:30:00-08:00,steps,1.2.3,count,a\n"
      + "2024-01-32,steps,400,count,a\n"
      + "2024-01-05T07:30:00-08:00,,500,count,a\n"
      + "2024-01-06T07:30:00-08:00,steps,,count,a\n"
      + "2024-01-07T07:30:00-08:00,steps,700,count,a,extra\n"
      + "2024-01-08T07:30:00-08:00,steps,800,count,a\n"
    let out = try Self.read(text)
    #expect(out.samples.map(\.value) == [100, 800])
    #expect(
      out.rejects.map(\.code) == [
        .wrongFieldCount, .badNumber, .badDate, .missingField, .missingField, .wrongFieldCount,
      ])
    #expect(out.rejects.map(\.origin.record) == [3, 4, 5, 6, 7, 8])
    #expect(out.rejects[1].reason.contains("line 4") && out.rejects[1].value == "1.2.3")
    #expect(out.rejects[2].reason.contains("2024-01-32"))
    // steps rows: lines 2 and 9 kept; 4 (number), 5 (date), 7 (empty value) rejected. Lines 3
    // and 8 are `row` records (field count), line 6 has no metric.
    #expect(out.sink.counts["steps"].map { ($0.read, $0.kept, $0.rejected) }! == (5, 2, 3))
    #expect(out.sink.counts["row"]?.rejected == 2)
    #expect(out.sink.counts["(no metric)"]?.rejected == 1)
    #expect(out.reconciles)
  }

  @Test func aQuoteThatNeverClosesIsExit65WithTheLineWhereItStarted() throws {
    let text =
      "date,metric,value,unit,source\n"
      + "2024-01-01T07:30:00-08:00,steps,100,count,a\n"
      + "2024-01-02T07:30:00-08:00,steps,200,count,\"Oura\n"
      + "2024-01-03T07:30:00-08:00,steps,300,count,a\n"
    let e = try #require(healthError { _ = try Self.read(text) })
    #expect(e.code == .dataError)
    #expect(e.location?.line == 3)
    #expect(e.location?.file == "long.csv")
  }

  @Test func aHeaderWithoutTheRequiredColumnsIsExit65() throws {
    let e = try #require(healthError { _ = try Self.read("when,what,how much\n1,2,3\n") })
    #expect(e.code == .dataError && e.location?.line == 1)
    #expect(healthError { _ = try Self.read("") }?.code == .dataError)
  }

  @Test func everySplitGivesIdenticalResults() throws {
    let expected = try Self.read(Self.sample)
    for bufferSize in [4, 5, 8, 21] {
      for chunk in [1, 2, 3, 8, 40] {
        let out = try Self.read(Self.sample, bufferSize: bufferSize, chunkSize: chunk)
        #expect(out.samples == expected.samples)
        #expect(out.sink.counts == expected.sink.counts)
      }
    }
  }

  @Test func sleepRowsWithoutAStageAreAsleepAndStageWordsAreNormalised() throws {
    let out = try Self.read(
      "date,metric,value,unit,source,end,category\n"
        + "2024-01-01T23:00:00+01:00,sleep,420,min,Ring,2024-01-02T06:00:00+01:00,\n"
        + "2024-01-02T23:00:00+01:00,sleep,30,min,Ring,2024-01-02T23:30:00+01:00,Deep\n"
        + "2024-01-03T23:00:00+01:00,sleep,30,min,Ring,2024-01-03T23:30:00+01:00,In Bed\n")
    #expect(out.samples.map(\.category) == ["asleepUnspecified", "asleepDeep", "inBed"])
    // 23:00 to 06:00 is 7 h = 420 min, as written.
    #expect(out.samples[0].end - out.samples[0].start == 25_200)
  }

  @Test func detectsByContent() {
    #expect(LongCSVReader.matches(prefix: Array(Self.sample.utf8)))
    #expect(LongCSVReader.matches(prefix: Array("\"metric\",\"date\",\"value\"\n".utf8)))
    #expect(!LongCSVReader.matches(prefix: Array("Date,Step Count (count)\n".utf8)))
    #expect(!AutoExportCSVReader.matches(prefix: Array(Self.sample.utf8)))
    #expect(!AutoExportJSONReader.matches(prefix: Array(Self.sample.utf8)))
  }
}
