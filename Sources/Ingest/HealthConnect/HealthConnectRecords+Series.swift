import HealthModel

/// What a child row takes from its record (`parent_key` → `row_id`): source, device, how
/// it was recorded and the record's start offset, or the problem that keeps its rows out.
struct HealthConnectParent {
  var source: String
  var device: String
  var kind: SourceKind
  var manual: Bool
  var offset: Int32
  /// The record's start and end, epoch seconds (sleep sessions).
  var start: Int64
  var end: Int64
  /// Why the record's rows cannot be read (a bad offset, no start), if so.
  var problem: HealthConnectRow.Problem?
}

extension HealthConnectRecords {
  /// Heart rate and skin temperature: the record rows hold source, device and offset; each
  /// child row (`epoch_millis`, value) is one instantaneous sample with the record's start
  /// offset (docs/ingest-health-connect.md, "Series"). Records are counted in the
  /// manifest's extras, their readings under the child table's name.
  func readSeries(_ table: HealthConnectTable, child: String, value: String, time: String)
    throws
  {
    let parents = try readParents(table)
    sink.extra["records.\(table.name)", default: 0] += Int64(parents.count)
    guard schema.has(child) else {
      if !parents.isEmpty { sink.notes.append("\(table.name) has no child table \(child)") }
      return
    }
    let statement = try database.prepare(
      "SELECT \(try schema.require("parent_key", in: child, path: path)), "
        + "\(try schema.require(time, in: child, path: path)), "
        + "\(try schema.require(value, in: child, path: path)), rowid FROM "
        + "\(HealthConnectSchema.quoted(child)) ORDER BY rowid",
      table: child)
    let counter = sink.counter(for: child)
    let base = (100 + table.code) * HealthConnectTable.recordFactor
    var lastKey = Int64.min
    var parent: HealthConnectParent?
    // The readings of one record share everything but time, value and origin: the first
    // of a record (or of a batch) is a whole sample, the others copy its row
    // (docs/ingest-health-connect.md, "Speed"). Local state, so the loop touches no
    // property of this class.
    var rows = HealthConnectBatch()
    var wholeNext = true
    var count: Int64 = 0
    while try statement.step() {
      sink.read(counter)
      count += 1
      if count & 0xFFFF == 0 { progress.update(bytes: 0, records: rowsRead + count) }
      let record = base + statement.int64(3)
      let key = statement.int64(0)
      if key != lastKey {
        parent = parents[key]
        lastKey = key
        wholeNext = true
      }
      do {
        let reading = try Self.reading(
          statement, parent: parent, key: key, table: table, time: time, value: value)
        let at = HealthConnectRow.floorDiv(statement.int64(1), 1000)
        if wholeNext || rows.isEmpty {
          let p = parent!
          try rows.keep(
            Sample(
              metric: table.metric, start: at, end: at, utcOffset: p.offset, value: reading,
              unit: table.unit, source: p.source, device: p.device, sourceKind: p.kind,
              userEntered: p.manual, origin: sink.origin(record)),
            counter: counter, sink: sink)
          wholeNext = false
        } else {
          try rows.keepLikeLast(
            at: at, value: reading, record: record, counter: counter, sink: sink)
        }
      } catch let problem as HealthConnectRow.Problem {
        try rejectChild(
          problem, child: child, metric: table.metric, unit: table.unit, source: parent?.source,
          start: statement.type(1) == .null
            ? nil : HealthConnectRow.floorDiv(statement.int64(1), 1000),
          value: HealthConnectValue.text(statement, 2), rowid: statement.int64(3),
          record: record)
      }
    }
    try rows.flush(sink)
    rowsRead += count
  }

  /// The value of the current series row, or the problem that makes it a reject (no
  /// record, an unreadable record, no time, no number).
  @inline(__always)
  private static func reading(
    _ statement: HealthConnectStatement, parent: HealthConnectParent?, key: Int64,
    table: HealthConnectTable, time: String, value: String
  ) throws(HealthConnectRow.Problem) -> Double {
    guard let p = parent else {
      throw HealthConnectRow.Problem(
        code: .missingField, reason: "its record \(key) is not in \(table.name)")
    }
    if let problem = p.problem {
      throw HealthConnectRow.Problem(
        code: problem.code, reason: "its record \(table.name) row \(key): \(problem.reason)")
    }
    guard statement.type(1) != .null else {
      throw HealthConnectRow.Problem(code: .missingField, reason: "\(time) is NULL")
    }
    if statement.type(2) == .integer { return Double(statement.int64(2)) }
    return try HealthConnectValue.number(statement, 2, name: value)
  }

  /// The records of a table with children, by `row_id`.
  func readParents(_ table: HealthConnectTable) throws -> [Int64: HealthConnectParent] {
    let statement = try database.prepare(
      "SELECT \(try HealthConnectRow.selectList(table, schema: schema, path: path)) FROM "
        + "\(HealthConnectSchema.quoted(table.name)) ORDER BY \"row_id\"",
      table: table.name)
    var parents: [Int64: HealthConnectParent] = [:]
    while try statement.step() {
      let id = statement.int64(0)
      let origin = apps.origin(
        app: statement.int64(1), device: statement.type(2) == .null ? nil : statement.int64(2),
        manual: statement.int64(3) == 3)
      var parent = HealthConnectParent(
        source: origin.source, device: origin.device, kind: origin.kind,
        manual: statement.int64(3) == 3, offset: 0, start: 0, end: 0)
      do {
        let row = try HealthConnectRow.read(statement, interval: table.isInterval, merged: false)
        parent.offset = row.offset
        parent.start = row.start
        parent.end = row.end
      } catch {
        parent.problem = error
      }
      parents[id] = parent
    }
    return parents
  }

  /// A rejects row for a child row (a series reading or a sleep stage).
  func rejectChild(
    _ problem: HealthConnectRow.Problem, child: String, metric: MetricID, unit: String,
    source: String?, start: Int64?, end: Int64? = nil, value: String, rowid: Int64,
    record: Int64, type: String? = nil
  ) throws {
    try sink.reject(
      type: type ?? child, code: problem.code, reason: "\(child) row \(rowid): \(problem.reason)",
      metric: metric.rawValue, start: start, end: end ?? start, value: value, unit: unit,
      source: source ?? "", record: record)
  }
}
