import HealthModel
import HealthSystem

/// Reads one JSON file of a Garmin Connect data export (the GDPR zip's `DI_CONNECT/…`):
/// daily summaries, sleep, weigh-ins, nightly HRV (`GarminJSONKind`; docs/ingest-garmin.md,
/// "The Garmin Connect export"). The kind is told by the member names of the first
/// element; the root is an array of objects, one record each (origins are 1-based
/// positions in it).
public struct GarminConnectJSONReader: SeekableSourceReader, Sendable {
  /// `garmin-json`.
  public static let format = InputFormat.garminJSON
  /// Read buffer size in bytes (tests use tiny ones).
  public var bufferSize = 256 << 10

  /// A reader with the default buffer.
  public init() {}

  public func read(
    source: SeekableByteSource, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter = .silent
  ) throws {
    try read(
      source: source, into: sink, options: options, progress: progress, recordBase: 0,
      entryName: nil, stepsCovered: [])
  }

  /// Reads `source`, numbering records from `recordBase` (archive entries follow each
  /// other) and leaving out the daily steps of `stepsCovered` days; returns the records
  /// (elements) read.
  @discardableResult
  func read(
    source: SeekableByteSource, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter, recordBase: Int64, entryName: String?,
    stepsCovered: Set<LocalDay>
  ) throws -> Int64 {
    let prefix = try JSONRootArray.prefix(of: source)
    guard let kind = GarminJSONKind.detect(prefix: prefix) else {
      throw HealthError.malformed(
        "this JSON file is not one of the Garmin Connect export's daily summary, sleep, "
          + "weight or health status files", at: SourceLocation(file: source.path, line: 1),
        hint: "point healthpipe at the export zip, or at its DI_CONNECT JSON files")
    }
    let t = JSONTokenizer(source: source, bufferSize: bufferSize)
    let ctx = try GarminJSONContext(sink: sink, tokenizer: t, kind: kind, options: options)
    ctx.recordBase = recordBase
    ctx.entryName = entryName
    ctx.stepsCovered = stepsCovered
    progress.begin(stage: "ingest \(source.path)", totalBytes: source.size)
    defer { progress.end() }
    let flat = ctx.flat
    var count: Int64 = 0
    try JSONRootArray.forEachObject(
      t, hint: "export the data again from Garmin Connect",
      { index in
        count += 1
        try Self.readElement(index, kind: kind, ctx: ctx, flat: flat)
        if count & 0xFF == 0 { progress.update(bytes: t.bytesConsumed, records: count) }
      },
      notObject: { index, token in
        try ctx.reject(
          field: "element", .wrongType, "the element is \(token.noun), not an object",
          metric: MetricID(kind.rawValue), index: index)
      })
    ctx.finishFile()
    sink.extra["garmin.\(kind.rawValue).elements", default: 0] += count
    return count
  }

  private static func readElement(
    _ index: Int, kind: GarminJSONKind, ctx: GarminJSONContext, flat: JSONFlatObject
  ) throws {
    switch kind {
    case .dailySummary:
      try GarminDailySummary.read(ctx).emit(ctx, index: index)
    case .sleep:
      try flat.read(from: ctx.tokenizer)
      try GarminSleepNight.emit(flat, ctx, index: index)
    case .bioMetrics:
      try flat.read(from: ctx.tokenizer)
      try GarminBodyRecords.weighIn(flat, ctx, index: index)
    case .healthStatus:
      try GarminBodyRecords.healthStatus(ctx, index: index)
    case .summarizedActivities:
      // `[{"summarizedActivitiesExport": [ ... ]}]`: the activities are counted, not read.
      let n = try ctx.tokenizer.skipRestOfContainerCountingArrays()
      ctx.sink.extra["notRead.summarizedActivities.activities", default: 0] += n
    }
  }

  /// Whether the first bytes are one of the Garmin Connect JSON files read here.
  public static func matches(prefix: [UInt8]) -> Bool {
    GarminJSONKind.detect(prefix: prefix) != nil
  }
}

extension JSONTokenizer {
  /// Skips the rest of the object just opened; returns the elements of its array members.
  func skipRestOfContainerCountingArrays() throws -> Int64 {
    var n: Int64 = 0
    while true {
      let token = try next()
      if token == .endObject { return n }
      let value = try next()
      if value == .beginArray {
        n += Int64(try skipRestOfContainer())
      } else if value == .beginObject {
        _ = try skipRestOfContainer()
      }
    }
  }
}
