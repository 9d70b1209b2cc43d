import HealthSystem

/// Reads Oura's trends CSV: one row per date with the night's sleep, the day's scores,
/// activity and the night's physiology (docs/ingest-oura.md).
///
/// - Columns are found by header name in any order (`OuraTrendsLayout`); rows in any order
///   (Oura writes the days without a sleep last). CRLF or LF, RFC 4180 quoting.
/// - `date` is the wake date of the night. The night's stages (`Light`, `Deep`, `REM Sleep
///   Duration`, `Awake Time`, seconds) become per-night summary rows over
///   `[Bedtime Start, Bedtime End)`, `Total Bedtime ` an in-bed row over the same span (its
///   seconds are that span); a row with durations but no bedtimes gets the noon-to-noon
///   window ending on its date. A stage of 0 s is no time in that stage (`zeroSleepStages`).
/// - The day's values (scores, steps, active energy, HRV, resting heart rate, respiratory
///   rate, temperature deviation) are whole-day summary rows of `date`
///   (`VendorDay.interval`), in the offset of `Bedtime End`, or of the assumed local zone
///   for a day without a night. `Average HRV` is RMSSD (`hrvRMSSD`), never SDNN.
/// - Empty cells and `None` are no value. Every other cell of a read column is a sample or a
///   reject; the columns not read are listed in the manifest with their counts and why.
/// - Source `Oura` (kind `watch`: a wearable); origins are 1-based line numbers.
public struct OuraTrendsReader: SeekableSourceReader, Sendable {
  /// Oura's trends CSV.
  public static let format = InputFormat.ouraTrendsCSV
  /// The source name of every sample.
  public static let sourceName = "Oura"
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
        csv: csv, sink: sink, layout: OuraTrendsLayout.layout, source: Self.sourceName)
      let row = OuraTrendsRow(rows: rows)
      try rows.forEachRow(progress: progress) { try row.read(zone: &zone) }
      rows.finish(emptyRowsMeaning: "a date with every column read empty")
    }
  }

  /// Whether the first bytes look like an Oura trends CSV: a header naming at least four
  /// of its columns (`date`, `Sleep Score`, `Readiness Score`, `Average HRV`, …).
  public static func matches(prefix: [UInt8]) -> Bool {
    VendorSniffing.header(prefix).map {
      VendorLayout.best(of: [OuraTrendsLayout.layout], for: $0) != nil
    } ?? false
  }
}
