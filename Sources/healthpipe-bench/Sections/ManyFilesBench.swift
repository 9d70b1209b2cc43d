import Foundation
import HealthCore
import HealthModel
import HealthSystem

/// Section 7: many small inputs. A folder of daily Health Auto Export JSON files
/// (three metrics a day each) is ingested in one command, and so is one file holding the
/// same days; the difference divided by the number of extra files is the cost of an input
/// file as such (opening, detecting, fingerprinting, its part of the tables), whatever its
/// size. Budget (docs/performance.md): at most 1 ms per file.
enum ManyFilesBench {
  /// Daily files in the full run (a folder of 3,000 days once took 15 s).
  static let fullCount = 3_000
  /// Daily files in a quick run.
  static let quickCount = 300

  static func run(_ ctx: BenchContext) throws {
    let section = BenchSection.files
    let count = ctx.options.quick ? quickCount : fullCount
    let folder = ctx.work + "/inputs/many-files-\(count)"
    let (daily, combined) = try inputs(count: count, folder: folder)
    let bytes = daily.reduce(Int64(0)) { $0 + (FileFingerprint.stat($1)?.size ?? 0) }
    let combinedBytes = FileFingerprint.stat(combined)?.size ?? 0
    let runs = ctx.work + "/runs/many-files"
    try FileManager.default.createDirectory(atPath: runs, withIntermediateDirectories: true)
    let many = Operation(
      "ingest \(count) daily files", input: "\(count) × HAE JSON", bytes: bytes,
      command: ["ingest"] + daily + ["--out", runs + "/many.hpt", "--quiet"],
      manifest: StageManifest.path(for: runs + "/many.hpt"), recordsKey: "read")
    let one = Operation(
      "ingest the same days in one file", input: "1 × HAE JSON", bytes: combinedBytes,
      command: ["ingest", combined, "--out", runs + "/one.hpt", "--quiet"],
      manifest: StageManifest.path(for: runs + "/one.hpt"), recordsKey: "read")
    let results = try ctx.measure(section, [many, one])
    let perFile = { (a: Double, b: Double) in (a - b) / Double(count - 1) * 1000 }
    let best = perFile(results[0].bestWall, results[1].bestWall)
    let median = perFile(results[0].medianWall, results[1].medianWall)
    ctx.check(
      section, "overhead per input file ((many − one) / \(count - 1))", best: best,
      median: median, unit: "ms", .atMost, 1, source: "performance.md #7")
    SectionPrinter.print(
      section, ctx.measurements.filter { $0.section == section }, ctx.checks(of: section))
    Console.out(
      "  per-file overhead: best \(NumberFormatting.fixed(best, 3)) ms, median "
        + "\(NumberFormatting.fixed(median, 3)) ms (once 5-8 ms; 13.6 ms each at "
        + "3,000 files)")
  }

  /// `count` daily files and one file with the same days (written once, then reused).
  static func inputs(count: Int, folder: String) throws -> (daily: [String], combined: String) {
    let combined = folder + "/combined.json"
    let daily = (0..<count).map { folder + "/" + String(format: "HealthAutoExport-%05d.json", $0) }
    if FileManager.default.fileExists(atPath: combined) { return (daily, combined) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let first = LocalDay(iso: "2018-01-01")!
    var all: [[String]] = [[], [], []]
    for (i, path) in daily.enumerated() {
      let points = points(day: first.adding(days: i), index: i)
      for k in 0..<3 { all[k].append(points[k]) }
      try AtomicFileWriter.write(document(points.map { [$0] }), to: path)
    }
    try AtomicFileWriter.write(document(all), to: combined)
    return (daily, combined)
  }

  /// Steps, resting heart rate and HRV of one day, as Health Auto Export writes them.
  static func points(day: LocalDay, index: Int) -> [String] {
    let date = "\"date\" : \"\(day) 00:00:00 -0500\""
    return [
      "{ \(date), \"qty\" : \(6_000 + index % 5_000), \"source\" : \"iPhone\" }",
      "{ \(date), \"qty\" : \(52 + index % 9), \"source\" : \"Apple Watch\" }",
      "{ \(date), \"qty\" : \(40 + index % 20).5, \"source\" : \"Apple Watch\" }",
    ]
  }

  /// A document with the three metrics and their points.
  static func document(_ points: [[String]]) -> String {
    let metrics = [
      ("step_count", "count"), ("resting_heart_rate", "count/min"),
      ("heart_rate_variability", "ms"),
    ]
    let body = zip(metrics, points).map { metric, data in
      "{ \"name\" : \"\(metric.0)\", \"units\" : \"\(metric.1)\", \"data\" : [\n"
        + data.joined(separator: ",\n") + "\n] }"
    }
    return "{ \"data\" : { \"metrics\" : [\n" + body.joined(separator: ",\n") + "\n] } }\n"
  }
}
