import HealthModel
import HealthSystem

/// Convenience entry points for typed table files.
public enum TableFile {
  /// Reads a whole table of `Record`s into memory (with `limits` as `stream` applies them).
  public static func read<Record: TableRecord>(
    _ type: Record.Type, from path: String, limits: TableValueLimits? = nil
  ) throws -> (header: TableHeader, rows: [Record]) {
    var rows: [Record] = []
    let header = try stream(type, from: path, limits: limits) { block in
      rows.append(contentsOf: block)
    }
    return (header, rows)
  }

  /// Streams a table block by block (each call gets one block's records), checking the
  /// kind, the schema and every CRC. Returns the header.
  ///
  /// A background thread reads, checks and decodes the next blocks into records while
  /// `body` works on the current one (at most two blocks ahead), so decoding uses the
  /// second core. `body` runs on the calling thread, blocks in file order. With `limits`, a
  /// number outside them is exit 65 naming its row and column.
  @discardableResult
  public static func stream<Record: TableRecord>(
    _ type: Record.Type, from path: String, limits: TableValueLimits? = nil,
    _ body: ([Record]) throws -> Void
  ) throws -> TableHeader {
    try readAhead(path, kind: Record.tableKind, columns: Record.columns) { block, first in
      if let limits, let bad = limits.violation(in: block) {
        throw HealthError.malformed(
          "column \(bad.column) holds \(bad.value), a number no report can show",
          at: SourceLocation(file: path, path: "row \(first + Int64(bad.row) + 1)"),
          hint: "the table is damaged, hand-made, or aggregated from samples that skipped "
            + "`healthpipe clean`; rerun clean and aggregate")
      }
      return try decode(Record.self, block, firstRow: first, path: path)
    } body: { records in
      try body(records)
    }
  }

  /// Streams a table's decoded blocks (each call gets one block, columns as stored),
  /// checking the kind, the schema and every CRC, with the next blocks read and checked on
  /// a background thread as `stream` does. Returns the header. For readers that need the
  /// columns rather than records (the SQLite export).
  @discardableResult
  public static func streamBlocks(
    from path: String, kind: TableKind, columns: [ColumnSpec],
    _ body: (DecodedBlock) throws -> Void
  ) throws -> TableHeader {
    try readAhead(path, kind: kind, columns: columns) { block, _ in
      block
    } body: { block in
      try body(block)
    }
  }

  /// Opens the table, checks its kind and columns, and hands `body` what `transform` makes
  /// of each block (with the block's first row number), computed on a background thread at
  /// most two blocks ahead, in file order.
  private static func readAhead<Item>(
    _ path: String, kind: TableKind, columns: [ColumnSpec],
    transform: @escaping @Sendable (DecodedBlock, Int64) throws -> Item,
    body: (Item) throws -> Void
  ) throws -> TableHeader {
    let reader = try TableFileReader(path: path)
    try reader.expect(kind: kind, columns: columns)
    let handoff = BoundedHandoff<Result<Item, any Error>>(capacity: 2)
    let source = UncheckedSendable(reader)
    let producer = BackgroundThread(name: "healthpipe.table-reader") {
      do {
        while let block = try source.value.nextBlock() {
          let first = source.value.rowsRead - Int64(block.rowCount)
          if !handoff.put(.success(try transform(block, first))) { return }
        }
      } catch {
        handoff.put(.failure(error))
      }
      handoff.close()
    }
    defer {
      handoff.close()
      producer.join()
    }
    while let next = handoff.take() {
      try body(try next.get())
    }
    return reader.header
  }

  /// The records of one decoded block.
  private static func decode<Record: TableRecord>(
    _ type: Record.Type, _ block: DecodedBlock, firstRow: Int64, path: String
  ) throws -> [Record] {
    var records: [Record] = []
    records.reserveCapacity(block.rowCount)
    for row in 0..<block.rowCount {
      var rowReader = RowReader(block: block, row: row)
      do {
        records.append(try Record(reading: &rowReader))
      } catch let error as InvalidTableValue {
        throw invalidValue(error, row: firstRow + Int64(row), path: path)
      }
    }
    return records
  }

  /// The error for a value no valid table holds, in row `row` (0-based) of the file.
  private static func invalidValue(_ error: InvalidTableValue, row: Int64, path: String)
    -> HealthError
  {
    HealthError.malformed(
      "column \(error.column) holds \(error.value), which no valid table contains",
      at: SourceLocation(file: path, path: "row \(row + 1)"),
      hint: "the file was damaged or written by another version; rerun the stage that wrote it")
  }

  /// Streams a samples table block by block as `SampleBlock`s (columns, not `Sample`
  /// values), with the checks and the read-ahead of `stream`, which fails on the same
  /// rows with the same errors. For readers that need a few columns of every row.
  @discardableResult
  public static func streamSamples(
    from path: String, _ body: (SampleBlock) throws -> Void
  ) throws -> TableHeader {
    try readAhead(path, kind: Sample.tableKind, columns: Sample.columns) { block, first in
      do throws(BlockValueError) {
        return try SampleBlock(block)
      } catch {
        throw invalidValue(error.value, row: first + Int64(error.row), path: path)
      }
    } body: { block in
      try body(block)
    }
  }

  /// Reads only the header of a table file.
  public static func header(of path: String) throws -> TableHeader {
    try TableFileReader(path: path).header
  }

  /// Writes records to a table file atomically.
  public static func write<Record: TableRecord>(
    _ records: some Sequence<Record>, to path: String, stage: String,
    inputs: [InputDescriptor] = [], facts: StageFacts = StageFacts()
  ) throws {
    let writer = try TableWriter<Record>(path: path, stage: stage, inputs: inputs, facts: facts)
    try writer.append(contentsOf: records)
    try writer.commit()
  }
}
