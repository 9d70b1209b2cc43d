import Foundation
import HealthModel
import HealthSystem

/// One benchmark run: locate the binary, print the machine, run the chosen sections, print
/// the budget summary, write the JSON, and clean up unless `--keep`.
enum BenchRun {
  /// Runs the benchmark; returns the exit code (0 unless something could not be run: a
  /// missed budget is reported, never an error).
  static func main(_ arguments: [String]) -> Int32 {
    if arguments.first == InputGenerator.command {
      return report { try InputGenerator.main(Array(arguments.dropFirst())) }
    }
    if arguments.first == GeneratorFingerprint.command {
      return report { try GeneratorFingerprint.main(Array(arguments.dropFirst())) }
    }
    return report {
      guard let options = try BenchOptions.parse(arguments) else {
        Console.out(BenchOptions.usage.text)
        return
      }
      try run(options)
    }
  }

  private static func report(_ body: () throws -> Void) -> Int32 {
    do {
      try body()
      return 0
    } catch var error as HealthError {
      // The shared parser's errors point at `healthpipe help`; this program has its own.
      if error.hint == HealthError.usage("").hint { error.hint = "see healthpipe-bench --help" }
      StandardError.write("healthpipe-bench: error: \(error)\n")
      return error.code.rawValue
    } catch {
      StandardError.write("healthpipe-bench: error: \(error)\n")
      return ExitCode.internalError.rawValue
    }
  }

  static func run(_ options: BenchOptions) throws {
    var machine = MachineInfo.current()
    let work = absolute(options.work)
    try FileManager.default.createDirectory(
      atPath: work + "/logs", withIntermediateDirectories: true)
    let bench = BinaryLocator.benchBinary()
    let healthpipe = try BinaryLocator.healthpipe(options, bench: bench, logs: work + "/logs")
    let ctx = try BenchContext(
      options: options, healthpipe: healthpipe, benchBinary: bench, work: work)

    Console.out("healthpipe-bench  \(machine.date)")
    Console.out(
      "machine: \(machine.cores) cores (\(machine.cpu)), "
        + "\(Format.megabytes(machine.memoryBytes)) MB memory, \(machine.system)")
    Console.out(
      "load average at start: \(MachineInfo.loadText(machine.loadAtStart)) (1, 5, 15 min)")
    Console.out(
      "binary: \(healthpipe) (\(ToolInfo.name) \(ToolInfo.version))"
        + (ctx.hasRunCommand ? "" : "; no `run` command yet"))
    Console.out(
      "repeats: \(options.repeats) per operation (best and median shown); seed \(options.seed);"
        + " work folder \(work)")
    Console.out(
      "MB = 2^20 bytes; MB/s = input bytes / wall time; peak RSS = the child's high-water mark"
        + " (largest over the repeats); CPU = user + system.")
    if options.quick {
      Console.out(
        "QUICK: small inputs for a smoke pass; figures are not comparable with the budgets.")
    }

    for section in options.sections {
      switch section {
      case .ingest: try AppleIngestBench.run(ctx)
      case .formats: try TextIngestBench.run(ctx)
      case .clean: try StageBench.clean(ctx)
      case .aggregate: try StageBench.aggregate(ctx)
      case .report: try StageBench.report(ctx)
      case .pipeline: try PipelineBench.pipeline(ctx)
      case .files: try ManyFilesBench.run(ctx)
      case .scale: try PipelineBench.scale(ctx)
      case .export: try ExportBench.run(ctx)
      case .vendors: try VendorIngestBench.run(ctx)
      case .garminFitbit: try GarminFitbitBench.run(ctx)
      case .healthConnect: try HealthConnectBench.run(ctx)
      }
    }

    machine.loadAtEnd = MachineInfo.loadAverage()
    printSummary(ctx, machine)
    if let json = options.json {
      let results = BenchResults(
        machine: machine, healthpipe: healthpipe, toolVersion: ToolInfo.version,
        quick: options.quick, repeats: options.repeats, seed: options.seed, sizes: ctx.sizes,
        sections: options.sections, measurements: ctx.measurements, checks: ctx.checks)
      try results.write(to: absolute(json))
      Console.status("results written to \(json)")
    }
    if !options.keep {
      for folder in ["inputs", "runs", "logs"] {
        try? FileManager.default.removeItem(atPath: work + "/" + folder)
      }
      try? FileManager.default.removeItem(atPath: work)  // only succeeds when empty
      Console.status("removed the generated files (use --keep to reuse them next time)")
    }
  }

  private static func printSummary(_ ctx: BenchContext, _ machine: MachineInfo) {
    if !ctx.shapes.isEmpty {
      Console.out()
      Console.out(
        "== Targets by shape (best of the repeats; docs/performance.md, rows 10 and 13) ==")
      Console.out()
      ctx.shapes.table.print()
      Console.out(
        "  × grep: ingest wall / `grep -c '<Record'` wall on the same file in the same rounds"
          + " (target ≤ 5×); 2 / 1 threads: ingest wall with both cores / with --threads 1"
          + " (target ≤ 1.05); pieces on workers: parsed by worker threads, of all pieces.")
    }
    Console.out()
    Console.out("== Budget summary ==")
    Console.out()
    if ctx.checks.isEmpty {
      Console.out("no budget checks in the sections run")
    } else {
      SectionPrinter.checkTable(ctx.checks).print()
      let missed = ctx.checks.filter { !$0.pass }.count
      Console.out()
      Console.out(
        "\(ctx.checks.count - missed) of \(ctx.checks.count) budgets met by the best run"
          + (missed > 0
            ? "; \(missed) missed (see docs/performance.md for where the time goes)" : ""))
    }
    Console.out("load average at end: \(MachineInfo.loadText(machine.loadAtEnd))")
  }

  private static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  }
}
