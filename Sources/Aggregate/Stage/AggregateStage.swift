import Exports
import Foundation
import HealthCore
import HealthModel
import HealthSystem

/// The aggregate stage: reads the cleaned samples table, writes daily.hpt, baselines.hpt,
/// scores.hpt, streaks.hpt, weekly.hpt, daily.csv and weekly.csv into the output folder,
/// each atomically, and the manifest beside the folder (`StageManifest.path(for:)`).
public enum AggregateStage {
  /// The stage name written into headers and the manifest.
  public static let name = "aggregate"

  /// Runs the stage. Throws `HealthError` (66 missing input, 65 corrupt table, 73/74 output).
  @discardableResult
  public static func run(_ o: AggregateOptions, progress: ProgressMeter) throws
    -> AggregateOutcome
  {
    let started = SystemCalls.monotonicSeconds()
    guard FileFingerprint.stat(o.input) != nil else {
      throw HealthError.missingInput(o.input, reason: "no such file")
    }
    func path(_ name: String) -> String { AggregateFolder.path(name, in: o.outputDirectory) }
    try OutputCollision.check(
      outputs: AggregateFolder.all.map(path) + [StageManifest.path(for: o.outputDirectory)],
      inputs: [o.input] + o.rejectsInputs)
    try makeFolder(o.outputDirectory)
    // The inputs' fingerprints (a CRC-32 and digest of each whole file) are needed only
    // when the tables are written: read on their own thread meanwhile (docs/aggregate.md,
    // "Threads").
    let fingerprints = InputFingerprints(
      paths: [o.input] + o.rejectsInputs, known: o.knownInputPrints)
    defer { fingerprints.join() }

    let read = try readInput(o, progress: progress)
    let (asOf, data) = finishDays(read.aggregator, asOf: o.asOf)
    // The habits: the pipeline's, and those the inputs define (Loop exports).
    var settings = o.settings
    settings.habits = HabitDefinition.resolved(
      pipeline: o.settings.habits, found: read.header.facts.ingest?.habitsFound ?? [])
    let result = AggregateComputation.compute(data: data, asOf: asOf, settings: settings)
    progress.end()

    let inputs = try fingerprints.get()
    try writeTables(
      result, to: o.outputDirectory, inputs: inputs,
      facts: headerFacts(result, read: read, timeZone: o.timeZone))

    var manifest = manifestBody(o, asOf: asOf, result: result, rowsRead: read.rows)
    manifest.inputs = inputs
    manifest.outputs = AggregateFolder.all.compactMap { FileFingerprint.stat(path($0)) }
    manifest.wallSeconds = SystemCalls.monotonicSeconds() - started
    manifest.peakRSSBytes = SystemCalls.peakRSSBytes()
    guard manifest.balanced else {
      let broken = manifest.reconciliation.filter { !$0.holds }.map(\.key)
      throw HealthError.internalError(
        "aggregate counts do not reconcile for " + broken.joined(separator: ", "))
    }
    try manifest.write(to: StageManifest.path(for: o.outputDirectory))
    return AggregateOutcome(
      manifest: manifest, asOf: asOf, samplesRead: read.rows, dailyRows: result.daily.count)
  }

  /// The cleaned samples read into the aggregator, the input's header, and the rejects
  /// counted by stage and reason.
  private struct InputRead {
    var aggregator: DailyAggregator
    var header: TableHeader
    var rows: Int64
    var rejects: [String: Int64]
  }

  /// Streams the cleaned table into a `DailyAggregator` (with clean's night windows and
  /// the inputs' export dates) and counts the rejects tables.
  private static func readInput(_ o: AggregateOptions, progress: ProgressMeter) throws
    -> InputRead
  {
    let estimate = ProgressEstimate(path: o.input)
    progress.begin(stage: name, totalBytes: estimate.fileSize)
    // `latest` reads everything (clean has already rejected dates after the export) and
    // takes the last day with data as the as-of date.
    let aggregator = DailyAggregator(asOf: o.asOf.readThrough)
    var rowsRead: Int64 = 0
    let inputHeader = try TableFile.streamSamples(from: o.input) { block in
      aggregator.add(block)
      rowsRead += Int64(block.rowCount)
      progress.update(bytes: estimate.bytes(afterRows: rowsRead), records: rowsRead)
    }
    aggregator.carriedNightWindows = try carriedNightWindows(inputHeader, path: o.input)
    var rejects: [String: Int64] = [:]
    for path in o.rejectsInputs {
      guard FileFingerprint.stat(path) != nil else {
        throw HealthError.missingInput(path, reason: "no such file")
      }
      try RejectCounts.add(path, to: &rejects)
    }
    aggregator.exportDates = exportDates(inputHeader.inputs)
    return InputRead(aggregator: aggregator, header: inputHeader, rows: rowsRead, rejects: rejects)
  }

  /// The daily data and the as-of date: the day given, or for `latest` the last day with
  /// data (its fallback without any).
  private static func finishDays(_ aggregator: DailyAggregator, asOf choice: AsOf)
    -> (LocalDay, DailyData)
  {
    let data = aggregator.finish()
    let asOf = choice.resolved(lastDayWithData: data.lastDayWithData)
    // `latest`: the last day with data is not a partial night's sleep day; such a night
    // after it is after the as-of date, as for any date given.
    if choice.isLatest, data.values.last.map({ $0.day > asOf }) == true {
      return (asOf, aggregator.finish(sleepAsOf: asOf))
    }
    return (asOf, data)
  }

  /// The tables' header facts: the input's ingest and clean sections carried on (clean's
  /// night windows aside: they are for this stage only), and the aggregate section — the
  /// computed facts, the zone, the rejects, the data-quality facts and the tracked habits.
  private static func headerFacts(_ result: AggregateResult, read: InputRead, timeZone: String?)
    -> StageFacts
  {
    let upstream = read.header.facts
    var own = result.facts
    own.inputs = read.header.inputs
    own.timeZone = timeZone
    own.rejects = read.rejects
    own.quality = DataQualityFacts(
      ingest: upstream.ingest, clean: upstream.clean, rejects: read.rejects,
      inputs: own.exportInputs)
    own.habits = result.habitDefinitions
    // A window arriving after 9999-12-31 (an as-of near the end of the calendar) is not a
    // `yyyy-MM-dd` day: left out ("not known"), so the header always reads back.
    own.arrivals = own.arrivals.mapValues {
      $0.filter { LocalDay(iso: $0.value.description) != nil }
    }
    .filter { !$0.value.isEmpty }
    var facts = upstream
    facts.clean?.nightWindows = []
    facts.aggregate = own
    return facts
  }

  /// Writes the six tables, each listing the samples table and the rejects tables as its
  /// inputs, then the CSV files.
  private static func writeTables(
    _ result: AggregateResult, to folder: String, inputs: [FileFingerprint],
    facts: StageFacts
  ) throws {
    let descriptors = inputs.enumerated().map { i, fp in
      InputDescriptor(
        index: i, path: fp.path, format: i == 0 ? "samples" : "rejects", size: fp.size,
        crc32: fp.crc32 ?? "")
    }
    @Sendable func write<R: TableRecord>(_ rows: [R], _ file: String) throws {
      try TableFile.write(
        rows, to: AggregateFolder.path(file, in: folder), stage: name, inputs: descriptors,
        facts: facts)
    }
    // The six tables on one core, the CSV files on the other: each file's bytes depend on
    // `result` only, never on which finishes first (docs/aggregate.md, "Threads").
    try TwoParts.run(
      {
        try write(result.daily, AggregateFolder.daily)
        try write(result.baselines, AggregateFolder.baselines)
        try write(result.scores, AggregateFolder.scores)
        try write(result.streaks, AggregateFolder.streaks)
        try write(result.weekly, AggregateFolder.weekly)
        try write(result.habits, AggregateFolder.habits)
      },
      {
        try AggregateCSVFiles.write(
          daily: result.daily, days: result.analysisRange, weekly: result.weekly,
          habits: result.habits, stage: name, to: folder)
      })
  }

  /// The export date of each input by its index (`Origin.file`), for partial nights.
  static func exportDates(_ inputs: [InputDescriptor]) -> [Int64?] {
    var dates = [Int64?](repeating: nil, count: (inputs.map(\.index).max() ?? -1) + 1)
    for input in inputs where input.index >= 0 { dates[input.index] = input.exportDate }
    return dates
  }

  private static func manifestBody(
    _ o: AggregateOptions, asOf: LocalDay, result: AggregateResult, rowsRead: Int64
  ) -> StageManifest {
    var lines: [Reconciliation] = []
    var total = MetricCounts()
    for metric in result.counts.keys.sorted() {
      let c = result.counts[metric]!
      total.read += c.read
      total.used += c.used
      total.afterAsOf += c.afterAsOf
      total.ignored += c.ignored
      lines.append(
        Reconciliation(
          scope: "metric", key: metric.rawValue,
          counts: ["read": c.read, "used": c.used, "afterAsOf": c.afterAsOf, "ignored": c.ignored],
          left: "read", right: ["used", "afterAsOf", "ignored"]))
    }
    lines.append(
      Reconciliation(
        scope: "total", key: "samples",
        counts: [
          "read": rowsRead, "used": total.used, "afterAsOf": total.afterAsOf,
          "ignored": total.ignored,
        ], left: "read", right: ["used", "afterAsOf", "ignored"]))
    return StageManifest(
      stage: name,
      settings: [
        "asOf": asOf.description, "asOfRule": o.asOf.isLatest ? "latest" : "date",
        "settings": o.settings.fingerprintText,
        "pinned": result.facts.pinned.joined(separator: ","),
      ],
      totals: [
        "samples": rowsRead, "dailyRows": Int64(result.daily.count),
        "baselineRows": Int64(result.baselines.count), "scoreRows": Int64(result.scores.count),
        "streakRows": Int64(result.streaks.count), "weeklyRows": Int64(result.weekly.count),
        "habitRows": Int64(result.habits.count),
      ], reconciliation: lines, notes: result.notes)
  }

  /// The night windows clean carried for the aggregate (docs/aggregate.md, "Sleep day");
  /// none without a clean section; a window that ends before it starts is a damaged table
  /// (exit 65).
  private static func carriedNightWindows(_ header: TableHeader, path: String) throws
    -> [NightWindow]
  {
    let windows = header.facts.clean?.nightWindows ?? []
    if let bad = windows.first(where: { $0.start > $0.end }) {
      throw HealthError.malformed(
        "the header's clean night window of \(bad.day) ends before it starts",
        at: SourceLocation(file: path),
        hint: "run clean again to rewrite the cleaned table")
    }
    return windows
  }

  private static func makeFolder(_ path: String) throws {
    if SystemCalls.isDirectory(path) { return }
    if FileFingerprint.stat(path) != nil {
      throw HealthError(
        .cannotCreate, "output folder is a file", at: SourceLocation(file: path),
        hint: "--out names a folder for the aggregate tables; choose another path")
    }
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw HealthError(
        .cannotCreate, "cannot create the output folder", at: SourceLocation(file: path),
        hint: "check that the parent folder exists and is writable")
    }
  }
}
