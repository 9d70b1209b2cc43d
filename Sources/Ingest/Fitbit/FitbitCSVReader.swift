import HealthModel
import HealthSystem

/// Reads one Fitbit CSV file (`FitbitCSVLayout`; docs/ingest-fitbit.md, "CSV files"): the
/// nightly HRV and SpO2 summaries and the `_GoogleData` layout of newer Takeouts (steps,
/// heart rate, resting heart rate, HRV, weight, sleep stages). Columns are found by header
/// name; each row is one record (origins are 1-based lines).
///
/// - Dates of daily values come from the `timestamp` column's date, never from the file
///   name (Fitbit's HRV summary files are named one day early: `…2021-01-.csv` holds
///   2021-01-01, `…-(1).csv` 2021-01-02).
/// - Fitbit writes these files without a line break after the last row; that row is kept
///   when it has every field (a cut inside its last value cannot be told, a decision
///   documented in docs/ingest-fitbit.md).
/// - A header of a known layout without a required column fails the read naming it.
public struct FitbitCSVReader: SeekableSourceReader, Sendable {
  /// `fitbit-csv`.
  public static let format = InputFormat.fitbitCSV
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

  /// Reads `source` numbering lines from `recordBase`; returns the lines read.
  @discardableResult
  func read(
    source: SeekableByteSource, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter, recordBase: Int64, entryName: String?
  ) throws -> Int64 {
    try CSVInput.read(source, bufferSize: bufferSize, progress: progress) { csv in
      try Self.read(
        csv, path: source.path, into: sink, options: options, progress: progress,
        recordBase: recordBase, fileName: entryName ?? source.path)
    }
  }

  /// Reads the header (exit 65 naming the missing column of a known layout), then the rows;
  /// returns the lines read.
  private static func read(
    _ csv: CSVRecordReader, path: String, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter, recordBase: Int64, fileName: String
  ) throws -> Int64 {
    let hint = "export the data again from Fitbit (Google Takeout); the header names the columns"
    let header = try csv.header(hint: hint)
    guard let (layout, missing) = FitbitCSVLayout.match(header) else {
      throw HealthError.malformed(
        "the header is not one of the Fitbit CSV layouts healthpipe reads",
        at: SourceLocation(file: path, line: 1), hint: hint)
    }
    guard missing.isEmpty else {
      throw HealthError.malformed(
        "this Fitbit \(layout.kind.rawValue) file has no column "
          + missing.map { "'\($0)'" }.joined(separator: ", ")
          + " (its header: \(header.joined(separator: ",")))",
        at: SourceLocation(file: path, line: 1),
        hint: "Fitbit changed the file's layout; tell healthpipe's maintainers, or convert it "
          + "to the long CSV")
    }
    var rows = try FitbitCSVRows(
      csv: csv, sink: sink, layout: layout, header: header, options: options,
      fileName: fileName)
    rows.recordBase = recordBase
    try csv.forEachRecord(progress: progress) { try rows.read() }
    rows.finish()
    return Int64(max(1, csv.recordLine))
  }

  /// Whether the first bytes are a Fitbit CSV header (a known layout, or one that lost a
  /// column: the read then names it).
  public static func matches(prefix: [UInt8]) -> Bool {
    let body = TextSniffing.droppingByteOrderMark(prefix)
    let (line, complete) = TextSniffing.firstLine(body)
    guard complete else { return false }
    return FitbitCSVLayout.match(TextSniffing.headerCells(line)) != nil
  }
}
