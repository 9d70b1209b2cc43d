import HealthSystem

/// The opening every CSV reader shares (the long CSV, Health Auto Export's two CSVs, the
/// habit journal, Fitbit's CSVs, Oura, WHOOP, Withings): a `CSVRecordReader` over the
/// source while the progress meter shows the file, begun before the header is read and
/// ended whatever happens.
enum CSVInput {
  /// Runs `body` with a record reader over `source` (positioned before the header) while
  /// `progress` shows `ingest <path>` over the source's bytes.
  static func read<Result>(
    _ source: SeekableByteSource, bufferSize: Int, progress: ProgressMeter,
    _ body: (CSVRecordReader) throws -> Result
  ) throws -> Result {
    let csv = CSVRecordReader(source: source, bufferSize: bufferSize)
    progress.begin(stage: "ingest \(source.path)", totalBytes: source.size)
    defer { progress.end() }
    return try body(csv)
  }
}

extension CSVRecordReader {
  /// Runs `body` on each record after the header, in order, and reports the bytes consumed
  /// to `progress` every `every` records (a power of two; 1,024 unless a reader's rows are
  /// few and slow).
  func forEachRecord(
    progress: ProgressMeter, every: Int64 = 1 << 10, _ body: () throws -> Void
  ) throws {
    var records: Int64 = 0
    while try next() {
      try body()
      records += 1
      if records & (every - 1) == 0 { progress.update(bytes: bytesConsumed, records: records) }
    }
  }
}
