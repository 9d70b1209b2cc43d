import Foundation
import HealthModel

/// Section 1: Apple `export.xml` and `export.zip` of the same days, at two sizes (about
/// 200 MB and twice that), interleaved so the zip-to-XML ratio comes from one run; then the
/// targets on every export shape (`BenchShape.ingestShapes`, about 200 MB each): ingest with
/// both cores, ingest with `--threads 1` and the read floor `grep -c '<Record'` on the same
/// file, interleaved, with the pieces the worker threads parsed read from the ingest's
/// `HEALTHPIPE_DEBUG_PIECES` line; and once, when installed, healthkit-to-sqlite (what users
/// run instead) on the first export.
/// Budgets (docs/performance.md, "Budgets"): ≥ 300 MB/s for XML, peak RSS ≤ 64 MB at both
/// sizes, the zip's inflate adding at most 30 %; the speed targets (rows 10 and 13): ≥ 600
/// MB/s per CPU second and ≥ 900 MB/s wall on the dense and heavy-Watch exports; on every
/// shape ingest within 5× grep's wall time, most pieces parsed on worker threads, and
/// `--threads 2` no slower than `--threads 1`.
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

  /// `grep -c '<Record' FILE`: reading the file and finding every record, nothing more.
  static func grepOperation(_ path: String, bytes: Int64, input: String) -> Operation? {
    guard let grep = BinaryLocator.onPath("grep") else { return nil }
    var op = Operation(
      "grep -c '<Record'", input: input, bytes: bytes, command: ["-c", "<Record", path])
    op.executable = grep
    return op
  }

  static func run(_ ctx: BenchContext) throws {
    let section = BenchSection.ingest
    var xmlPeaks: [(String, Int64)] = []
    var firstXML: (path: String, measured: Measurement)?
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
      if bytes == ctx.sizes.appleBytes { firstXML = (g.primaryPath, measured[0]) }
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
    let references = try shapes(ctx)
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
    for (hp, grep) in references {
      Console.out(
        "  read floor, \(hp.input): healthpipe ingest takes "
          + ratio(hp.bestWall, grep.bestWall) + " the wall time and "
          + ratio(hp.bestCPU, grep.bestCPU) + " the CPU time of `grep -c '<Record'` (best"
          + " with best; grep: \(String(format: "%.0f", grep.megabytesPerSecond(grep.bestWall))) MB/s)"
      )
    }
    Console.out(
      "  pieces: of the pieces the export was cut into, those parsed on worker threads (the"
        + " rest the reading thread read on itself: the first piece, and any piece whose cut"
        + " fell inside an element); `--threads 1` reads in one piece.")
    if let firstXML { try healthkitToSQLite(ctx, firstXML.path, healthpipe: firstXML.measured) }
  }

  /// The ingest speed targets (docs/performance.md #10): ≥ 600 MB/s per CPU second, ≥ 900 MB/s
  /// wall.
  static func speedTargetChecks(_ ctx: BenchContext, _ m: Measurement, label: String) {
    ctx.check(
      .ingest, "\(label): ingest rate (wall, 2 cores)", best: m.megabytesPerSecond(m.bestWall),
      median: m.megabytesPerSecond(m.medianWall), unit: "MB/s", .atLeast, 900,
      source: "performance.md #10")
    ctx.check(
      .ingest, "\(label): ingest rate per CPU second", best: m.megabytesPerSecond(m.bestCPU),
      median: m.megabytesPerSecond(m.medianCPU), unit: "MB/s", .atLeast, 600,
      source: "performance.md #10")
  }

  /// healthkit-to-sqlite (`pip install healthkit-to-sqlite`) on the first export.xml, once
  /// (it takes tens of seconds); skipped with a line saying so when it is not installed.
  static func healthkitToSQLite(_ ctx: BenchContext, _ xml: String, healthpipe: Measurement)
    throws
  {
    guard let tool = BinaryLocator.onPath("healthkit-to-sqlite"),
      let shell = BinaryLocator.onPath("sh")
    else {
      Console.out(
        "  healthkit-to-sqlite: not installed (pip install healthkit-to-sqlite), reference skipped")
      return
    }
    let db = ctx.work + "/runs/healthkit-to-sqlite.db"
    let copy = ctx.work + "/runs/healthkit-to-sqlite-input.xml"
    let bytes = try withoutDocType(xml, to: copy)
    defer { try? FileManager.default.removeItem(atPath: copy) }
    var op = Operation(
      "healthkit-to-sqlite --xml", input: healthpipe.input + " without its DOCTYPE",
      bytes: bytes,
      command: ["-c", "rm -f \"$2\" && exec \"$0\" --silent --xml \"$1\" \"$2\"", tool, copy, db])
    op.executable = shell
    op.note = "one run: the reference takes tens of seconds"
    let m = try ctx.measure(.ingest, [op], repeats: 1)[0]
    try? FileManager.default.removeItem(atPath: db)
    Console.out(
      "  healthkit-to-sqlite on \(healthpipe.input): \(String(format: "%.2f", m.bestWall)) s wall, "
        + "\(String(format: "%.2f", m.bestCPU)) s CPU, peak RSS \(Format.megabytes(m.peakRSS)) MB: "
        + "it takes " + ratio(m.bestWall, healthpipe.bestWall) + " healthpipe's best wall time and "
        + ratio(m.bestCPU, healthpipe.bestCPU) + " its best CPU time")
  }

  /// Copies an export without its DOCTYPE and returns the copy's size. healthkit-to-sqlite's
  /// parser (expat) stops at the DOCTYPE iOS 16 and later write (an `<!ATTLIST` left open,
  /// as in the generated exports), so it reads the same records without it.
  static func withoutDocType(_ xml: String, to copy: String) throws -> Int64 {
    guard let input = FileHandle(forReadingAtPath: xml) else {
      throw HealthError(.noInput, "cannot read \(xml)")
    }
    defer { try? input.close() }
    _ = FileManager.default.createFile(atPath: copy, contents: nil)
    guard let output = FileHandle(forWritingAtPath: copy) else {
      throw HealthError(.cannotCreate, "cannot write \(copy)")
    }
    defer { try? output.close() }
    var head = try input.read(upToCount: 1 << 20) ?? Data()
    if let doctype = head.range(of: Data("<!DOCTYPE".utf8)),
      let root = head.range(of: Data("<HealthData".utf8), in: doctype.upperBound..<head.endIndex)
    {
      head.removeSubrange(doctype.lowerBound..<root.lowerBound)
    }
    var written = Int64(head.count)
    try output.write(contentsOf: head)
    while let chunk = try input.read(upToCount: 4 << 20), !chunk.isEmpty {
      try output.write(contentsOf: chunk)
      written += Int64(chunk.count)
    }
    return written
  }

  /// `a / b` as "N.N×".
  static func ratio(_ a: Double, _ b: Double) -> String {
    b > 0 ? String(format: "%.1f×", a / b) : "—"
  }

  static func mb(_ bytes: Int64) -> Double { Double(bytes) / Double(BenchSizes.mb) }

  /// How much longer `a` is than `b`, in percent.
  static func percent(_ a: Double, _ b: Double) -> Double { b > 0 ? (a / b - 1) * 100 : 0 }
}
