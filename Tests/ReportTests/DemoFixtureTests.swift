import Foundation
import HealthCore
import TestSupport
import Testing

@testable import Report

/// Writes the demo aggregate folder used by `scripts/screenshot-report.sh` when
/// `REPORT_DEMO_DIR` is set; otherwise writes it to a temporary folder and reads it back.
@Suite("Demo fixture")
struct DemoFixtureTests {
  @Test("the hand-built aggregate folder reads back with its as-of and every table")
  func writesAndReadsBack() throws {
    let target = ProcessInfo.processInfo.environment["REPORT_DEMO_DIR"]
    let temp = TemporaryDirectory()
    let dir = target ?? temp.path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    // REPORT_DEMO_DAYS makes a longer history (e.g. 1826 for five years, to time reading).
    let days = Int(ProcessInfo.processInfo.environment["REPORT_DEMO_DAYS"] ?? "") ?? 150
    let fixture = ReportFixture(days: days)
    try fixture.write(to: dir)
    let inputs = try ReportInputs.read(directory: dir)
    #expect(ReportMeta(inputs.meta).asOf == ReportFixture.asOf)
    // One baseline row per day and key metric, by construction: 150 × 8 = 1,200 by default.
    #expect(inputs.baselines.count == days * 8)
    #expect(inputs.streaks.count == 2)
  }
}
