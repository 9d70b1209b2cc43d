import Foundation
import HealthCore
import HealthModel
import HealthSystem

/// The report stage: reads the aggregate folder and writes an HTML, Markdown or e-mail
/// report (and, with `send`, pipes the e-mail to the mailer once per ISO week).
public enum ReportStage {
  /// The stage name written into the manifest (and the pipeline's stage name).
  public static let name = "report"

  /// Reads the tables, renders, writes the outputs atomically plus a manifest beside the
  /// output, sends when asked, and returns the manifest with the day shown and what
  /// happened to the e-mail (`ReportOutcome`).
  @discardableResult
  public static func run(_ o: ReportOptions, progress: ProgressMeter) throws -> ReportOutcome {
    let started = SystemCalls.monotonicSeconds()
    try validate(o)
    // Before any work: an output or ledger that is a device, FIFO or folder (exit 73).
    try OutputTarget.check(
      [o.output, StageManifest.path(for: o.output)]
        + (o.email.send ? [o.email.ledgerPath ?? SentLedger.defaultPath(besides: o.output)] : []))
    var o = o
    if o.format == .email, o.email.date == nil { o.email.date = try MessageDate.resolve() }
    progress.begin(stage: name)
    // Only the window (and the week before it, for deltas) is kept in memory.
    // The facts, read once and passed down.
    let facts = try recordedFacts(ofFolder: o.inputDirectory) ?? AggregateFacts()
    // `latest` is the aggregate's last day with data; like any date it must be the day the
    // folder was built for (it is, when the aggregate ran as of latest too).
    let day = ReportAsOf.day(o.asOf, facts: facts)
    try ReportAsOf.check(day, built: facts.asOf, directory: o.inputDirectory)
    var options = o
    options.asOf = day.map { .day($0) }
    let from = day?.adding(days: -o.window.daysRead)
    let inputs = try ReportInputs.read(directory: o.inputDirectory, from: from, facts: facts)
    progress.update(bytes: 0, records: Int64(inputs.daily.count + inputs.baselines.count))
    let read = SystemCalls.monotonicSeconds()
    let rendered = try render(inputs, options)
    let renderSeconds = SystemCalls.monotonicSeconds() - read
    let ledgerPath = o.email.ledgerPath ?? SentLedger.defaultPath(besides: o.output)
    // Each rendered path once: two charts may share a name (their ids come from goal names).
    var outputs: [String] = []
    for file in rendered.files where !outputs.contains(file.path) { outputs.append(file.path) }
    try OutputCollision.check(
      outputs: outputs + [StageManifest.path(for: o.output)] + (o.email.send ? [ledgerPath] : []),
      inputs: inputs.files)
    for file in rendered.files { try AtomicFileWriter.write(file.bytes, to: file.path) }
    progress.end()

    var manifest = StageManifest(
      stage: name,
      inputs: inputs.files.compactMap { FileFingerprint.stat($0) },
      outputs: rendered.files.compactMap { FileFingerprint.stat($0.path) },
      settings: [
        "format": o.format.rawValue, "window": o.window.description,
        "asOf": rendered.model.asOf.description,
      ],
      totals: [
        "days": Int64(rendered.model.days.count),
        "charts": Int64(rendered.chartCount),
        "bytes": rendered.files.reduce(0) { $0 + Int64($1.bytes.count) },
      ])
    manifest.timings = StageManifest.Timings(
      readSeconds: read - started, renderSeconds: renderSeconds)
    var email = EmailDelivery.notEmail
    if let message = rendered.message {
      email = try deliver(message, settings: o.email, ledgerPath: ledgerPath, manifest: &manifest)
    }
    manifest.wallSeconds = SystemCalls.monotonicSeconds() - started
    manifest.peakRSSBytes = SystemCalls.peakRSSBytes()
    try manifest.write(to: StageManifest.path(for: o.output))
    return ReportOutcome(manifest: manifest, asOf: rendered.model.asOf, email: email)
  }

  /// A rendered report: the files to write and, for e-mail, the message.
  public struct Rendered: Sendable {
    /// One output file.
    public struct File: Sendable {
      /// Where it goes.
      public var path: String
      /// Its bytes.
      public var bytes: [UInt8]
    }
    /// The model the files show.
    public var model: ReportModel
    /// Files in write order (the main file last).
    public var files: [File]
    /// Number of charts drawn.
    public var chartCount: Int
    /// The e-mail, for `.email`.
    public var message: EmailMessage?
  }

  /// Renders a report from tables already in memory (no file is touched): the pure part of
  /// the stage, which the benchmark times.
  public static func render(_ inputs: ReportInputs, _ o: ReportOptions) throws -> Rendered {
    try validate(o)
    let model = try ReportModelBuilder.build(
      inputs, asOf: ReportAsOf.day(o.asOf, facts: inputs.facts),
      window: o.window.days)
    switch o.format {
    case .html:
      let html = HTMLReport.render(model)
      return Rendered(
        model: model, files: [.init(path: o.output, bytes: Array(html.utf8))],
        chartCount: HTMLReport.mainCharts(model).count + ReportCharts.extra(model).count,
        message: nil)
    case .markdown:
      let md = MarkdownReport.render(model, markdownPath: o.output)
      var files = md.svgFiles.map { Rendered.File(path: $0.path, bytes: Array($0.text.utf8)) }
      files.append(.init(path: o.output, bytes: Array(md.markdown.utf8)))
      return Rendered(model: model, files: files, chartCount: md.svgFiles.count, message: nil)
    case .email:
      // The digest of the as-of week, with the full HTML report of the same options attached.
      let digest = try WeeklyDigestBuilder.build(
        inputs, asOf: model.asOf, attachmentWindow: model.window)
      let message = try EmailReport.compose(
        digest, fullReport: Array(HTMLReport.render(model).utf8), settings: o.email,
        date: try o.email.date ?? MessageDate.resolve())
      return Rendered(
        model: model, files: [.init(path: o.output, bytes: message.bytes)],
        chartCount: message.imageCount, message: message)
    }
  }

  static func validate(_ o: ReportOptions) throws {
    if o.format == .email {
      guard !o.email.to.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw HealthError.usage("an e-mail report needs a recipient", hint: "pass --to ADDRESS")
      }
    }
  }
}
