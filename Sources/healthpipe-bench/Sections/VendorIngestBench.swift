import Foundation
import HealthCore

/// Section 10: the vendors' export CSVs (performance.md #11: at least 100 MB/s on one core). Each
/// file kind is generated (`healthpipe sample --formats oura,whoop,withings` of many years)
/// and ingested by one `healthpipe ingest` given the file several times, so that the
/// process start and the stage's fixed costs weigh little against the reading. The budget
/// is held against CPU time (user + system), since the machine is shared: the rate per CPU
/// second is the reader's speed on one core, whatever else runs beside it.
enum VendorIngestBench {
  /// The files measured: a spec kind, the file's name in the generated folder, a title.
  static let files: [(InputSpec.Kind, String, String)] = [
    (.oura, "", "Oura trends CSV"),
    (.whoop, "physiological_cycles.csv", "WHOOP physiological_cycles.csv"),
    (.whoop, "sleeps.csv", "WHOOP sleeps.csv"),
    (.withings, "raw_tracker_steps.csv", "Withings raw_tracker_steps.csv"),
    (.withings, "sleep.csv", "Withings sleep.csv"),
  ]

  /// The budget, MB per CPU second.
  static let budget = 100.0

  static func run(_ ctx: BenchContext) throws {
    let section = BenchSection.vendors
    // Oura's file is about 330 bytes a day: the generator's 100-year limit caps it near
    // 12 MB, so every kind is generated at up to 8 MB and read several times over.
    let bytes = min(ctx.sizes.textBytes, 8 * BenchSizes.mb)
    let target = ctx.options.quick ? 4 * BenchSizes.mb : 48 * BenchSizes.mb
    var operations: [Operation] = []
    for (kind, name, title) in files {
      let spec = InputSpec(
        kind: kind, minBytes: bytes, days: nil, zip: false, seed: ctx.options.seed)
      let g = try ctx.inputs.inputs(spec)
      guard let file = name.isEmpty ? g.files.first : g.file(name) else { continue }
      let times = Int(max(1, min(32, (target + file.bytes - 1) / max(1, file.bytes))))
      let out = ctx.work + "/runs/vendors-\(kind.rawValue)-\(operations.count)"
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
      let op = Operation(
        "ingest \(title)", input: "\(file.name) × \(times)", bytes: file.bytes * Int64(times),
        command: ["ingest"] + Array(repeating: g.path(file.name), count: times) + [
          "--out", out + "/samples.hpt", "--timezone", "America/New_York", "--quiet",
        ],
        manifest: StageManifest.path(for: out + "/samples.hpt"), recordsKey: "read")
      operations.append(op)
    }
    let results = try ctx.measure(section, operations)
    for m in results {
      ctx.check(
        section, "\(m.name): rate per CPU second", best: m.megabytesPerSecond(m.bestCPU),
        median: m.megabytesPerSecond(m.medianCPU), unit: "MB/s", .atLeast, budget,
        source: "performance.md #11")
    }
    SectionPrinter.print(
      section, ctx.measurements.filter { $0.section == section }, ctx.checks(of: section))
    Console.out(
      "  each file is given to one ingest several times (× N): start-up is paid once; "
        + "MB/s per CPU second is the reader's speed on one core.")
  }
}
