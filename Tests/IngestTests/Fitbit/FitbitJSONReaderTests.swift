import HealthModel
import Testing

@testable import Ingest

/// Fitbit's Global Export Data JSON on hostile elements (docs/ingest-fitbit.md, "Files
/// read"): every element is a sample, a reject naming what it lacks, or a counted zero;
/// a cut document is exit 65. Read in 5-byte pieces through a 64-byte buffer.
@Suite("Fitbit JSON")
struct FitbitJSONReaderTests {
  static func read(_ text: String, path: String) throws -> Collected {
    try readInMemory(
      FitbitJSONReader.self, Array(text.utf8), path: path, options: berlin, bufferSize: 64,
      chunkSize: 5)
  }

  @Test("heart rate: UTC times at the zone's offset of their instant; bad elements named")
  func heartRate() throws {
    let out = try Self.read(
      """
      [{"dateTime":"10/27/24 00:30:00","value":{"bpm":61,"confidence":2}},
       {"dateTime":"10/27/24 00:31:00","value":{"confidence":1}},
       {"dateTime":"2024-10-27","value":{"bpm":60,"confidence":2}},
       {"dateTime":"10/27/24 01:30:00","value":{"bpm":"62","confidence":2}},
       {"dateTime":"10/27/24 02:00:00","value":{"bpm":63,"confidence":3}}]
      """, path: "heart_rate-2024-10-27.json")
    let s = out.samples(.heartRate)
    #expect(s.map(\.value) == [61, 63])
    #expect(
      s.map(\.start) == [epoch(2024, 10, 27, 0, 30, offset: 0), epoch(2024, 10, 27, 2, offset: 0)])
    // Berlin leaves summer time at 01:00Z on 2024-10-27: +02:00 before, +01:00 after.
    #expect(s.map(\.utcOffset) == [7_200, 3_600])
    #expect(out.rejects.map(\.origin.record) == [2, 3, 4])
    #expect(out.rejects.map(\.code) == [.missingField, .badDate, .missingField])
    #expect(out.rejects[0].reason.contains("value.bpm"))
    #expect(out.reconciles)
  }

  @Test("steps: string values, zero minutes counted, non-numbers and missing values rejected")
  func steps() throws {
    let out = try Self.read(
      """
      [{"dateTime":"10/27/24 00:00:00","value":"13"},{"dateTime":"10/27/24 00:01:00","value":"0"},
       {"dateTime":"10/27/24 00:02:00","value":"x"},{"dateTime":"10/27/24 00:03:00"}]
      """, path: "steps-2024-10-27.json")
    let s = out.samples(.steps)
    #expect(s.count == 1 && s[0].value == 13 && s[0].end - s[0].start == 60)
    #expect(out.sink.extra["fitbit.zeroStepMinutes"] == 1)
    #expect(out.rejects.map(\.code) == [.badNumber, .missingField])
    #expect(out.rejects.map(\.origin.record) == [3, 4])
    #expect(out.reconciles)
  }

  @Test(
    "sleep: a segment or short wake with seconds not in 0 < s ≤ 86,400 is a reject, not a crash")
  func sleepSecondsOutOfRange() throws {
    // An infinite `seconds` in shortData trapped converting it to a time (fuzz target
    // vendor-text). Each bad entry is a badDate reject; the good segment stays: 22:00 local
    // in Berlin (+01:00 in November) for 600 s, light → asleepCore, 10 min.
    let out = try Self.read(
      """
      [{"logId":1,"dateOfSleep":"2024-11-05","startTime":"2024-11-04T22:00:00.000",
        "endTime":"2024-11-04T23:00:00.000","duration":3600000,"minutesAsleep":10,
        "timeInBed":60,"type":"stages","mainSleep":true,
        "levels":{"data":[{"dateTime":"2024-11-04T22:00:00.000","level":"light","seconds":600},
                          {"dateTime":"2024-11-04T22:10:00.000","level":"deep","seconds":1e300}],
                  "shortData":[{"dateTime":"2024-11-04T22:05:00.000","level":"wake","seconds":1e999},
                               {"dateTime":"2024-11-04T22:06:00.000","level":"wake","seconds":-5}]}}]
      """, path: "sleep-2024-11-04.json")
    let asleep = out.samples(.sleep).filter { $0.category == SleepStage.asleepCore.rawValue }
    #expect(asleep.count == 1)
    #expect(asleep.first?.start == epoch(2024, 11, 4, 21, offset: 0))
    #expect(asleep.first?.value == 10)
    #expect(out.rejects.map(\.code) == [.badDate, .badDate, .badDate])
    #expect(out.rejects.allSatisfy { $0.reason.contains("0 to 86,400") })
    #expect(out.reconciles)
  }

  @Test("a document cut inside an element is exit 65")
  func truncated() throws {
    let e = try #require(throws: HealthError.self) {
      try Self.read(
        #"[{"dateTime":"10/27/24 00:30:00","value":{"bpm":61,"confidence":2}},{"dateTime":"10/2"#,
        path: "heart_rate-2024-10-27.json")
    }
    #expect(e.code == .dataError)
  }
}
