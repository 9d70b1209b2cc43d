import Aggregate
import Foundation
import HealthModel
import TestSupport
import Testing

@testable import Pipeline

/// `[aggregate] pinned` goes through `PinnedMetrics.parse`, the one parser and message for
/// pins (docs/aggregate.md, "Pinned metrics"), and the aggregate resolves what it kept with
/// the same alias table the report reads back.
@Suite struct PinnedSettingTests {
  let dir = TemporaryDirectory("pinned-setting")

  func load(_ pinned: String) throws -> PipelineConfig {
    try "x".write(toFile: dir.file("in.csv"), atomically: true, encoding: .utf8)
    let path = dir.file("p.pipeline")
    try ("[pipeline]\ninputs = in.csv\n\n[aggregate]\npinned = \(pinned)\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    return try PipelineConfigLoader.load(path: path)
  }

  @Test("a bad name: the loader's error is the resolver's, at the line of `pinned`")
  func sameMessage() throws {
    for bad in ["stpes", "heartRate", "hrvLnRMSSD"] {
      var fromFile: HealthError?
      do { _ = try load("rhr, \(bad)") } catch let e as HealthError { fromFile = e }
      var direct: HealthError?
      do { _ = try PinnedMetrics.parse(["rhr", bad]) } catch let e as HealthError { direct = e }
      #expect(fromFile?.code == .configError)
      #expect(fromFile?.location?.line == 5)
      #expect(fromFile?.message == "pinned metric '\(bad)' is not known")
      #expect(fromFile?.message == direct?.message)
      #expect(fromFile?.hint == direct?.hint)
    }
  }

  @Test("good names are kept as written and resolve through the one alias table")
  func kept() throws {
    let config = try load("Weight, rhr, steps, hrv")
    #expect(config.aggregate.pinned == ["Weight", "rhr", "steps", "hrv"])
    #expect(
      PinnedMetrics.resolve(config.aggregate.pinned) == [.bodyMass, .restingHeartRate, .steps])
  }
}
