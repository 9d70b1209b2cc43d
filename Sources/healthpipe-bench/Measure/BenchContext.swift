import Foundation
import HealthCore
import HealthModel
import Pipeline
import SampleExports

/// Everything the sections share: the options, the binary under test, the input cache, the
/// stage outputs already made in this run, and the results so far.
final class BenchContext {
  /// The command line.
  let options: BenchOptions
  /// Input sizes (full or quick).
  let sizes: BenchSizes
  /// The healthpipe binary measured.
  let healthpipe: String
  /// The work folder (absolute).
  let work: String
  /// Generated inputs.
  let inputs: InputCache
  /// Whether the binary has `healthpipe run`.
  let hasRunCommand: Bool
  /// Every measurement, in order.
  private(set) var measurements: [Measurement] = []
  /// Every budget check, in order.
  private(set) var checks: [BudgetCheck] = []
  /// Stages of each chain whose outputs exist from this run.
  private var made: [String: Set<StageChain.Stage>] = [:]
  private var logCounter = 0
  /// The log of the last child run by `runChecked`.
  private(set) var lastLog = ""
  /// Every target's figure on every shape, printed at the end.
  let shapes = ShapeSummary()

  /// The folder for logs of children.
  var logs: String { work + "/logs" }

  init(options: BenchOptions, healthpipe: String, benchBinary: String, work: String) throws {
    self.options = options
    self.sizes = options.quick ? .quick : .full
    self.healthpipe = healthpipe
    self.work = work
    for folder in [work + "/inputs", work + "/runs", work + "/logs"] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    let generator = try GeneratorFingerprint.inChild(
      benchBinary: benchBinary, seed: options.seed, work: work)
    self.inputs = InputCache(
      root: work + "/inputs", benchBinary: benchBinary, logs: work + "/logs",
      generator: generator)
    let probe = try ChildProcess.run(
      healthpipe, ["help", "run"], log: work + "/logs/probe-run.log")
    self.hasRunCommand = probe.exitStatus == 0
  }

  /// A chain of the four stages on `input`, writing under `<work>/runs/<name>`.
  func chain(_ name: String, input: String, bytes: Int64) throws -> StageChain {
    let folder = work + "/runs/" + name
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return StageChain(
      name: name, input: input, inputBytes: bytes, folder: folder,
      asOf: SyntheticOptions.defaultEnd.description)
  }

  /// Runs the stages before `stage` that this run has not made yet (once each, not
  /// measured), so `stage` has its input.
  func prepare(_ chain: StageChain, before stage: StageChain.Stage) throws {
    for s in StageChain.Stage.allCases where s < stage && !(made[chain.name]?.contains(s) ?? false)
    {
      Console.status("preparing: \(chain.name) \(s)")
      _ = try runChecked(chain.arguments(s), label: "prepare-\(chain.name)-\(s)")
      made[chain.name, default: []].insert(s)
    }
  }

  /// Records that the outputs of `stage` now exist (a measured run made them).
  func markMade(_ chain: StageChain, _ stage: StageChain.Stage) {
    made[chain.name, default: []].insert(stage)
  }

  /// Forgets the outputs of a chain (another command overwrote or removed them).
  func forget(_ chain: StageChain) { made[chain.name] = nil }

  /// Measures the operations `repeats` times (default `--repeat`), interleaved (a, b, a, b,
  /// ...) so a change of machine load touches all of them alike, and records the
  /// measurements.
  @discardableResult
  func measure(_ section: BenchSection, _ operations: [Operation], repeats: Int? = nil) throws
    -> [Measurement]
  {
    let repeats = repeats ?? options.repeats
    var results = operations.map {
      Measurement(
        section: section, name: $0.name, input: $0.input, inputBytes: $0.inputBytes,
        records: nil, runs: [], commands: $0.commands, note: $0.note)
    }
    for round in 1...repeats {
      for (i, op) in operations.enumerated() {
        Console.status(
          "\(section.rawValue): \(op.name) [\(op.input)] run \(round)/\(repeats)")
        var total = ChildUsage(
          wallSeconds: 0, userSeconds: 0, systemSeconds: 0, peakRSSBytes: 0, maxrssBytes: 0,
          polledPeakBytes: 0, floorRSSBytes: 0, exitStatus: 0)
        for command in op.commands {
          let u = try runChecked(
            command, label: "\(section.rawValue)-\(command[0])", executable: op.executable,
            environment: op.environment)
          if let parse = op.logExtras,
            let text = try? String(contentsOfFile: lastLog, encoding: .utf8)
          {
            for (key, value) in parse(text) { results[i].extras[key, default: []].append(value) }
          }
          total.wallSeconds += u.wallSeconds
          total.userSeconds += u.userSeconds
          total.systemSeconds += u.systemSeconds
          total.peakRSSBytes = max(total.peakRSSBytes, u.peakRSSBytes)
          total.maxrssBytes = max(total.maxrssBytes, u.maxrssBytes)
          total.polledPeakBytes = max(total.polledPeakBytes, u.polledPeakBytes)
          total.floorRSSBytes = max(total.floorRSSBytes, u.floorRSSBytes)
        }
        results[i].runs.append(total)
        if let path = op.manifest, let manifest = try? StageManifest.read(from: path) {
          if let key = op.recordsKey, let n = manifest.totals[key] { results[i].records = n }
          for (key, value) in op.extras?(manifest) ?? [:] {
            results[i].extras[key, default: []].append(value)
          }
        }
        if let path = op.runSummary, let data = FileManager.default.contents(atPath: path),
          let summary = try? JSONDecoder().decode(RunSummary.self, from: data)
        {
          for stage in summary.stages where stage.status == "ran" {
            results[i].extras[stage.stage + "Seconds", default: []].append(stage.seconds)
            if stage.stage == "ingest", let n = stage.totals["read"] { results[i].records = n }
          }
        }
      }
    }
    measurements += results
    return results
  }

  /// Sets the note of the last measurement named `name`.
  func annotate(_ name: String, _ note: String) {
    if let i = measurements.lastIndex(where: { $0.name == name }) { measurements[i].note = note }
  }

  /// Runs healthpipe (or `executable`) once; throws when it does not exit 0, quoting the
  /// end of its log.
  @discardableResult
  func runChecked(
    _ arguments: [String], label: String, executable: String? = nil,
    environment: [String: String] = [:]
  ) throws -> ChildUsage {
    logCounter += 1
    let log =
      logs + String(format: "/%03d-", logCounter) + label.replacingAll("/", with: "_") + ".log"
    let program = executable ?? healthpipe
    lastLog = log
    let usage = try ChildProcess.run(program, arguments, log: log, environment: environment)
    guard usage.exitStatus == 0 else {
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      let tail = text.split(separator: "\n").suffix(5).joined(separator: "\n")
      throw HealthError(
        .internalError,
        "`\(program) \(arguments.joined(separator: " "))` exited \(usage.exitStatus): \(tail)",
        at: SourceLocation(file: log), hint: "the whole output is in the log")
    }
    return usage
  }

  /// Records a budget check.
  func check(
    _ section: BenchSection, _ what: String, best: Double, median: Double?, unit: String,
    _ rule: BudgetCheck.Rule, _ limit: Double, source: String
  ) {
    checks.append(
      BudgetCheck(
        section: section, what: what, best: best, median: median, unit: unit, rule: rule,
        limit: limit, source: source))
  }

  /// Checks of one section.
  func checks(of section: BenchSection) -> [BudgetCheck] {
    checks.filter { $0.section == section }
  }
}
