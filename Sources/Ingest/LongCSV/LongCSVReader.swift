import HealthModel
import HealthSystem

/// Reads healthpipe's long CSV: `date,metric,value,unit,source[,end]`, one value per row, for
/// data brought in from other vendors (Oura, Garmin, Fitbit, Withings) after a small
/// conversion.
///
/// - Columns are found by header name in any order; `date`, `metric` and `value` are
///   required, `unit`, `source`, `end` and `category` (a sleep stage or workout type) are
///   optional; other columns are ignored (a manifest note names them). RFC 4180 quoting,
///   CRLF or LF (see `CSVRecordReader`).
/// - `metric` is a catalog id (`hrvRMSSD`, `steps`, ...); other names are kept as written.
///   HRV keeps its kind: `hrvRMSSD` stays RMSSD (`hrvKind = .rmssd`), never SDNN.
/// - `date` is ISO 8601 with an offset (`2024-01-01T07:30:00-08:00`), or a plain date for a
///   daily value (interval: the whole local day, `[midnight, midnight + 86,400 s)`); a date
///   or time without an offset is read in `options.timeZone` or the machine's zone (recorded
///   in the manifest). `end`, when given, is the end of the interval (a plain date: the end
///   of that day); otherwise a timed value is instantaneous.
/// - Each row is one record of type `metric`; a row with the wrong number of fields is one
///   `row` record. Bad numbers or dates, or an empty metric or value, are rejects with the
///   line; a quote that never closes ends the read with exit 65 and the line where the field
///   started. Origins are 1-based line numbers (of the row's first line).
public struct LongCSVReader: SeekableSourceReader, Sendable {
  /// The long CSV.
  public static let format = InputFormat.longCSV
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
      var rows = try Self.rows(csv, sink: sink, path: source.path)
      try csv.forEachRecord(progress: progress) { try rows.read(zone: &zone) }
    }
  }

  /// Reads the header and finds the columns by name; exit 65 without `date`, `metric` and
  /// `value`, or with a column named twice.
  private static func rows(_ csv: CSVRecordReader, sink: IngestSink, path: String) throws
    -> LongCSVRows
  {
    let hint = "a long CSV starts with the header date,metric,value,unit,source"
    let header = try csv.header(hint: hint)
    guard let columns = LongCSVColumns(header: header) else {
      throw HealthError.malformed(
        "the header has no date, metric and value columns",
        at: SourceLocation(file: path, line: csv.recordLine), hint: hint)
    }
    let names = header.map { $0.trimmingASCIIBlanks().lowercased() }
    try RepeatedColumn.check(names, shown: header, path: path) {
      LongCSVColumns.known.contains($0)
    }
    if !columns.ignored.isEmpty {
      sink.notes.append("columns not read: \(columns.ignored.joined(separator: ", "))")
    }
    return LongCSVRows(csv: csv, sink: sink, columns: columns, fieldCount: header.count)
  }

  /// Whether the first bytes look like a long CSV: a header with `date`, `metric` and `value`.
  public static func matches(prefix: [UInt8]) -> Bool {
    let body = TextSniffing.droppingByteOrderMark(prefix)
    let (line, complete) = TextSniffing.firstLine(body)
    var cells = TextSniffing.headerCells(line)
    if !complete, cells.count > 1 { cells.removeLast() }
    return LongCSVColumns(header: cells) != nil
  }
}
