import Foundation
import SampleExports

/// Section 11: ingest of an Android Health Connect export of five years, shaped after the
/// real schema (docs/ingest-health-connect.md, "Speed"): a watch's heart rate every minute
/// it is worn (about 2.5 million series rows), three apps' steps, distance and energy, sleep
/// stages, vitals. Measured on the bare `.db` (the reader's own rate) and on the zip (plus
/// inflating the database to a private copy, about 1.2 s of zlib's CPU here). Budget: at
/// least 1 million rows per CPU second, in bounded memory (peak RSS under 100 MB). CPU time,
/// not wall time: the machine is shared.
enum HealthConnectBench {
  static func run(_ ctx: BenchContext) throws {
    let section = BenchSection.healthConnect
    let spec = InputSpec(
      kind: .healthConnect, minBytes: nil, days: ctx.sizes.fiveYearDays, zip: true,
      seed: ctx.options.seed)
    let g = try ctx.inputs.inputs(spec)
    var operations: [Operation] = []
    for file in g.files where file.name.hasSuffix(".db") || file.name.hasSuffix(".zip") {
      let chain = try ctx.chain(
        spec.key + (file.name.hasSuffix(".zip") ? "-zip" : "-db"), input: g.path(file.name),
        bytes: file.bytes)
      var op = chain.operation(.ingest, label: "ingest \(file.name)")
      op.input = "\(file.name) (\(g.days ?? 0) days)"
      operations.append(op)
    }
    let measured = try ctx.measure(section, operations)
    for m in measured {
      guard let records = m.records, records > 0 else { continue }
      let perCPU = { (seconds: Double) in seconds > 0 ? Double(records) / seconds : 0 }
      ctx.check(
        section, "\(m.name): rows per CPU second (\(Format.count(records)) rows)",
        best: perCPU(m.bestCPU), median: perCPU(m.medianCPU), unit: "rows/s", .atLeast,
        1_000_000, source: "ingest-health-connect.md, Speed")
      ctx.check(
        section, "\(m.name): peak RSS", best: Double(m.peakRSS) / Double(BenchSizes.mb),
        median: nil, unit: "MB", .below, 100, source: "ingest-health-connect.md, Speed")
    }
    SectionPrinter.print(
      section, ctx.measurements.filter { $0.section == section }, ctx.checks(of: section))
  }

  /// Generates the export of `spec.days` days: the bare database, then the zip of the same
  /// days (the generator is deterministic, so both hold the same rows).
  static func generate(_ spec: InputSpec, into folder: String) throws -> [GeneratedFile] {
    var options = SyntheticOptions(days: max(1, spec.days ?? 1826), seed: spec.seed)
    options.healthConnectBareDatabase = true
    var files = try SyntheticExport.write(options, formats: [.healthConnect], to: folder)
    if spec.zip {
      options.healthConnectBareDatabase = false
      files += try SyntheticExport.write(options, formats: [.healthConnect], to: folder)
        .filter { $0.path.hasSuffix(".zip") }
    }
    return files.filter { $0.format != nil }.map { f in
      GeneratedFile(
        name: String(f.path.split(separator: "/").last ?? Substring(f.path)), bytes: f.bytes,
        items: f.items)
    }
  }
}
