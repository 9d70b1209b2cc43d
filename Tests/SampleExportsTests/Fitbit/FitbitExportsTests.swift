import Foundation
import TestSupport
import Testing

@testable import SampleExports

/// The Fitbit sample files: with the quirks of the real Takeout files (SOURCES.md).
@Suite("Fitbit sample files")
struct FitbitExportsTests {
  static let options = SyntheticOptions(days: 40, seed: 4, density: .sample)

  static func exports() throws -> FitbitExports {
    FitbitExports(timeline: try SyntheticTimeline(Self.options, needs: [.apple]))
  }

  @Test("HRV summaries: named a day early, CRLF after the header, no final line break")
  func hrvSummaries() throws {
    let files = try Self.exports().hrvSummaries()
    #expect(!files.isEmpty)
    for (name, text) in files {
      // The timestamp's date D is in the name as D − 1 in parentheses, or nothing for the 1st.
      let date = String(text.split(separator: "\r\n")[1].prefix(10))
      let day = Int(date.suffix(2))!
      let expected =
        "Daily Heart Rate Variability Summary - \(date.prefix(8))"
        + (day == 1 ? "" : "(\(day - 1))") + ".csv"
      #expect(name == expected)
      #expect(text.hasPrefix("timestamp,rmssd,nremhr,entropy\r\n") && !text.hasSuffix("\n"))
    }
  }

  @Test("resting heart rate: a year per file with null placeholders, also after the export")
  func restingHeartRate() throws {
    let e = try Self.exports()
    let c = e.timeline.calendar
    let text = e.restingHeartRate(from: c.appleFirst)
    let rows = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [[String: Any]]
    #expect(rows.count == 365)
    let placeholders = rows.filter { ($0["value"] as! [String: Any])["date"] is NSNull }
    // Every day after the last one (365 − 40 = 325 days) is a placeholder, and so is each
    // night the tracker was off the wrist.
    let offWrist = e.days.filter { $0.night == nil }.count
    #expect(placeholders.count == 325 + offWrist)
    #expect(!text.hasSuffix("\n") && text.contains("\"dateTime\" : \""))
  }

  @Test("steps are strings, heart rate and steps are UTC, sleep logs newest first")
  func jsonShapes() throws {
    let e = try Self.exports()
    let days = Array(e.days.prefix(5))
    let steps = try JSONSerialization.jsonObject(with: Data(e.steps(days).utf8)) as! [[String: Any]]
    #expect(!steps.isEmpty && steps.allSatisfy { $0["value"] is String })
    // The first heart-rate reading of a local day is 7 s after local midnight in UTC.
    let d = days[0]
    let hr = try JSONSerialization.jsonObject(with: Data(e.heartRate(d).utf8)) as! [[String: Any]]
    let first = d.plan.midnight + 7
    if d.worn(at: first) {
      #expect(hr.first?["dateTime"] as? String == JSONText.fitbitDateTime(first, offset: 0))
    }
    let logs = try JSONSerialization.jsonObject(with: Data(e.sleep(days).utf8)) as! [[String: Any]]
    let ids = logs.map { $0["logId"] as! Int }
    #expect(ids == ids.sorted(by: >))
  }
}
