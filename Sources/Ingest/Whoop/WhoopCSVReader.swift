import HealthSystem

/// Reads the CSVs of WHOOP's data export (docs/ingest-whoop.md): `physiological_cycles.csv`,
/// `sleeps.csv`, `workouts.csv` and `journal_entries.csv`, each told by its header
/// (`WhoopLayouts`), never by its name.
///
/// - Times are local wall-clock times without an offset; the offset is the row's
///   `Cycle timezone` (`UTC-07:00`), which changes with travel, so every row is placed with
///   its own. A row without one is read in the assumed local zone (noted).
/// - Rows are newest first; order does not matter. The first cycle is open (no end): its
///   night and recovery are read, its day totals (strain, energy, heart rate) are not final
///   and are rejected with that reason. Placeholder cycles with only times are counted as
///   empty rows.
/// - A sleep becomes per-night summary rows over `[Sleep onset, Wake onset)` (light, deep,
///   REM, awake minutes) and an in-bed row; naps are sleeps like the others (the night rule
///   tells them apart, docs/clean.md). `physiological_cycles.csv` repeats each cycle's main
///   sleep from `sleeps.csv` with the same numbers: both give the same rows, and clean keeps
///   one (exact duplicates), so either file or both can be given.
/// - The night's values (recovery, resting heart rate, HRV as RMSSD, skin temperature,
///   SpO2, respiratory rate, sleep performance) are whole-day rows of the sleep day (wake +
///   6 h, docs/aggregate.md); the cycle's values (day strain, energy, average and maximum
///   heart rate) and journal answers are whole-day rows of the cycle's day (start + 6 h).
/// - Source `WHOOP` (kind `watch`); origins are 1-based line numbers.
public struct WhoopCSVReader: SeekableSourceReader, Sendable {
  /// WHOOP's export CSVs.
  public static let format = InputFormat.whoopCSV
  /// The source name of every sample.
  public static let sourceName = "WHOOP"
  /// Read buffer size in bytes (tests use tiny ones).
  public var bufferSize = 256 << 10

  /// A reader with the default buffer.
  public init() {}

  /// Reads from any byte source.
  public func read(
    source: SeekableByteSource, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter = .silent
  ) throws {
    var zone = try LocalTimeZone(options: options)
    try CSVInput.read(source, bufferSize: bufferSize, progress: progress) { csv in
      let rows = try VendorRows(
        csv: csv, sink: sink, layouts: WhoopLayouts.all, source: Self.sourceName)
      let kind = WhoopLayouts.Kind(rawValue: rows.layoutIndex)!
      let row = WhoopRow(rows: rows, kind: kind)
      try rows.forEachRow(progress: progress) { try row.read(zone: &zone) }
      rows.finish(emptyRowsMeaning: "cycles or entries with only their times")
    }
  }

  /// Whether the first bytes look like one of WHOOP's export CSVs.
  public static func matches(prefix: [UInt8]) -> Bool {
    VendorSniffing.header(prefix).map { VendorLayout.best(of: WhoopLayouts.all, for: $0) != nil }
      ?? false
  }
}
