import Foundation

/// Sections 3-5: clean on the first Apple export's samples (under 300 bytes of peak RSS per
/// sample), aggregate of five years (no budget of its own, part of the pipeline's 5 s), and
/// the 90-day HTML report (render under 100 ms); the speed targets ask clean for ≥ 2 M
/// samples/s and aggregate for ≥ 3 M samples/s. Budgets in docs/performance.md.
enum StageBench {
  /// The chain of the five-year export of `shape` (XML only).
  static func fiveYearChain(_ ctx: BenchContext, _ shape: BenchShape = .dense) throws
    -> StageChain
  {
    let spec = shape.spec(seed: ctx.options.seed, days: ctx.sizes.fiveYearDays)
    let g = try ctx.inputs.inputs(spec)
    return try ctx.chain(spec.key, input: g.primaryPath, bytes: g.files[0].bytes)
  }

  /// The shapes clean and aggregate are measured on: the dense export the budgets were
  /// stated for, and the overlap-heavy iPhone + Watch one.
  static let shapes = [BenchShape.dense, .iPhoneWatch]

  static func clean(_ ctx: BenchContext) throws {
    let section = BenchSection.clean
    var measured: [Measurement] = []
    for shape in shapes {
      let g = try ctx.inputs.inputs(shape.spec(seed: ctx.options.seed, bytes: ctx.sizes.appleBytes))
      let chain = try ctx.chain(g.spec.key, input: g.primaryPath, bytes: g.files[0].bytes)
      try ctx.prepare(chain, before: .clean)
      var op = chain.operation(.clean, label: "clean")
      op.input = "samples of \(shape.name)"
      let m = try ctx.measure(section, [op])[0]
      measured.append(m)
      ctx.markMade(chain, .clean)
      if let records = m.records, records > 0 {
        ctx.check(
          section, "\(shape.name): peak RSS per sample read (\(Format.count(records)) samples)",
          best: Double(m.peakRSS) / Double(records), median: nil, unit: "B/sample", .below, 300,
          source: "performance.md #3")
      }
      rateChecks(ctx, section, m, target: 2_000_000, shape: shape)
    }
    SectionPrinter.print(section, measured, ctx.checks(of: section))
  }

  static func aggregate(_ ctx: BenchContext) throws {
    let section = BenchSection.aggregate
    var measured: [Measurement] = []
    for shape in shapes {
      let chain = try fiveYearChain(ctx, shape)
      try ctx.prepare(chain, before: .aggregate)
      var op = chain.operation(.aggregate, label: "aggregate")
      op.input = "cleaned samples of five years, \(shape.name)"
      op.note =
        "as of \(chain.asOf); no budget of its own: it is part of the whole pipeline's 5 s (section 6)"
      let m = try ctx.measure(section, [op])[0]
      measured.append(m)
      ctx.markMade(chain, .aggregate)
      rateChecks(ctx, section, m, target: 3_000_000, shape: shape)
    }
    SectionPrinter.print(section, measured, ctx.checks(of: section))
  }

  /// The stage speed targets (docs/performance.md #10): samples read per wall second (2
  /// cores), and per CPU second; the per-CPU rate goes into the shape table.
  static func rateChecks(
    _ ctx: BenchContext, _ section: BenchSection, _ m: Measurement, target: Double,
    shape: BenchShape
  ) {
    guard let records = m.records, records > 0 else { return }
    let perSecond = { (seconds: Double) in seconds > 0 ? Double(records) / seconds : 0 }
    ctx.check(
      section, "\(shape.name): \(section.rawValue) samples per second (wall)",
      best: perSecond(m.bestWall), median: perSecond(m.medianWall), unit: "samples/s",
      .atLeast, target, source: "performance.md #10")
    ctx.check(
      section, "\(shape.name): \(section.rawValue) samples per CPU second",
      best: perSecond(m.bestCPU), median: perSecond(m.medianCPU), unit: "samples/s", .atLeast,
      target, source: "performance.md #10")
    let label = section == .clean ? "clean (200 MB)" : "aggregate (5 y)"
    ctx.shapes.record(
      shape.name, "\(label) M samples/s, wall / CPU",
      String(format: "%.2f / %.2f", perSecond(m.bestWall) / 1e6, perSecond(m.bestCPU) / 1e6))
  }

  static func report(_ ctx: BenchContext) throws {
    let section = BenchSection.report
    let chain = try fiveYearChain(ctx)
    try ctx.prepare(chain, before: .report)
    var op = chain.operation(.report, label: "report html, 90 days")
    op.extras = { manifest in
      var out: [String: Double] = [:]
      if let s = manifest.timings?.renderSeconds { out["renderMilliseconds"] = s * 1000 }
      if let s = manifest.timings?.readSeconds { out["readMilliseconds"] = s * 1000 }
      return out
    }
    let m = try ctx.measure(section, [op])[0]
    ctx.markMade(chain, .report)
    if let render = m.extra("renderMilliseconds") {
      ctx.check(
        section, "render of the 90-day HTML (from the report manifest)", best: render.best,
        median: render.median, unit: "ms", .below, 100, source: "performance.md #5")
      let read = m.extra("readMilliseconds")
      ctx.annotate(
        m.name,
        "render \(String(format: "%.1f", render.best)) ms best / \(String(format: "%.1f", render.median)) ms median"
          + (read.map { String(format: "; reading the tables %.1f ms best", $0.best) } ?? "")
          + "; the rest of the wall time is process start and writing")
    }
    ctx.check(
      section, "whole report process (wall)", best: m.bestWall * 1000, median: m.medianWall * 1000,
      unit: "ms", .below, 100, source: "performance.md #5")
    SectionPrinter.print(
      section, ctx.measurements.filter { $0.section == section }, ctx.checks(of: section))
  }
}
