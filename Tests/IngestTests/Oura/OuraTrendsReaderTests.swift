import Foundation
import Ingest
import TestSupport
import Testing

/// The Oura trends reader on hand-written files (docs/ingest-oura.md); every expected value
/// is worked out by hand in the comments.
@Suite("Oura trends CSV")
struct OuraTrendsReaderTests {
  /// Columns in another order than the real export's, CRLF, `None` and empty cells, the
  /// trailing space of `Total Bedtime `, the days out of order, a column Oura may add.
  static let file =
    "Sleep Score,date,Bedtime End,Total Bedtime ,Light Sleep Duration,Deep Sleep Duration,"
    + "REM Sleep Duration,Awake Time,Bedtime Start,Average HRV,Lowest Resting Heart Rate,"
    + "Readiness Score,Steps,Activity Burn,HRV Balance Score,Brand New Column\r\n"
    // 2026-07-17: 02:06:30 → 10:20:29 at -07:00 = 29,639 s in bed.
    + "72,2026-07-17,2026-07-17T10:20:29.000-07:00,29639,18960,3420,4830,2429,"
    + "2026-07-17T02:06:30.000-07:00,29,60,79,2249,95,None,x\r\n"
    // A day without a night: sleep cells empty, HRV None.
    + ",2026-07-19,,,,,,,,None,,,2759,143,,\r\n"
    // 2026-07-16 (before the 19th: rows out of order). REM 0 s: no time in that stage.
    + "74,2026-07-16,2026-07-16T10:28:55.000-07:00,28740,15240,5100,0,8400,"
    + "2026-07-16T02:29:55.000-07:00,25,61,74,2889,226,80,\r\n"

  @Test("columns are found by name, durations are seconds, the day's values are whole days")
  func readsByName() throws {
    let out = try readVendor(OuraTrendsReader.self, Self.file)
    #expect(out.rejects.isEmpty && out.reconciles)
    // Night of the 17th: light 18,960 s = 316 min, deep 57, REM 80.5, awake 40.48…, in bed
    // 29,639 s = 493.98… min; all over [02:06:30, 10:20:29) at -07:00.
    let start17 = epoch(2026, 7, 17, 2, 6, 30, offset: -25_200)
    let end17 = epoch(2026, 7, 17, 10, 20, 29, offset: -25_200)
    let night17 = out.samples(.sleep).filter { $0.start == start17 }
    #expect(night17.allSatisfy { $0.end == end17 && $0.utcOffset == -25_200 })
    let minutes = Dictionary(uniqueKeysWithValues: night17.map { ($0.category, $0.value) })
    #expect(minutes["asleepCore"] == 316 && minutes["asleepDeep"] == 57)
    #expect(minutes["asleepREM"] == 80.5)
    #expect(abs(minutes["awake"]! - 2429.0 / 60) < 1e-9)
    #expect(abs(minutes["inBed"]! - 29639.0 / 60) < 1e-9)
    // The 16th has no REM sample (0 s) and four others; the 19th none.
    #expect(out.samples(.sleep).count == 5 + 4)
    #expect(out.sink.extra["zeroSleepStages"] == 1)
    // HRV 29 ms is RMSSD over the whole local day of 2026-07-17 at -07:00.
    let hrv = out.samples(.hrvRMSSD)
    #expect(hrv.map(\.value) == [29, 25])
    #expect(hrv.allSatisfy { $0.hrvKind == .rmssd && $0.unit == "ms" })
    #expect(hrv[0].start == epoch(2026, 7, 17, offset: -25_200))
    #expect(hrv[0].end == hrv[0].start + 86_400)
    #expect(out.samples(.restingHeartRate).map(\.value) == [60, 61])
    #expect(out.samples(.ouraSleepScore).map(\.value) == [72, 74])
    #expect(out.samples(.ouraReadinessScore).map(\.value) == [79, 74])
    // Steps of the 19th: no night, so midnight in the assumed zone (Los Angeles, -07:00).
    let steps = out.samples(.steps)
    #expect(steps.map(\.value) == [2249, 2759, 2889])
    #expect(steps[1].start == epoch(2026, 7, 19, offset: -25_200))
    #expect(out.samples(.activeEnergy).map(\.value) == [95, 143, 226])
    #expect(out.samples.allSatisfy { $0.source == "Oura" && $0.sourceKind == .watch })
    // The contributor and the unknown column are listed, with their non-empty cells.
    #expect(out.sink.extra["notRead.HRV Balance Score"] == 1)
    #expect(out.sink.extra["notRead.Brand New Column"] == 1)
    #expect(out.sink.notes.contains { $0.contains("Brand New Column (1 values: not a column") })
  }

  @Test("a file without its date column is refused, naming it")
  func missingDate() throws {
    let text = "Sleep Score,Readiness Score,Average HRV,Steps,Bedtime Start\n72,79,29,2249,\n"
    #expect(FormatDetector.format(of: Array(text.utf8)) == .ouraTrendsCSV)
    let error = try #require(healthError { _ = try readVendor(OuraTrendsReader.self, text) })
    #expect(error.code == .dataError)
    #expect(error.message.contains("no 'date' column"))
    #expect(error.location?.line == 1)
  }

  @Test("bad dates, bad bedtimes and bad numbers are rejects with the line")
  func rejects() throws {
    let text =
      "date,Bedtime Start,Bedtime End,Light Sleep Duration,Average HRV,Steps,Sleep Score\n"
      + "2026-07-1x,,,,30,100,70\n"  // line 2: the row cannot be placed
      + "2026-07-18,2026-07-18T01:00:00-07:00,,3600,abc,100,70\n"  // line 3
      + "2026-07-20,,,,,-,\n"  // line 4: steps '-' is not a number
    let out = try readVendor(OuraTrendsReader.self, text)
    #expect(out.reconciles)
    let byLine = Dictionary(grouping: out.rejects, by: \.origin.record)
    #expect(byLine[2]?.map(\.code) == [.badDate])
    #expect(byLine[2]?.first?.metric == "row")
    // Line 3: the light sleep cannot be framed (no end), the HRV is not a number.
    #expect(Set(byLine[3]?.map(\.code) ?? []) == [.missingField, .badNumber])
    #expect(byLine[3]?.contains { $0.reason.contains("Bedtime End is empty") } == true)
    #expect(byLine[4]?.first?.reason == "line 4: '-' in Steps is not a number")
    #expect(out.samples(.steps).map(\.value) == [100])
  }

  @Test("detected by its header, not by its name")
  func detection() throws {
    let head = Array(Self.file.utf8)
    #expect(FormatDetector.format(of: head) == .ouraTrendsCSV)
    // A long CSV with Oura as a source is still a long CSV.
    let long = "date,metric,value,unit,source\n2024-01-01,steps,1,count,Oura\n"
    #expect(FormatDetector.format(of: Array(long.utf8)) == .longCSV)
  }
}
