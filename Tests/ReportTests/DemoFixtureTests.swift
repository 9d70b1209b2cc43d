import Foundation
import HealthCore
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
    let fixture = ReportFixture()
    try fixture.write(to: dir)
    let inputs = try ReportInputs.read(directory: dir)
    #expect(ReportMeta(inputs.meta).asOf == ReportFixture.asOf)
    // 150 days × 8 key metrics = 1,200 baseline rows, counted by construction.
    #expect(inputs.baselines.count == 1200)
    #expect(inputs.streaks.count == 2)
  }
}
