import HealthModel
import HealthSystem

/// Reads the record tables of an open Health Connect database into an `IngestSink`: every
/// row becomes one samples row or one rejects row (two for blood pressure, one per
/// reading for heart-rate and skin-temperature series, one per stage for sleep), counted
/// under its table's name (docs/ingest-health-connect.md, "Tables and metrics").
final class HealthConnectRecords {
  let database: HealthConnectDatabase
  let schema: HealthConnectSchema
  let sink: IngestSink
  var apps: HealthConnectApps
  let progress: ProgressMeter
  /// Rows read so far, for progress.
  var rowsRead: Int64 = 0
  /// Samples kept, waiting to be handed to the sink in reading order.
  var batch = HealthConnectBatch()

  init(
    database: HealthConnectDatabase, schema: HealthConnectSchema, sink: IngestSink,
    apps: HealthConnectApps, progress: ProgressMeter
  ) {
    self.database = database
    self.schema = schema
    self.sink = sink
    self.apps = apps
    self.progress = progress
  }

  /// The input's path, for messages.
  var path: String { database.path }

  /// Reads one table (and its child table); a table the database lacks is skipped.
  func read(_ table: HealthConnectTable) throws {
    guard schema.has(table.name) else { return }
    switch table.kind {
    case .quantity(let value):
      try readQuantity(table, values: [(value, table.metric, table.typeName)])
    case .bloodPressure:
      try readQuantity(
        table,
        values: [
          ("systolic", .bloodPressureSystolic, table.name + ".systolic"),
          ("diastolic", .bloodPressureDiastolic, table.name + ".diastolic"),
        ])
    case .duration:
      try readQuantity(table, values: [])
    case .series(let child, let value, let time):
      try readSeries(table, child: child, value: value, time: time)
    case .sleep:
      try readSleep(table)
    case .exercise:
      try readExercise(table)
    }
    // The table's last samples, before the next table's (the table order is reading order).
    try batch.flush(sink)
  }

  /// One sample per value column and row (`values` empty: the record's length in minutes,
  /// for sessions). A merged table's records are numbered in Android's tie-break order.
  private func readQuantity(
    _ table: HealthConnectTable, values: [(column: String, metric: MetricID, type: String)]
  ) throws {
    let lengthValue = "(\"end_time\" - \"start_time\")"
    var select = try HealthConnectRow.selectList(table, schema: schema, path: path)
    for value in values {
      select += ", " + (try schema.require(value.column, in: table.name, path: path))
    }
    let valueExpression =
      values.first.map { HealthConnectSchema.quoted($0.column) } ?? lengthValue
    let numbers = table.isMerged ? try mergedNumbers(table, value: valueExpression) : []
    let statement = try database.prepare(
      "SELECT \(select) FROM \(HealthConnectSchema.quoted(table.name)) ORDER BY \"row_id\"",
      table: table.name)
    let outputs =
      values.isEmpty ? [(column: "", metric: table.metric, type: table.typeName)] : values
    let counters = outputs.map { sink.counter(for: $0.type) }
    var number: Int64 = 0
    while try statement.step() {
      number += 1
      let record =
        table.code * HealthConnectTable.recordFactor
        + (table.isMerged ? numbers[Int(number - 1)] : statement.int64(0))
      for (i, output) in outputs.enumerated() {
        sink.read(counters[i])
        do {
          let sample = try sample(
            statement, table: table, metric: output.metric,
            value: values.isEmpty ? nil : (Int32(9 + i), output.column), record: record)
          try batch.keep(sample, counter: counters[i], sink: sink)
        } catch let problem as HealthConnectRow.Problem {
          try reject(
            problem, statement: statement, table: table, type: output.type,
            metric: output.metric, valueColumn: values.isEmpty ? nil : Int32(9 + i),
            record: record)
        }
      }
      try tick()
    }
  }

  /// The record numbers of a merged table's rows, in `row_id` order: each row's place
  /// (1-based) in Android's tie-break order, `last_modified_time`, local start, local end,
  /// value, then `row_id` (docs/ingest-health-connect.md, "Origins and counting", states
  /// it in SQL). NULL reads as 0, as Android's cursor reads it. Sorting the keys here costs
  /// less than sorting whole rows in SQLite.
  private func mergedNumbers(_ table: HealthConnectTable, value: String) throws -> [Int64] {
    let name = table.name
    let statement = try database.prepare(
      "SELECT \(schema.optional("last_modified_time", in: name)), "
        + "\"start_time\" + 1000 * \"start_zone_offset\", "
        + "\"end_time\" + 1000 * \"end_zone_offset\", \(value) FROM "
        + "\(HealthConnectSchema.quoted(name)) ORDER BY \"row_id\"", table: name)
    var keys: [(modified: Int64, start: Int64, end: Int64, value: Double)] = []
    while try statement.step() {
      keys.append((statement.int64(0), statement.int64(1), statement.int64(2), statement.double(3)))
    }
    let order = keys.indices.sorted { a, b in
      let (x, y) = (keys[a], keys[b])
      if x.modified != y.modified { return x.modified < y.modified }
      if x.start != y.start { return x.start < y.start }
      if x.end != y.end { return x.end < y.end }
      if x.value != y.value { return x.value < y.value }
      return a < b
    }
    var numbers = [Int64](repeating: 0, count: keys.count)
    for (rank, index) in order.enumerated() { numbers[index] = Int64(rank + 1) }
    return numbers
  }

  /// The sample of one value of the current row; a session's value is its length in
  /// minutes.
  private func sample(
    _ s: HealthConnectStatement, table: HealthConnectTable, metric: MetricID,
    value: (column: Int32, name: String)?, record: Int64
  ) throws -> Sample {
    let row = try HealthConnectRow.read(s, interval: table.isInterval, merged: table.isMerged)
    let number =
      try value.map { try HealthConnectValue.number(s, $0.column, name: $0.name) }
      ?? Double(row.end - row.start) / 60
    let origin = apps.origin(app: row.app, device: row.device, manual: row.manual)
    return Sample(
      metric: metric, start: row.start, end: row.end, utcOffset: row.offset, value: number,
      unit: table.unit, source: origin.source, device: origin.device, sourceKind: origin.kind,
      userEntered: row.manual, hrvKind: metric == .hrvRMSSD ? .rmssd : .none,
      origin: sink.origin(record))
  }

  /// A rejects row for the current row of a record table: the reason names the table and
  /// `row_id`; start, end and offset are the row's as far as they read.
  func reject(
    _ problem: HealthConnectRow.Problem, statement s: HealthConnectStatement,
    table: HealthConnectTable, type: String, metric: MetricID, valueColumn: Int32?,
    record: Int64
  ) throws {
    let start = s.type(5) == .null ? nil : HealthConnectRow.floorDiv(s.int64(5), 1000)
    let end =
      table.isInterval
      ? (s.type(7) == .null ? nil : HealthConnectRow.floorDiv(s.int64(7), 1000)) : start
    let offset = abs(s.int64(6)) <= HealthConnectRow.maxOffset ? Int32(s.int64(6)) : nil
    try sink.reject(
      type: type, code: problem.code,
      reason: "\(table.name) row \(s.int64(0)): \(problem.reason)", metric: metric.rawValue,
      start: start, end: end, utcOffset: offset,
      value: valueColumn.map { HealthConnectValue.text(s, $0) } ?? "", unit: table.unit,
      source: apps.sourceName(of: s.int64(1)), record: record)
  }

  /// Counts a row and updates the progress line now and then.
  @inline(__always)
  func tick() throws {
    rowsRead += 1
    if rowsRead & 0xFFFF == 0 { progress.update(bytes: 0, records: rowsRead) }
  }
}
