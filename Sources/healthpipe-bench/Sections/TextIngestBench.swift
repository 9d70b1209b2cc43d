/// Section 2: Health Auto Export JSON and daily-metrics CSV and the long CSV, each at least
/// 50 MB (the rates are measured, but no budget is set for them, so there is no PASS/MISS;
/// for scale, healthkit-to-sqlite ingests about 7 MB/s).
enum TextIngestBench {
  static func run(_ ctx: BenchContext) throws {
    let section = BenchSection.formats
    let kinds: [(InputSpec.Kind, String)] = [
      (.autoExportJSON, "Health Auto Export JSON"), (.autoExportCSV, "Health Auto Export CSV"),
      (.longCSV, "long CSV"),
    ]
    var operations: [Operation] = []
    for (kind, title) in kinds {
      let spec = InputSpec(
        kind: kind, minBytes: ctx.sizes.textBytes, days: nil, zip: false, seed: ctx.options.seed)
      let g = try ctx.inputs.inputs(spec)
      let chain = try ctx.chain(spec.key, input: g.primaryPath, bytes: g.files[0].bytes)
      var op = chain.operation(.ingest, label: "ingest \(title)")
      op.input = shortName(g.files[0].name)
      operations.append(op)
    }
    try ctx.measure(section, operations)
    SectionPrinter.print(section, ctx.measurements.filter { $0.section == section }, [])
    Console.out(
      "  no budget; reference: healthkit-to-sqlite (Python) ingests about 7 MB/s."
    )
  }

  /// `HealthAutoExport-2…27 Data.csv`: long generated names shortened for the table.
  static func shortName(_ name: String) -> String {
    name.count <= 32 ? name : String(name.prefix(17)) + "…" + String(name.suffix(14))
  }
}
