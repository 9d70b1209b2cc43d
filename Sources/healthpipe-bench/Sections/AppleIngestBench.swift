/// Section 1: Apple `export.xml` and `export.zip` of the same days, at two sizes (about
/// 200 MB and twice that), interleaved so the zip-to-XML ratio comes from one run.
/// Budgets (docs/performance.md): ≥ 300 MB/s for XML, peak RSS ≤ 64 MB at both sizes,
/// the zip's inflate adding at most 30 %.
enum AppleIngestBench {
  /// The chain of the first size's XML, whose samples the clean section reads.
  static func firstChain(_ ctx: BenchContext) throws -> StageChain {
    let g = try ctx.inputs.inputs(spec(ctx, ctx.sizes.appleBytes))
    return try ctx.chain(
      g.spec.key, input: g.primaryPath, bytes: g.files[0].bytes)
  }

  static func spec(_ ctx: BenchContext, _ bytes: Int64) -> InputSpec {
    InputSpec(kind: .apple, minBytes: bytes, days: nil, zip: true, seed: ctx.options.seed)
  }

  static func run(_ ctx: BenchContext) throws {
    let section = BenchSection.ingest
    var xmlPeaks: [(String, Int64)] = []
    for bytes in [ctx.sizes.appleBytes, ctx.sizes.appleLargeBytes] {
      let g = try ctx.inputs.inputs(spec(ctx, bytes))
      let days = g.days.map { " (\($0) days)" } ?? ""
      let xmlChain = try ctx.chain(
        g.spec.key, input: g.primaryPath, bytes: g.files[0].bytes)
      guard let zipFile = g.file("export.zip") else { continue }
      let zipChain = try ctx.chain(
        g.spec.key + "-from-zip", input: g.path(zipFile.name), bytes: zipFile.bytes)
      let xmlMB = Format.megabytes(g.files[0].bytes)
      var xmlOp = xmlChain.operation(.ingest, label: "ingest export.xml")
      xmlOp.input = "export.xml\(days)"
      var zipOp = zipChain.operation(.ingest, label: "ingest export.zip")
      zipOp.input = "export.zip\(days)"
      let measured = try ctx.measure(section, [xmlOp, zipOp])
      ctx.markMade(xmlChain, .ingest)
      ctx.forget(zipChain)
      let xml = measured[0]
      let zip = measured[1]
      let label = "\(xmlMB) MB"
      ctx.check(
        section, "export.xml \(label): ingest rate",
        best: xml.megabytesPerSecond(xml.bestWall), median: xml.megabytesPerSecond(xml.medianWall),
        unit: "MB/s", .atLeast, 300, source: "performance.md #1")
      ctx.check(
        section, "export.xml \(label): ingest rate per CPU second",
        best: xml.megabytesPerSecond(xml.bestCPU), median: xml.megabytesPerSecond(xml.medianCPU),
        unit: "MB/s", .atLeast, 300, source: "performance.md #1")
      ctx.check(
        section, "export.xml \(label): peak RSS", best: mb(xml.peakRSS), median: nil, unit: "MB",
        .atMost, 64, source: "performance.md #1")
      ctx.check(
        section, "export.zip of \(label): peak RSS", best: mb(zip.peakRSS), median: nil,
        unit: "MB", .atMost, 64, source: "performance.md #1")
      ctx.check(
        section, "export.zip of \(label): inflate adds (wall)",
        best: percent(zip.bestWall, xml.bestWall), median: percent(zip.medianWall, xml.medianWall),
        unit: "%", .atMost, 30, source: "performance.md #1")
      ctx.check(
        section, "export.zip of \(label): inflate adds (CPU)",
        best: percent(zip.bestCPU, xml.bestCPU), median: percent(zip.medianCPU, xml.medianCPU),
        unit: "%", .atMost, 30, source: "performance.md #1")
      xmlPeaks.append((label, xml.peakRSS))
    }
    let measurements = ctx.measurements.filter { $0.section == section }
    SectionPrinter.print(section, measurements, ctx.checks(of: section))
    if xmlPeaks.count == 2 {
      let growth = Double(xmlPeaks[1].1 - xmlPeaks[0].1) / Double(max(1, xmlPeaks[0].1)) * 100
      Console.out(
        "  peak RSS of export.xml ingest: \(Format.megabytes(xmlPeaks[0].1)) MB at \(xmlPeaks[0].0), "
          + "\(Format.megabytes(xmlPeaks[1].1)) MB at \(xmlPeaks[1].0) "
          + "(\(String(format: "%+.1f", growth)) % for twice the input)")
    }
    Console.out(
      "  \"per CPU second\" divides by user + system time of all threads (parser, read-ahead,"
        + " table encoding): the rate one core would reach doing all the work, with the waits"
        + " for a core on this shared machine left out.")
    Console.out(
      "  zip MB/s counts the zip's compressed bytes; the inflate checks compare the zip's"
        + " time with the XML's of the same days, best with best and median with median.")
  }

  static func mb(_ bytes: Int64) -> Double { Double(bytes) / Double(BenchSizes.mb) }

  /// How much longer `a` is than `b`, in percent.
  static func percent(_ a: Double, _ b: Double) -> Double { b > 0 ? (a / b - 1) * 100 : 0 }
}
