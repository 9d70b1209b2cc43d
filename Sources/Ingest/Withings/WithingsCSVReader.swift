import HealthModel
import HealthSystem

/// Reads the CSVs of Withings' "Download my data" export (docs/ingest-withings.md), each
/// told by its header, never by its name:
///
/// - `sleep.csv`: per night `[from, to)` (ISO times with offsets) with light, deep, REM and
///   awake seconds → per-night summary rows and an in-bed row; the night's heart rate →
///   a whole-day row of the sleep day (0 means not measured). Sessions of the file that
///   overlap (Withings writes some nights twice) are resolved first: the one with the most
///   asleep time is read, the others are rejects (`duplicate`) naming it.
/// - `weight.csv`, `bp.csv`, `height.csv`: measurements at a local time without an offset
///   (the assumed zone, noted), units from the header (`Weight (lb)`); body fat is the fat
///   mass over the weight of the same row.
/// - `aggregates_<quantity>.csv` (`date,value`): whole-day summary rows; the quantity is
///   only in the file name (Withings writes nothing else), so a renamed file is refused.
/// - `raw_<device>_<quantity>.csv` (`start,duration,value` with JSON-array cells): one
///   sample per array element, consecutive from `start`.
///
/// Rows are newest first in most files; order does not matter. Source `Withings` (the raw
/// files: `Withings <device>`); origins are 1-based line numbers.
public struct WithingsCSVReader: SeekableSourceReader, Sendable {
  /// Withings' export CSVs.
  public static let format = InputFormat.withingsCSV
  /// The source name of the summary files.
  public static let sourceName = "Withings"
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
      let header = try csv.header(hint: "export the file again (\(WithingsLayouts.hint))")
      let plain = header.map(VendorHeaderText.normalised)
      if plain == WithingsLayouts.dailyHeader {
        return try WithingsDailyFile(csv: csv, sink: sink, path: source.path)
          .read(zone: &zone, progress: progress)
      }
      if plain == WithingsLayouts.rawHeader {
        return try WithingsRawFile(csv: csv, sink: sink, path: source.path)
          .read(progress: progress)
      }
      let (layout, kind) = try Self.layout(of: header, path: source.path)
      let overlaps: [Int64: WithingsSleepOverlaps.Loser] =
        kind == .sleep ? try WithingsSleepOverlaps.find(csv: csv, header: header) : [:]
      source.seek(to: 0)
      let reread = CSVRecordReader(source: source, bufferSize: bufferSize)
      let rows = try VendorRows(
        csv: reread, sink: sink, layouts: [WithingsLayouts.all[layout]], source: Self.sourceName)
      let row = WithingsRow(rows: rows, kind: kind, overlaps: overlaps)
      try rows.forEachRow(progress: progress) { try row.read(zone: &zone) }
      rows.finish(emptyRowsMeaning: "rows with every column read empty")
    }
  }

  /// The layout of `WithingsLayouts.all` a header fits, and its kind; exit 65 when none.
  private static func layout(of header: [String], path: String) throws
    -> (Int, WithingsLayouts.Kind)
  {
    guard let layout = VendorLayout.best(of: WithingsLayouts.all, for: header),
      let kind = WithingsLayouts.Kind(rawValue: layout)
    else {
      throw HealthError.malformed(
        "the header is not that of a Withings export file healthpipe reads",
        at: SourceLocation(file: path, line: 1),
        hint: "export the file again (\(WithingsLayouts.hint))")
    }
    return (layout, kind)
  }

  /// Whether the first bytes look like one of Withings' export CSVs: one of the layouts,
  /// or the `date,value` and `start,duration,value` headers of the daily and raw files
  /// with a data line of their shape.
  public static func matches(prefix: [UInt8]) -> Bool {
    guard let cells = VendorSniffing.header(prefix) else { return false }
    let plain = cells.map(VendorHeaderText.normalised)
    if plain == WithingsLayouts.dailyHeader || plain == WithingsLayouts.rawHeader {
      return WithingsSniffing.dataLineFits(prefix, raw: plain == WithingsLayouts.rawHeader)
    }
    return VendorLayout.best(of: WithingsLayouts.all, for: cells) != nil
  }
}

/// The shape of the first data line of Withings' daily and raw files.
enum WithingsSniffing {
  /// `2026-07-18,25` for a daily file; `2022-01-06T12:50:26+01:00,[60],[44.1]` for a raw one.
  static func dataLineFits(_ prefix: [UInt8], raw: Bool) -> Bool {
    let body = TextSniffing.droppingByteOrderMark(prefix)
    guard let line = TextSniffing.secondLine(body) else { return true }  // header only
    let text = String(decoding: line, as: UTF8.self)
    guard let comma = text.firstIndex(of: ",") else { return false }
    guard let ts = TimestampParser.parse(text[..<comma]) else { return false }
    if raw { return ts.hasTime && text.contains("[") }
    return DecimalParser.parseTrimmingSpaces(text[text.index(after: comma)...]) != nil
  }
}
