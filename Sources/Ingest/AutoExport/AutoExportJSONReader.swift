import HealthSystem

/// Reads Health Auto Export JSON (`{"data": {"metrics": [...], "workouts": [...]}}`) as a
/// stream: memory stays at one buffer plus one data point whatever the file size.
///
/// - Metrics: `name` is mapped through `MetricCatalog.byAutoExportName`; unknown metrics are
///   kept under their own name. Values keep the metric's `units` as written (`%` stays 0–100;
///   clean converts). `Min`/`Avg`/`Max` give one sample (value = Avg, with minimum and
///   maximum); `systolic`/`diastolic` give two (`bloodPressureSystolic`/`Diastolic`);
///   `sleep_analysis` is read in both shapes (see `AutoExportJSONParser+Sleep`).
/// - Workouts v1 and v2 give `workout` (minutes), `workoutEnergy` (active energy) and
///   `workoutDistance` samples with the activity name as category; arrays inside a workout
///   (`heartRateData`, `route`, ...) are skipped and counted in the manifest's extras.
/// - Per-type counts use the metric's `name` (`heart_rate_variability`), and `workout`,
///   `workoutEnergy`, `workoutDistance` for workouts. Each would-be sample is read once and
///   kept or rejected; a data point that cannot be read at all (no date, not an object) is
///   read once and rejected once.
/// - Origins are record numbers: the 1-based position of the data point (or workout) among
///   all data points and workouts of the file, in file order. Reject reasons carry the JSON
///   path (`data.metrics[3].data[17].qty`, 0-based indices) and `line:column`.
/// - A file that is cut short or not valid JSON ends the read with exit 65, line, column and
///   JSON path.
public struct AutoExportJSONReader: SeekableSourceReader, Sendable {
  /// Health Auto Export JSON.
  public static let format = InputFormat.autoExportJSON
  /// Read buffer size in bytes (tests use tiny ones).
  public var bufferSize = 256 << 10

  /// A reader with the default buffer.
  public init() {}

  /// Reads from any byte source (tests feed memory in chunks of any size).
  public func read(
    source: SeekableByteSource, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter = .silent
  ) throws {
    let zone = try LocalTimeZone(options: options)
    let tokenizer = JSONTokenizer(source: source, bufferSize: bufferSize)
    let parser = AutoExportJSONParser(
      tokenizer: tokenizer, sink: sink, zone: zone, progress: progress)
    progress.begin(stage: "ingest \(source.path)", totalBytes: source.size)
    defer { progress.end() }
    try parser.run()
  }

  /// Whether the first bytes of a file look like Health Auto Export JSON: an object (after an
  /// optional byte order mark and blanks) whose first kilobytes name `"data"` and `"metrics"`
  /// or `"workouts"`.
  public static func matches(prefix: [UInt8]) -> Bool {
    let body = TextSniffing.droppingByteOrderMark(prefix)
    guard let first = body.first(where: { $0 > 0x20 }), first == 0x7B else { return false }
    let text = String(decoding: body, as: UTF8.self)
    return text.contains("\"data\"")
      && (text.contains("\"metrics\"") || text.contains("\"workouts\""))
  }
}
