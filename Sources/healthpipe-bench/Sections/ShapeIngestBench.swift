import Foundation
import SampleExports

/// Section 1's targets on every export shape (docs/performance.md, "Shapes", rows 10 and 13).
extension AppleIngestBench {
  /// Measures each shape's ingest (both cores, and `--threads 1`) beside `grep -c '<Record'`
  /// on the same file, interleaved; records the checks and the shape table's figures.
  /// Returns (ingest, grep) pairs for the read-floor lines.
  static func shapes(_ ctx: BenchContext) throws -> [(Measurement, Measurement)] {
    var references: [(Measurement, Measurement)] = []
    for shape in BenchShape.ingestShapes {
      let g = try ctx.inputs.inputs(shape.spec(seed: ctx.options.seed, bytes: ctx.sizes.appleBytes))
      let bytes = g.files[0].bytes
      let chain = try ctx.chain(g.spec.key, input: g.primaryPath, bytes: bytes)
      let input = "export.xml, \(shape.name)" + (g.days.map { " (\($0) days)" } ?? "")
      var both = chain.operation(.ingest, label: "ingest export.xml")
      both.input = input
      both.environment = [PiecesLine.variable: "1"]
      both.logExtras = PiecesLine.extras
      var one = chain.operation(.ingest, label: "ingest export.xml --threads 1")
      one.input = input
      one.commands = [chain.arguments(.ingest) + ["--threads", "1"]]
      let grep = grepOperation(g.primaryPath, bytes: bytes, input: input)
      let m = try ctx.measure(.ingest, [both, one] + (grep.map { [$0] } ?? []))
      ctx.markMade(chain, .ingest)
      if m.count == 3 { references.append((m[0], m[2])) }
      shapeChecks(ctx, shape, both: m[0], one: m[1], grep: m.count == 3 ? m[2] : nil)
    }
    return references
  }

  /// The checks of one shape and its row in the shape table.
  static func shapeChecks(
    _ ctx: BenchContext, _ shape: BenchShape, both: Measurement, one: Measurement,
    grep: Measurement?
  ) {
    let name = shape.name
    let table = ctx.shapes
    table.record(name, "export.xml MB", Format.megabytes(both.inputBytes))
    table.record(name, "ingest wall", Format.seconds(both.bestWall))
    table.record(name, "ingest CPU", Format.seconds(both.bestCPU))
    if let grep {
      let times = both.bestWall / max(grep.bestWall, 1e-9)
      table.record(name, "grep wall", Format.seconds(grep.bestWall))
      table.record(name, "× grep (≤ 5)", String(format: "%.1f×", times))
      ctx.check(
        .ingest, "\(name): ingest wall / grep -c '<Record' wall", best: times,
        median: both.medianWall / max(grep.medianWall, 1e-9), unit: "×", .atMost, 5,
        source: "performance.md #13")
    }
    let versus = both.bestWall / max(one.bestWall, 1e-9)
    table.record(name, "--threads 1 wall", Format.seconds(one.bestWall))
    table.record(name, "2 / 1 threads", String(format: "%.2f", versus))
    ctx.check(
      .ingest, "\(name): --threads 2 wall / --threads 1 wall", best: versus,
      median: both.medianWall / max(one.medianWall, 1e-9), unit: "×", .atMost, 1.05,
      source: "performance.md #13")
    table.record(
      name, "CPU / wall", String(format: "%.2f", both.bestCPU / max(both.bestWall, 1e-9)))
    if let parallel = both.extra(PiecesLine.parallel), let readOn = both.extra(PiecesLine.readOn) {
      let share = parallel.best / max(1, parallel.best + readOn.best) * 100
      table.record(
        name, "pieces on workers",
        String(format: "%.0f of %.0f", parallel.best, parallel.best + readOn.best))
      ctx.check(
        .ingest, "\(name): pieces parsed on worker threads (second core used)", best: share,
        median: nil, unit: "% of pieces", .atLeast, 90, source: "performance.md #13")
    }
    table.record(name, "ingest peak MB", Format.megabytes(both.peakRSS))
    ctx.check(
      .ingest, "\(name): ingest peak RSS", best: mb(both.peakRSS), median: nil, unit: "MB",
      .atMost, 64, source: "performance.md #10")
    if shape.apple == AppleShape() {
      speedTargetChecks(
        ctx, both, label: "export.xml \(name) \(Format.megabytes(both.inputBytes)) MB")
    }
  }
}

/// The line `AppleChunkedRead` writes on stderr when `HEALTHPIPE_DEBUG_PIECES` is set:
/// `healthpipe: pieces of export.xml: 125 parsed on worker threads, 1 read on by the
/// reading thread (0 times after the first piece)`.
enum PiecesLine {
  /// The environment variable that asks for it.
  static let variable = "HEALTHPIPE_DEBUG_PIECES"
  /// Extra keys: pieces parsed on worker threads, pieces the reading thread read itself.
  static let parallel = "piecesParallel"
  static let readOn = "piecesReadOn"

  /// The two counts of the line in `log`, if it holds one.
  @Sendable static func extras(_ log: String) -> [String: Double] {
    guard
      let line = log.split(separator: "\n").first(where: { $0.hasPrefix("healthpipe: pieces of ") }
      ),
      let workers = count(before: " parsed on worker threads", in: line),
      let reader = count(before: " read on by the reading thread", in: line)
    else { return [:] }
    return [parallel: workers, readOn: reader]
  }

  /// The number just before `marker` in `line`.
  private static func count(before marker: String, in line: Substring) -> Double? {
    guard let range = line.range(of: marker) else { return nil }
    return line[..<range.lowerBound].split(separator: " ").last.flatMap { Double($0) }
  }
}
