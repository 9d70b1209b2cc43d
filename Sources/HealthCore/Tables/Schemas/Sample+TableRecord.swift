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
    row.string(metric.rawValue)
    row.timestamp(start)
    row.timestamp(end)
    row.int(Int64(utcOffset))
    row.double(value)
    row.double(minimum)
    row.double(maximum)
    row.string(unit)
    row.string(category)
    row.string(source)
    row.string(device)
    row.string(sourceKind.rawValue)
    row.bool(userEntered)
    row.string(hrvKind.rawValue)
    row.int(Int64(origin.file))
    row.int(origin.record)
  }

  public init(reading row: inout RowReader) throws {
    metric = MetricID(row.string())
    start = row.timestamp()
    end = row.timestamp()
    utcOffset = Int32(truncatingIfNeeded: row.int())
    value = row.double()
    minimum = row.optionalDouble()
    maximum = row.optionalDouble()
    unit = row.string()
    category = row.string()
    source = row.string()
    device = row.string()
    let kind = row.string()
    guard let sk = SourceKind(rawValue: kind) else {
      throw InvalidTableValue(column: "sourceKind", value: kind)
    }
    sourceKind = sk
    userEntered = row.bool()
    let hrv = row.string()
    guard let hk = HRVKind(rawValue: hrv) else {
      throw InvalidTableValue(column: "hrvKind", value: hrv)
    }
    hrvKind = hk
    origin = Origin(file: Int32(truncatingIfNeeded: row.int()), record: row.int())
  }
}
