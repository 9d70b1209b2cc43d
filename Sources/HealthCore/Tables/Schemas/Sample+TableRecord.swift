import HealthModel

extension Sample: TableRecord {
  /// `samples`.
  public static let tableKind = TableKind.samples

  /// The samples table schema (docs/table-format.md, "Schemas").
  public static let columns: [ColumnSpec] = [
    ColumnSpec("metric", .string),
    ColumnSpec("start", .timestamp, unit: "s"),
    ColumnSpec("end", .timestamp, unit: "s"),
    ColumnSpec("utcOffset", .int64, unit: "s"),
    ColumnSpec("value", .float64),
    ColumnSpec("min", .float64, nullable: true),
    ColumnSpec("max", .float64, nullable: true),
    ColumnSpec("unit", .string),
    ColumnSpec("category", .string),
    ColumnSpec("source", .string),
    ColumnSpec("device", .string),
    ColumnSpec("sourceKind", .string),
    ColumnSpec("userEntered", .bool),
    ColumnSpec("hrvKind", .string),
    ColumnSpec("file", .int64),
    ColumnSpec("record", .int64),
  ]

  public func write(to row: inout RowWriter) {
    Self.writeRow(
      to: &row, start: start, end: end, utcOffset: utcOffset, value: value, minimum: minimum,
      maximum: maximum, sourceKind: sourceKind, userEntered: userEntered, hrvKind: hrvKind,
      origin: origin
    ) { row, column in
      switch column {
      case .metric: row.string(metric.rawValue)
      case .unit: row.string(unit)
      case .category: row.string(category)
      case .source: row.string(source)
      case .device: row.string(device)
      }
    }
  }

  /// The texts of a samples-table row that a writer may hold in its own form (ids into
  /// pools, `RowWriter.string(id:in:)`).
  public enum TextColumn: Sendable {
    case metric, unit, category, source, device
  }

  /// Writes one samples-table row from its parts, `text` writing each of the five texts
  /// when its column comes: the column order of `write(to:)`, kept in this one place for
  /// writers that do not hold `Sample` values (the clean stage writes from its pools).
  @inline(__always)
  public static func writeRow(
    to row: inout RowWriter, start: Int64, end: Int64, utcOffset: Int32, value: Double,
    minimum: Double?, maximum: Double?, sourceKind: SourceKind, userEntered: Bool,
    hrvKind: HRVKind, origin: Origin, text: (inout RowWriter, TextColumn) -> Void
  ) {
    text(&row, .metric)
    row.timestamp(start)
    row.timestamp(end)
    row.int(Int64(utcOffset))
    row.double(value)
    row.double(minimum)
    row.double(maximum)
    text(&row, .unit)
    text(&row, .category)
    text(&row, .source)
    text(&row, .device)
    row.string(id: sourceKind.tableTextID) { sourceKind.rawValue }
    row.bool(userEntered)
    row.string(id: hrvKind.tableTextID) { hrvKind.rawValue }
    row.int(Int64(origin.file))
    row.int(origin.record)
  }

  public init(reading row: inout RowReader) throws {
    // A struct from another module (HealthModel) is built through its own initializer.
    let metric = MetricID(row.string())
    let start = row.timestamp()
    let end = row.timestamp()
    let utcOffset = Int32(truncatingIfNeeded: row.int())
    let value = row.double()
    let minimum = row.optionalDouble()
    let maximum = row.optionalDouble()
    let unit = row.string()
    let category = row.string()
    let source = row.string()
    let device = row.string()
    let kind = row.string()
    guard let sourceKind = SourceKind(rawValue: kind) else {
      throw InvalidTableValue(column: "sourceKind", value: kind)
    }
    let userEntered = row.bool()
    let hrv = row.string()
    guard let hrvKind = HRVKind(rawValue: hrv) else {
      throw InvalidTableValue(column: "hrvKind", value: hrv)
    }
    let origin = Origin(file: Int32(truncatingIfNeeded: row.int()), record: row.int())
    self.init(
      metric: metric, start: start, end: end, utcOffset: utcOffset, value: value,
      minimum: minimum, maximum: maximum, unit: unit, category: category, source: source,
      device: device, sourceKind: sourceKind, userEntered: userEntered, hrvKind: hrvKind,
      origin: origin)
  }
}
