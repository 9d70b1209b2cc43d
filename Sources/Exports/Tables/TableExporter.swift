import HealthCore
import HealthModel
import HealthSystem

/// Prints any table file as CSV (RFC 4180) or NDJSON, so DuckDB, pandas or a spreadsheet can
/// read every intermediate result. Days print as `yyyy-MM-dd`, timestamps as ISO 8601 UTC,
/// nulls as empty CSV fields or JSON `null`, non-finite numbers as JSON `null`. CSV text
/// cells are neutralised against spreadsheet formulas unless `raw` (`CSVFormatting`).
///
/// CSV numbers follow `ExportNumberRules` (a precision that fits the metric, units people
/// know: `bpm`, `%` with the value in percent) unless `exact`, which writes every stored
/// value and unit as it is, with the shortest text that reads back as the same Double.
/// NDJSON is for programs and always exact.
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
  public static func export(
    path: String, format: Format, raw: Bool = false, exact: Bool = false, to sink: ByteSink
  ) throws -> Int64 {
    let check = try TableFileReader(path: path)
    while try check.nextBlock() != nil {}
    let reader = try TableFileReader(path: path)
    return try export(
      header: reader.header, blocks: { try reader.nextBlock() }, format: format, raw: raw,
      exact: exact, to: sink)
  }

  /// Streams `records`, the rows a stage is writing to a table file (`header`), to `sink`
  /// as `export(path:...)` would print that file once written: the same bytes, without
  /// reading the file back. Returns the number of rows written.
  @discardableResult
  public static func export<Record: TableRecord>(
    _ records: [Record], header: TableHeader, format: Format, raw: Bool = false,
    exact: Bool = false, to sink: ByteSink
  ) throws -> Int64 {
    var block: DecodedBlock? = DecodedBlock(records: records)
    return try export(
      header: header,
      blocks: {
        defer { block = nil }
        return block
      }, format: format, raw: raw,
      exact: exact, to: sink)
  }

  /// The header line (CSV) and the rows of each block `nextBlock` gives until nil.
  private static func export(
    header: TableHeader, blocks nextBlock: () throws -> DecodedBlock?, format: Format, raw: Bool,
    exact: Bool, to sink: ByteSink
  ) throws -> Int64 {
    let columns = header.columns
    if format == .csv { try sink.write(CSVFormatting.line(columns.map(\.name))) }
    var rows: Int64 = 0
    let keys = columns.map { CSVFormatting.jsonString($0.name) + ":" }
    let tidy = exact ? nil : TidyRows(header)
    while let block = try nextBlock() {
      // Bytes, not a `String`, and the columns borrowed where they lie: each `String`
      // append and each copy of a column (its arrays retained and released) cost more than
      // the cell's text (weekly.csv of five years: 231 M instructions).
      var out: [UInt8] = []
      out.reserveCapacity(block.rowCount * columns.count * 8)
      block.columns.withUnsafeBufferPointer { columns in
        for row in 0..<block.rowCount {
          switch format {
          case .csv: appendCSVRow(columns, row, tidy: tidy, raw: raw, to: &out)
          case .ndjson: appendJSONRow(columns, row, keys: keys, to: &out)
          }
        }
      }
      try sink.write(out)
      rows += Int64(block.rowCount)
    }
    return rows
  }

  private static func appendCSVRow(
    _ columns: UnsafeBufferPointer<DecodedColumn>, _ row: Int, tidy: TidyRows?, raw: Bool,
    to out: inout [UInt8]
  ) {
    let series = tidy?.series(columns, row)
    for i in 0..<columns.count {
      if i > 0 { out.append(0x2C) }
      if columns[i].isNull(row) { continue }
      if let tidy, let cell = tidy.cell(i, columns[i], row, series: series) {
        out.append(contentsOf: cell.utf8)
      } else if columns[i].spec.type == .string {
        out.append(contentsOf: CSVFormatting.textField(columns[i].string(at: row), raw: raw).utf8)
      } else {
        CSVFormatting.appendField(plainText(columns[i], row), to: &out)
      }
    }
    out.append(0x0D)
    out.append(0x0A)
  }

  private static func appendJSONRow(
    _ columns: UnsafeBufferPointer<DecodedColumn>, _ row: Int, keys: [String],
    to out: inout [UInt8]
  ) {
    out.append(0x7B)  // {
    for i in 0..<columns.count {
      if i > 0 { out.append(0x2C) }
      out.append(contentsOf: keys[i].utf8)
      out.append(contentsOf: (columns[i].isNull(row) ? "null" : jsonText(columns[i], row)).utf8)
    }
    out.append(contentsOf: "}\n".utf8)
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

/// The non-exact CSV form of a table's rows: float columns by `ExportNumberRules`, and the
/// `unit` column of daily, baselines and weekly rows in the words of their metric's
/// `SeriesFormat` (with values scaled to it).
struct TidyRows {
  let rules: [ExportNumberRule?]
  let metricColumn: Int?
  let unitColumn: Int?

  init(_ header: TableHeader) {
    rules = header.columns.map {
      $0.type == .float64 ? ExportNumberRules.rule(header.kind, column: $0.name) : nil
    }
    let userUnits = ExportNumberRules.writesUserUnits(header.kind)
    metricColumn = userUnits ? header.columnIndex("metric") : nil
    unitColumn = userUnits ? header.columnIndex("unit") : nil
  }

  /// The format of row `row`'s metric when its unit is the canonical one.
  func series(_ columns: UnsafeBufferPointer<DecodedColumn>, _ row: Int) -> SeriesFormat? {
    guard let metricColumn, let unitColumn else { return nil }
    let metric = MetricID(columns[metricColumn].string(at: row))
    guard let format = SeriesVocabulary.format(of: metric),
      format.storedUnit == columns[unitColumn].string(at: row)
    else { return nil }
    return format
  }

  /// The cell of column `index`, or nil to write it the exact way.
  func cell(_ index: Int, _ column: DecodedColumn, _ row: Int, series: SeriesFormat?) -> String? {
    if let rule = rules[index] {
      return ExportNumberRules.text(column.doubles[row], rule, series: series)
    }
    if index == unitColumn, let series { return CSVFormatting.textField(series.unit) }
    return nil
  }
}
