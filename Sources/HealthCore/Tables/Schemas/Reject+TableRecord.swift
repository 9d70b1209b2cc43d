import HealthModel

extension Reject: TableRecord {
  /// `rejects`.
  public static let tableKind = TableKind.rejects

  /// The rejects table schema.
  public static let columns: [ColumnSpec] = [
    ColumnSpec("stage", .string),
    ColumnSpec("code", .string),
    ColumnSpec("reason", .string),
    ColumnSpec("metric", .string),
    ColumnSpec("start", .timestamp, nullable: true, unit: "s"),
    ColumnSpec("end", .timestamp, nullable: true, unit: "s"),
    ColumnSpec("utcOffset", .int64, nullable: true, unit: "s"),
    ColumnSpec("value", .string),
    ColumnSpec("unit", .string),
    ColumnSpec("source", .string),
    ColumnSpec("file", .int64),
    ColumnSpec("record", .int64),
  ]

  public func write(to row: inout RowWriter) {
    row.string(stage)
    row.string(code.rawValue)
    row.string(reason)
    row.string(metric)
    row.timestamp(start)
    row.timestamp(end)
    row.int(utcOffset.map(Int64.init))
    row.string(value)
    row.string(unit)
    row.string(source)
    row.int(Int64(origin.file))
    row.int(origin.record)
  }

  public init(reading row: inout RowReader) throws {
    // A struct from another module (HealthModel) is built through its own initializer.
    let stage = row.string()
    let code = RejectCode(rawValue: row.string())
    let reason = row.string()
    let metric = row.string()
    let start = row.optionalTimestamp()
    let end = row.optionalTimestamp()
    let utcOffset = row.optionalInt().map { Int32(truncatingIfNeeded: $0) }
    let value = row.string()
    let unit = row.string()
    let source = row.string()
    let origin = Origin(file: Int32(truncatingIfNeeded: row.int()), record: row.int())
    self.init(
      stage: stage, code: code, reason: reason, metric: metric, start: start, end: end,
      utcOffset: utcOffset, value: value, unit: unit, source: source, origin: origin)
  }
}
