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
      var text = ""
      text.reserveCapacity(block.rowCount * columns.count * 8)
      for row in 0..<block.rowCount {
        switch format {
        case .csv: appendCSVRow(block, row, tidy: tidy, raw: raw, to: &text)
        case .ndjson: appendJSONRow(block, row, keys: keys, to: &text)
        }
      }
      try sink.write(text)
      rows += Int64(block.rowCount)
    }
    return rows
  }

  private static func appendCSVRow(
    _ block: DecodedBlock, _ row: Int, tidy: TidyRows?, raw: Bool, to text: inout String
  ) {
    let series = tidy?.series(block, row)
    for (i, column) in block.columns.enumerated() {
      if i > 0 { text += "," }
      if column.isNull(row) { continue }
      if let tidy, let cell = tidy.cell(i, column, row, series: series) {
        text += cell
        continue
      }
      text +=
        column.spec.type == .string
        ? CSVFormatting.textField(column.string(at: row), raw: raw)
        : CSVFormatting.field(plainText(column, row))
    }
    text += "\r\n"
  }

  private static func appendJSONRow(
    _ block: DecodedBlock, _ row: Int, keys: [String], to text: inout String
  ) {
    text += "{"
    for (i, column) in block.columns.enumerated() {
      if i > 0 { text += "," }
      text += keys[i]
      text += column.isNull(row) ? "null" : jsonText(column, row)
    }
    text += "}\n"
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
  func series(_ block: DecodedBlock, _ row: Int) -> SeriesFormat? {
    guard let metricColumn, let unitColumn else { return nil }
    let metric = MetricID(block.columns[metricColumn].string(at: row))
    guard let format = SeriesVocabulary.format(of: metric),
      format.storedUnit == block.columns[unitColumn].string(at: row)
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
