/// Section 11: ingest of the Garmin and Fitbit formats, each at least the text size (50 MB;
/// 3 MB with `--quick`): Garmin's chained FIT file, Garmin Connect's JSON files, Fitbit's
/// Global Export Data JSON (with the HRV and SpO2 summaries) and its `_GoogleData` CSVs.
/// One `healthpipe ingest` of all the files of a format, `--threads 1`. Budgets per CPU
/// second (user + system of the child; the machine is shared, so wall time is shown but not
/// judged): ≥ 50 MB/s for FIT, ≥ 100 MB/s for the JSON and CSV readers
/// (docs/performance.md, row 12).
enum GarminFitbitBench {
  static func run(_ ctx: BenchContext) throws {
    let section = BenchSection.garminFitbit
    let kinds: [(InputSpec.Kind, String, Double)] = [
      (.garminFIT, "Garmin FIT", 50), (.garminJSON, "Garmin Connect JSON", 100),
      (.fitbitJSON, "Fitbit JSON", 100), (.fitbitCSV, "Fitbit CSV", 100),
    ]
    var operations: [Operation] = []
    for (kind, title, _) in kinds {
      let spec = InputSpec(
        kind: kind, minBytes: ctx.sizes.textBytes, days: nil, zip: false, seed: ctx.options.seed)
      let g = try ctx.inputs.inputs(spec)
      let chain = try ctx.chain(spec.key, input: g.primaryPath, bytes: 0)
      let bytes = g.files.reduce(0) { $0 + $1.bytes }
      let op = Operation(
        "ingest \(title)", input: "\(g.files.count) file\(g.files.count == 1 ? "" : "s")",
        bytes: bytes,
        command: ["ingest"] + g.files.map { g.path($0.name) } + [
          "--out", chain.samples, "--rejects", chain.ingestRejects, "--threads", "1",
          "--timezone", "America/New_York", "--quiet",
        ], manifest: chain.manifest(.ingest), recordsKey: "read")
      operations.append(op)
    }
    let results = try ctx.measure(section, operations)
    for ((_, title, budget), m) in zip(kinds, results) {
      ctx.check(
        section, "\(title): ingest rate per CPU second", best: m.megabytesPerSecond(m.bestCPU),
        median: m.megabytesPerSecond(m.medianCPU), unit: "MB/s", .atLeast, budget,
        source: "performance.md #12")
    }
    SectionPrinter.print(
      section, ctx.measurements.filter { $0.section == section }, ctx.checks(of: section))
    Console.out(
      "  MB/s per CPU second: input bytes / (user + system time of the child); the wall time"
        + " is shown but the machine is shared.")
  }
}
