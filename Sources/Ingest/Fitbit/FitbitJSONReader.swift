import HealthModel
import HealthSystem

/// Reads one Fitbit JSON file of a Google Takeout (`Fitbit/Global Export Data/*.json`):
/// heart rate, steps, resting heart rate, sleep logs, weigh-ins (`FitbitJSONKind`;
/// docs/ingest-fitbit.md). The kind comes from the content; only a `{dateTime, value}`
/// minute series needs its file name to say which metric it is (`steps-…`). Records are
/// the 1-based positions of the root array's elements.
public struct FitbitJSONReader: SeekableSourceReader, Sendable {
  /// `fitbit-json`.
  public static let format = InputFormat.fitbitJSON
  /// Read buffer size in bytes.
  public var bufferSize = 256 << 10

  /// A reader with the default buffer.
  public init() {}

  public func read(
    source: SeekableByteSource, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter = .silent
  ) throws {
    try read(
      source: source, into: sink, options: options, progress: progress, recordBase: 0,
      entryName: nil)
  }

  /// Reads `source` numbering records from `recordBase`; returns the records read.
  @discardableResult
  func read(
    source: SeekableByteSource, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter, recordBase: Int64, entryName: String?
  ) throws -> Int64 {
    let prefix = try JSONRootArray.prefix(of: source)
    guard let kind = FitbitJSONKind.detect(prefix: prefix) else {
      throw HealthError.malformed(
        "this JSON file is not a Fitbit heart rate, steps, resting heart rate, sleep or "
          + "weight file", at: SourceLocation(file: source.path, line: 1),
        hint: "point healthpipe at the Takeout zip or at Fitbit/Global Export Data/*.json")
    }
    let t = JSONTokenizer(source: source, bufferSize: bufferSize)
    let ctx = try FitbitJSONContext(
      sink: sink, tokenizer: t, kind: kind, options: options, fileName: entryName ?? source.path)
    ctx.recordBase = recordBase
    ctx.entryName = entryName
    progress.begin(stage: "ingest \(source.path)", totalBytes: source.size)
    defer { progress.end() }
    return try Self.readElements(ctx, progress: progress)
  }

  private static func readElements(_ ctx: FitbitJSONContext, progress: ProgressMeter) throws
    -> Int64
  {
    let t = ctx.tokenizer
    let flat = JSONFlatObject()
    let series = FitbitIntraday.seriesName(ctx.fileName)
    let counter = ctx.sink.counter(
      for: ctx.kind == .series ? series : ctx.kind.rawValue)
    var weighIns: [FitbitWeighIn] = []
    var count: Int64 = 0
    try JSONRootArray.forEachObject(
      t, hint: "export the data again from Fitbit (Google Takeout)",
      { index in
        count += 1
        if count & 0x3FF == 0 { progress.update(bytes: t.bytesConsumed, records: count) }
        switch ctx.kind {
        case .sleep: try FitbitSleepLog.read(t, ctx: ctx).emit(ctx, index: index)
        case .heartRate: try FitbitIntraday.heartRate(t, ctx, index: index, counter: counter)
        case .restingHeartRate:
          try flat.read(from: t)
          try FitbitDailyRecords.restingHeartRate(flat, ctx, index: index, counter: counter)
        case .weight:
          try flat.read(from: t)
          weighIns.append(FitbitWeighIn(flat, index: index))
        case .series:
          try flat.read(from: t)
          if series == "steps" {
            try FitbitIntraday.steps(flat, ctx, index: index, counter: counter)
          } else {
            ctx.sink.extra["notRead.fitbit.\(series)", default: 0] += 1
          }
        }
      },
      notObject: { index, token in
        try ctx.reject(
          type: ctx.kind.rawValue, .wrongType, "the element is \(token.noun), not an object",
          metric: MetricID(ctx.kind.rawValue), index: index)
      })
    if ctx.kind == .weight { try FitbitDailyRecords.weights(weighIns, ctx) }
    ctx.finishFile()
    if ctx.kind == .series && series != "steps" {
      ctx.sink.notes.append(
        "\(ctx.fileName): a Fitbit '\(series)' series is not read (\(count) values); "
          + "only steps are")
    }
    return count
  }

  /// Whether the first bytes are one of the Fitbit JSON files read here.
  public static func matches(prefix: [UInt8]) -> Bool {
    FitbitJSONKind.detect(prefix: prefix) != nil
  }
}
