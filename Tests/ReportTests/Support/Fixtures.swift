import Foundation
import TestSupport

@testable import Report

/// Small helpers shared by the report tests.
enum Fixtures {
  /// The fixture's tables as in-memory inputs.
  static func inputs(_ f: ReportFixture) -> ReportInputs {
    ReportInputs(
      daily: f.daily, baselines: f.baselines, scores: f.scores, streaks: f.streaks,
      weekly: f.weekly,
      facts: f.facts)
  }

  /// Writes text to a file in a folder and returns the path.
  static func write(_ text: String, _ name: String, in dir: TemporaryDirectory) throws -> String {
    let path = dir.file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Writes bytes to a file in a folder and returns the path.
  static func write(_ bytes: [UInt8], _ name: String, in dir: TemporaryDirectory) throws -> String {
    let path = dir.file(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Parses a standalone SVG with Python's xml.etree.
  static func parseSVG(_ scene: ChartScene, in dir: TemporaryDirectory, year: Int = 2025) throws
    -> SVGChart
  {
    let path = try write(SVGWriter.svg(scene, standalone: true), scene.id + ".svg", in: dir)
    return SVGChart(try Python.json(PythonProbe.svgElements, [path]), year: year)
  }
}
