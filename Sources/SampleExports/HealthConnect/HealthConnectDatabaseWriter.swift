import HealthModel

/// Writes a synthetic Health Connect database of one schema version: the tables
/// (`HealthConnectSchemaSQL`), the apps, devices and priority lists
/// (`HealthConnectSyntheticApp`), then the records as they come, in one transaction.
final class HealthConnectDatabaseWriter {
  private let db: SQLiteFileWriter
  private let version: Int
  private var inserts: [String: SQLiteInsert] = [:]
  private var children: [String: SQLiteInsert] = [:]
  private var ids = SeededRandom(seed: 0x4843)
  /// Rows written per table (children included).
  private(set) var rows: [String: Int] = [:]

  /// The value columns of each table, in `HealthConnectSyntheticRecord.values` order, and
  /// whether they are integers.
  static let valueColumns: [String: [(name: String, integer: Bool)]] = [
    "steps_record_table": [("count", true)],
    "distance_record_table": [("distance", false)],
    "active_calories_burned_record_table": [("energy", false)],
    "total_calories_burned_record_table": [("energy", false)],
    "heart_rate_record_table": [],
    "resting_heart_rate_record_table": [("beats_per_minute", true)],
    "heart_rate_variability_rmssd_record_table": [("heart_rate_variability_millis", false)],
    "oxygen_saturation_record_table": [("percentage", false)],
    "respiratory_rate_record_table": [("rate", false)],
    "weight_record_table": [("weight", false)],
    "body_fat_record_table": [("percentage", false)],
    "blood_pressure_record_table": [("systolic", false), ("diastolic", false)],
    "basal_metabolic_rate_record_table": [("basal_metabolic_rate", false)],
    "sleep_session_record_table": [],
    "exercise_session_record_table": [("exercise_type", true)],
    "skin_temperature_record_table": [("baseline", false)],
    "mindfulness_session_record_table": [("mindfulness_session_type", true)],
  ]

  /// The child table of a record table, and its three columns.
  static let childTables: [String: (table: String, columns: [String])] = [
    "heart_rate_record_table": (
      "heart_rate_record_series_table", ["epoch_millis", "", "beats_per_minute"]
    ),
    "sleep_session_record_table": (
      "sleep_stages_table", ["stage_start_time", "stage_end_time", "stage_type"]
    ),
    "skin_temperature_record_table": (
      "skin_temperature_delta_table", ["epoch_millis", "", "delta"]
    ),
  ]

  /// Creates the database at `path` with its tables and reference rows.
  init(path: String, version: Int) throws {
    db = try SQLiteFileWriter(path: path)
    self.version = version
    try db.execute("PRAGMA user_version = \(version)")
    for statement in HealthConnectSchemaSQL.statements(version: version) {
      try db.execute(statement)
    }
    try db.execute("BEGIN")
    try db.execute("INSERT INTO android_metadata VALUES ('en_US')")
    try db.execute(
      "INSERT INTO preference_table VALUES ('last_export_time', NULL), ('export_uri', NULL)")
    let app = try db.prepare(
      "INSERT INTO application_info_table (row_id, package_name, app_name) VALUES (?, ?, ?)")
    for a in HealthConnectSyntheticApp.allCases {
      app.bind(1, a.rawValue)
      app.bind(2, a.package)
      app.bind(3, a.name)
      try app.run()
    }
    let device = try db.prepare("INSERT INTO device_info_table VALUES (?, ?, ?, ?)")
    for d in HealthConnectSyntheticApp.devices {
      device.bind(1, d.row)
      if let m = d.manufacturer { device.bind(2, m) } else { device.bindNull(2) }
      if let m = d.model { device.bind(3, m) } else { device.bindNull(3) }
      device.bind(4, d.type)
      try device.run()
    }
    let priority = try db.prepare(
      "INSERT INTO health_data_category_priority_table (health_data_category, "
        + "app_id_priority_order) VALUES (?, ?)")
    for p in HealthConnectSyntheticApp.priorities {
      priority.bind(1, p.category)
      priority.bind(2, p.apps.map { String($0.rawValue) }.joined(separator: ","))
      try priority.run()
    }
  }

  /// Inserts one record (and its child rows); tables the version lacks are skipped.
  func write(_ r: HealthConnectSyntheticRecord) throws {
    guard let insert = try statement(for: r.table) else { return }
    var uuid = [UInt8](repeating: 0, count: 16)
    for i in stride(from: 0, to: 16, by: 8) {
      var word = ids.next()
      for j in 0..<8 {
        uuid[i + j] = UInt8(truncatingIfNeeded: word)
        word >>= 8
      }
    }
    if version < 9 {
      insert.bind(1, uuid.map { String($0, radix: 16) }.joined())
    } else {
      insert.bind(1, blob: uuid)
    }
    insert.bind(2, r.lastModified)
    insert.bind(3, r.app.deviceRow)
    insert.bind(4, r.app.rawValue)
    insert.bind(5, Int64(r.manual ? 3 : 2))
    let interval = Self.isInterval(r.table)
    var column: Int32 = 6
    let localDay = Int64(CivilFloor.div(r.start / 1000 + Int64(r.startOffset), 86_400))
    if interval {
      for v in [r.start, Int64(r.startOffset), r.end, Int64(r.endOffset), localDay] {
        insert.bind(column, v)
        column += 1
      }
    } else {
      for v in [r.start, Int64(r.startOffset), localDay] {
        insert.bind(column, v)
        column += 1
      }
    }
    for (i, value) in (Self.valueColumns[r.table] ?? []).enumerated() {
      if value.integer {
        insert.bind(column, Int64(r.values[i]))
      } else {
        insert.bind(column, r.values[i])
      }
      column += 1
    }
    try insert.run()
    rows[r.table, default: 0] += 1
    if !r.children.isEmpty, let child = Self.childTables[r.table] {
      try writeChildren(r, parent: db.lastRowID, child: child)
    }
  }

  private func writeChildren(
    _ r: HealthConnectSyntheticRecord, parent: Int64,
    child: (table: String, columns: [String])
  ) throws {
    let insert: SQLiteInsert
    if let known = children[child.table] {
      insert = known
    } else {
      let columns = ["parent_key"] + child.columns.filter { !$0.isEmpty }
      insert = try db.prepare(
        "INSERT INTO \(child.table) (\(columns.joined(separator: ", "))) VALUES ("
          + columns.map { _ in "?" }.joined(separator: ", ") + ")")
      children[child.table] = insert
    }
    let integer = child.table != "skin_temperature_delta_table"
    for (a, b, value) in r.children {
      insert.bind(1, parent)
      insert.bind(2, a)
      var index: Int32 = 3
      if !child.columns[1].isEmpty {
        insert.bind(3, b)
        index = 4
      }
      if integer { insert.bind(index, Int64(value)) } else { insert.bind(index, value) }
      try insert.run()
    }
    rows[child.table, default: 0] += r.children.count
  }

  /// Commits and closes the database.
  func finish() throws {
    try db.execute("COMMIT")
    inserts = [:]
    children = [:]
    db.close()
  }

  private func statement(for table: String) throws -> SQLiteInsert? {
    if let known = inserts[table] { return known }
    guard let spec = HealthConnectSchemaSQL.records.first(where: { $0.name == table }),
      version >= spec.since
    else { return nil }
    var columns = [
      "uuid", "last_modified_time", "device_info_id", "app_info_id", "recording_method",
    ]
    columns +=
      spec.interval
      ? ["start_time", "start_zone_offset", "end_time", "end_zone_offset", "local_date"]
      : ["time", "zone_offset", "local_date"]
    columns += (Self.valueColumns[table] ?? []).map(\.name)
    var sql =
      "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES ("
      + columns.map { _ in "?" }.joined(separator: ", ") + ")"
    if table == "blood_pressure_record_table" {
      sql =
        "INSERT INTO \(table) (\(columns.joined(separator: ", ")), measurement_location, "
        + "body_position) VALUES (" + columns.map { _ in "?" }.joined(separator: ", ")
        + ", '0', '0')"
    }
    let insert = try db.prepare(sql)
    inserts[table] = insert
    return insert
  }

  static func isInterval(_ table: String) -> Bool {
    HealthConnectSchemaSQL.records.first { $0.name == table }?.interval ?? false
  }
}
