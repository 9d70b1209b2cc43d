import Aggregate
import Foundation
import HealthModel
import HealthSystem
import Report

/// `healthpipe run PIPELINE`: validates the pipeline file, resolves the as-of date, takes
/// the work-folder lock, clears what a killed run left behind, runs (or plans) the stages,
/// and writes the run summary.
public enum PipelineRun {
  /// How to run.
  public struct Request: Sendable {
    /// The pipeline file.
    public var path: String
    /// `--as-of` (overrides the file's `as_of`).
    public var asOf: AsOfDate.Word?
    /// `--force`.
    public var force: Bool
    /// `--plan`.
    public var plan: Bool
    /// `--threads`: threads that parse a large Apple export (nil: one per core).
    public var threads: Int?

    /// Creates a request.
    public init(
      path: String, asOf: AsOfDate.Word? = nil, force: Bool = false, plan: Bool = false,
      threads: Int? = nil
    ) {
      self.path = path
      self.asOf = asOf
      self.force = force
      self.plan = plan
      self.threads = threads
    }
  }

  /// Runs the pipeline. `log` receives one line per stage outcome (and notes) for stderr.
  /// Throws the first stage failure after writing the run summary; returns the summary and
  /// the exit code (0, or 1 when some inputs failed and the rest were processed).
  public static func execute(
    _ request: Request, progress: ProgressMeter, log: (String) -> Void
  ) throws -> (summary: RunSummary, exitCode: ExitCode) {
    let started = SystemCalls.monotonicSeconds()
    let config = try PipelineConfigLoader.load(path: request.path)
    // The clock is read once, on the pipeline's calendar (docs/architecture.md, "Settings").
    let asOf = try (request.asOf ?? config.asOf).resolve(
      zone: config.timeZone, clock: try AsOfClock.current())
    let job = Job(
      request: request, config: config, asOf: asOf,
      stages: PipelineStages.make(config: config, asOf: asOf, threads: request.threads),
      reportPath: PipelineStages.reportPath(config), started: started)
    // The same checks for a plan and a run: whatever one refuses, so does the other.
    try PipelinePreflight.check(config, asOf: asOf, reportPath: job.reportPath)
    try RunOutputCheck.check(config: config, stages: job.stages)
    let summary = RunSummary(
      pipeline: config.name, file: config.path, asOf: asOf.description,
      inputs: config.inputs.compactMap(FileFingerprint.stat), stages: [], seconds: 0,
      peakRSSBytes: 0, exitCode: 0)
    if request.plan { return try plan(job, summary: summary, progress: progress, log: log) }
    return try runStages(job, summary: summary, progress: progress, log: log)
  }

  /// A validated pipeline with its resolved as-of and its stages.
  private struct Job {
    var request: Request
    var config: PipelineConfig
    var asOf: AsOf
    var stages: [PipelineStage]
    var reportPath: String
    var started: Double
  }

  /// `run --plan`: says what a run would do, touching nothing.
  private static func plan(
    _ job: Job, summary: RunSummary, progress: ProgressMeter, log: (String) -> Void
  ) throws -> (summary: RunSummary, exitCode: ExitCode) {
    let (config, asOf) = (job.config, job.asOf)
    var summary = summary
    // A run would stop at the lock; so does the plan (without taking it).
    try WorkFolderLock.probe(workFolder: config.workFolder)
    let asOfText = asOf.isLatest ? "the last day with data (latest)" : asOf.description
    log("plan for \(config.name) (\(config.path)), as of \(asOfText); nothing is run or written")
    log("work folder: \(config.workFolder)")
    for input in config.inputs { log("input: \(input)") }
    let delivery = RunDelivery.planned(config, day: asOf.day, reportPath: job.reportPath)
    if let to = delivery.recipient {
      log("to: \(to), from: \(config.report.from ?? EmailSettings().from)")
    }
    for line in delivery.lines { log(line) }
    summary.delivery = delivery
    let planned = try PipelineRunner(
      workFolder: config.workFolder, force: job.request.force, planOnly: true
    )
    .run(job.stages, progress: progress) { log(line(for: $0)) }
    summary.stages = planned.outcomes
    summary.seconds = SystemCalls.monotonicSeconds() - job.started
    return (summary, .success)
  }

  /// The run itself: takes the lock, clears what a killed run left, runs the stages and
  /// writes the run summary (also when a stage fails).
  private static func runStages(
    _ job: Job, summary: RunSummary, progress: ProgressMeter, log: (String) -> Void
  ) throws -> (summary: RunSummary, exitCode: ExitCode) {
    let config = job.config
    var summary = summary
    try FileSystem.createDirectory(config.workFolder)
    let lock = try WorkFolderLock(workFolder: config.workFolder)
    defer { lock.release() }
    let work = config.workFolder.hasSuffix("/") ? config.workFolder : config.workFolder + "/"
    // Only what an earlier run of this work folder left: it carries a mark the lock recorded.
    let leftovers = FileSystem.removeTemporaries(
      of: lock.earlierOwners, in: config.workFolder,
      besideOutputs: job.stages.flatMap(\.outputs).filter { !$0.hasPrefix(work) })
    lock.forgetEarlierOwners()
    if !leftovers.isEmpty {
      log("removed \(leftovers.count) temporary file(s) left by an interrupted run")
    }
    let layout = WorkLayout(folder: config.workFolder)
    let runner = PipelineRunner(workFolder: config.workFolder, force: job.request.force)
    var outcomes: [StageOutcome] = []
    func finish(_ code: ExitCode) throws {
      if job.asOf.isLatest, let day = PipelineStages.recordedAsOf(layout) {
        summary.asOf = day.description
      }
      summary.stages = outcomes
      summary.seconds = SystemCalls.monotonicSeconds() - job.started
      summary.peakRSSBytes = SystemCalls.peakRSSBytes()
      summary.exitCode = code.rawValue
      try AtomicFileWriter.write(try summary.json(), to: layout.runSummary)
    }
    do {
      let result = try runner.run(job.stages, progress: progress) { outcome in
        outcomes.append(outcome)
        log(line(for: outcome))
      }
      for failure in result.partialFailures {
        log(inputFailedPrefix + (failure.location.map { "\($0): " } ?? "") + failure.message)
      }
      let code: ExitCode = result.partialFailures.isEmpty ? .success : .partialSuccess
      // With `latest` the e-mail's week is that of the as-of the aggregate stage found.
      summary.delivery = RunDelivery.after(
        config, day: job.asOf.day ?? PipelineStages.recordedAsOf(layout),
        reportPath: job.reportPath, email: result.ran[ReportStage.name]?.email)
      try finish(code)
      return (summary, code)
    } catch let error as HealthError {
      try? finish(error.code)
      throw error
    }
  }

  /// How the line about an input that failed starts (it is an error: printed even with
  /// `--quiet`).
  public static let inputFailedPrefix = "input failed: "

  /// One aligned line per stage outcome.
  static func line(for o: StageOutcome) -> String {
    let time =
      o.status == "ran" || o.status == "ran-partially" || o.status == "failed"
      ? NumberFormatting.fixed(o.seconds, 2) + " s" : ""
    return o.stage.padding(to: 10) + o.status.padding(to: 14) + time.padding(to: 10) + o.reason
  }
}
