import Foundation
import HealthCore

/// Section 9 (docs/interop.md): `healthpipe export WORK --format sqlite` on the five-year export's
/// work folder (ingest, clean and aggregate tables): the samples table must go in at
/// ≥ 500 k rows/s (insert time from the export's manifest; the index build is reported
/// beside it), with flat memory: the same command on the first Apple export's folder (about
/// a third of the rows) must peak at about the same RSS.
enum ExportBench {
  static func run(_ ctx: BenchContext) throws {
    let section = BenchSection.export
    let chains = [try AppleIngestBench.firstChain(ctx), try StageBench.fiveYearChain(ctx)]
    var operations: [Operation] = []
    for chain in chains {
      try ctx.prepare(chain, before: .report)
      let source = try sourceFolder(chain)
      let out = chain.folder + "/health.sqlite"
      var op = Operation(
        "export sqlite", input: "work folder of \(chain.name)", bytes: 0,
        command: ["export", source, "--format", "sqlite", "--out", out, "--quiet"],
        manifest: StageManifest.path(for: out), recordsKey: "rows.samples")
      op.extras = { manifest in
        var out: [String: Double] = [:]
        for note in manifest.notes {
          guard let (table, insert, index) = timings(note) else { continue }
          out[table + "InsertMilliseconds"] = insert
          out[table + "IndexMilliseconds"] = index
        }
        out["rows"] = Double(
          manifest.totals.filter { $0.key.hasPrefix("rows.") }.values.reduce(0, +))
        return out
      }
      operations.append(op)
    }
    let results = try ctx.measure(section, operations)
    let small = results[0]
    let five = results[1]
    if let rows = five.records, let insert = five.extra("samplesInsertMilliseconds") {
      ctx.check(
        section, "five-year samples table (\(Format.count(rows)) rows): insert rate",
        best: Double(rows) / (insert.best / 1000), median: Double(rows) / (insert.median / 1000),
        unit: "rows/s", .atLeast, 500_000, source: "performance.md #9")
    }
    for m in results {
      let insert = m.extra("samplesInsertMilliseconds")
      let index = m.extra("samplesIndexMilliseconds")
      let all = m.extra("rows")
      ctx.annotate(
        m.name,
        "\(m.input): samples "
          + (m.records.map { Format.count($0) } ?? "?") + " rows inserted in "
          + (insert.map { String(format: "%.0f ms", $0.best) } ?? "?") + ", indexed in "
          + (index.map { String(format: "%.0f ms", $0.best) } ?? "?") + "; "
          + (all.map { Format.count(Int64($0.best)) } ?? "?") + " rows in all tables")
    }
    ctx.check(
      section,
      "peak RSS, five-year folder vs the first export's (\(Format.count(small.records ?? 0)) samples)",
      best: Double(five.peakRSS) / Double(max(small.peakRSS, 1)), median: nil, unit: "×",
      .atMost, 1.25, source: "performance.md #9 (flat memory)")
    let measured = ctx.measurements.filter { $0.section == section }
    SectionPrinter.print(section, measured, ctx.checks(of: section))
  }

  /// `table samples: 1378507 rows inserted in 1488.5 ms, indexed in 918.4 ms` → the table,
  /// the insert and the index milliseconds.
  static func timings(_ note: String) -> (String, Double, Double)? {
    let words = note.split(separator: " ")
    guard words.count == 12, words[0] == "table", words[3] == "rows", words[5] == "in",
      words[9] == "in", let insert = Double(words[6]), let index = Double(words[10])
    else { return nil }
    let table = String(words[1].dropLast())
    return (table, insert, index)
  }

  /// A folder holding links to the chain's nine tables only (the chain's folder may also
  /// hold the pipeline section's work folder, whose tables would be a second set).
  static func sourceFolder(_ chain: StageChain) throws -> String {
    let folder = chain.folder + "/sqlite-source"
    let fm = FileManager.default
    try? fm.removeItem(atPath: folder)
    try fm.createDirectory(atPath: folder + "/aggregate", withIntermediateDirectories: true)
    for table in [chain.samples, chain.ingestRejects, chain.cleaned, chain.cleanRejects] {
      let name = String(table.split(separator: "/").last!)
      try fm.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: table)
    }
    for name in ["daily.hpt", "baselines.hpt", "scores.hpt", "streaks.hpt", "weekly.hpt"] {
      try fm.createSymbolicLink(
        atPath: folder + "/aggregate/" + name, withDestinationPath: chain.aggregate + "/" + name)
    }
    return folder
  }
}
