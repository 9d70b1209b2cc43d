/// Prints any table file as CSV (RFC 4180) or NDJSON, so DuckDB, pandas or a spreadsheet can
/// read every intermediate result. Days print as `yyyy-MM-dd`, timestamps as ISO 8601 UTC,
/// nulls as empty CSV fields or JSON `null`, non-finite numbers as JSON `null`. CSV text
/// cells are neutralised against spreadsheet formulas unless `raw` (`CSVFormatting`).
public enum TableExporter {
  /// Output formats.
  public enum Format: String, Sendable, CaseIterable {
    /// Comma-separated values with a header row.
    case csv
    /// One JSON object per line.
    case ndjson
  }

  /// Streams the table at `path` to `sink`. Returns the number of rows written.
  /// Every block and the footer are checked before the first byte is written, so a damaged
  /// table prints nothing instead of its first rows (standard output cannot be taken back,
  /// and a reader ignoring the exit code would get fewer rows).
  @discardableResult
  public static func export(path: String, format: Format, raw: Bool = false, to sink: ByteSink)
    throws -> Int64
  {
    let check = try TableFileReader(path: path)
    while try check.nextBlock() != nil {}
    let reader = try TableFileReader(path: path)
    let columns = reader.header.columns
    if format == .csv { try sink.write(CSVFormatting.line(columns.map(\.name))) }
    var rows: Int64 = 0
    let keys = columns.map { CSVFormatting.jsonString($0.name) + ":" }
    while let block = try reader.nextBlock() {
      var text = ""
      text.reserveCapacity(block.rowCount * columns.count * 8)
      for row in 0..<block.rowCount {
        switch format {
        case .csv:
          for (i, column) in block.columns.enumerated() {
            if i > 0 { text += "," }
            if column.isNull(row) { continue }
            text +=
              column.spec.type == .string
              ? CSVFormatting.textField(column.string(at: row), raw: raw)
              : CSVFormatting.field(plainText(column, row))
          }
          text += "\r\n"
        case .ndjson:
          text += "{"
          for (i, column) in block.columns.enumerated() {
            if i > 0 { text += "," }
            text += keys[i]
            text += column.isNull(row) ? "null" : jsonText(column, row)
          }
          text += "}\n"
        }
      }
      try sink.write(text)
      rows += Int64(block.rowCount)
    }
    return rows
  }

  /// The value as plain text.
  static func plainText(_ column: DecodedColumn, _ row: Int) -> String {
    switch column.spec.type {
    case .int64: String(column.ints[row])
    case .float64: NumberFormatting.shortest(column.doubles[row])
    case .string: column.string(at: row)
    case .bool: column.bools[row] ? "true" : "false"
    case .day: LocalDay(dayNumber: Int32(truncatingIfNeeded: column.ints[row])).description
    case .timestamp: TimestampParser.formatISO(epochSeconds: column.ints[row], utcOffset: 0)
    }
  }

  static func jsonText(_ column: DecodedColumn, _ row: Int) -> String {
    switch column.spec.type {
    case .int64: String(column.ints[row])
    case .float64:
      column.doubles[row].isFinite ? NumberFormatting.shortest(column.doubles[row]) : "null"
    case .bool: column.bools[row] ? "true" : "false"
    case .string, .day, .timestamp: CSVFormatting.jsonString(plainText(column, row))
    }
  }
}
