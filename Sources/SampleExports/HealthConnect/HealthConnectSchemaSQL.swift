/// The tables of a synthetic Health Connect database for one schema version, in the shape
/// AOSP creates them (`RecordHelper.getColumnInfo`, `IntervalRecordHelper`,
/// `InstantRecordHelper`, `CreateTableRequest`; the version 9 fixture in
/// `../shared/data/real/vendors/health-connect/` shows the exact text):
///
/// - 7: `uuid` is TEXT (before `DB_VERSION_UUID_BLOB`), 9: a BLOB;
/// - 10: generated local-time columns (`local_date_time_start_time`, `…_end_time`,
///   `local_date_time`); 11: skin temperature; 12: planned exercise; 14: mindfulness;
///   15: medical records; 16: activity intensity; 17: read access logs.
///
/// Databases of even versions from 10 are made fresh (generated columns in place); odd
/// ones as upgraded from 9 (`ALTER TABLE … ADD COLUMN … GENERATED ALWAYS AS`, so those
/// columns come last), as phones have both, and a reader must find columns by name.
enum HealthConnectSchemaSQL {
  /// The versions the generator writes (each a test of the reader).
  static let versions = [7, 9, 10, 11, 14, 17]

  /// A record table: name, interval or instant, its own columns, the first version with it.
  struct Table {
    var name: String
    var interval: Bool
    var columns: String
    var since = 7
  }

  /// The record tables written.
  static let records: [Table] = [
    Table(name: "steps_record_table", interval: true, columns: "count INTEGER"),
    Table(name: "distance_record_table", interval: true, columns: "distance REAL"),
    Table(name: "active_calories_burned_record_table", interval: true, columns: "energy REAL"),
    Table(name: "total_calories_burned_record_table", interval: true, columns: "energy REAL"),
    Table(name: "heart_rate_record_table", interval: true, columns: ""),
    Table(
      name: "resting_heart_rate_record_table", interval: false,
      columns: "beats_per_minute INTEGER"),
    Table(
      name: "heart_rate_variability_rmssd_record_table", interval: false,
      columns: "heart_rate_variability_millis REAL NOT NULL"),
    Table(name: "oxygen_saturation_record_table", interval: false, columns: "percentage REAL"),
    Table(name: "respiratory_rate_record_table", interval: false, columns: "rate REAL"),
    Table(name: "weight_record_table", interval: false, columns: "weight REAL"),
    Table(name: "body_fat_record_table", interval: false, columns: "percentage REAL"),
    Table(
      name: "blood_pressure_record_table", interval: false,
      columns:
        "measurement_location TEXT NOT NULL, systolic REAL, diastolic REAL, body_position TEXT NOT NULL"
    ),
    Table(
      name: "basal_metabolic_rate_record_table", interval: false,
      columns: "basal_metabolic_rate REAL"),
    Table(name: "sleep_session_record_table", interval: true, columns: "notes TEXT, title TEXT"),
    Table(
      name: "exercise_session_record_table", interval: true,
      columns: "notes TEXT, exercise_type INTEGER, title TEXT, has_route INTEGER"),
    Table(
      name: "skin_temperature_record_table", interval: true,
      columns: "baseline REAL, measurement_location INTEGER", since: 11),
    Table(
      name: "planned_exercise_session_record_table", interval: true,
      columns: "notes TEXT, exercise_type INTEGER, title TEXT, has_explicit_time INTEGER",
      since: 12),
    Table(
      name: "mindfulness_session_record_table", interval: true,
      columns: "mindfulness_session_type INTEGER, title TEXT, notes TEXT", since: 14),
    Table(
      name: "activity_intensity_record_table", interval: true,
      columns: "activity_intensity_type INTEGER", since: 16),
  ]

  /// Every statement that creates the database of `version`, in order.
  static func statements(version: Int) -> [String] {
    var sql = [
      "CREATE TABLE android_metadata (locale TEXT)",
      "CREATE TABLE application_info_table (row_id INTEGER PRIMARY KEY, package_name TEXT NOT "
        + "NULL UNIQUE, app_name TEXT, app_icon BLOB, record_types_used TEXT)",
      "CREATE TABLE device_info_table (row_id INTEGER PRIMARY KEY, manufacturer TEXT, model "
        + "TEXT, device_type INTEGER)",
      "CREATE TABLE health_data_category_priority_table (row_id INTEGER PRIMARY KEY, "
        + "health_data_category INTEGER UNIQUE, app_id_priority_order TEXT NOT NULL)",
      "CREATE TABLE access_logs_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, app_id "
        + "INTEGER NOT NULL, record_type TEXT NOT NULL, access_time INTEGER NOT NULL, "
        + "operation_type INTEGER NOT NULL)",
      "CREATE TABLE change_logs_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, record_type "
        + "INTEGER, app_id INTEGER, uuids BLOB NOT NULL, operation_type INTEGER, time INTEGER)",
      "CREATE TABLE preference_table (key TEXT NOT NULL UNIQUE, value TEXT)",
    ]
    let fresh = version >= 10 && version % 2 == 0
    for table in records where version >= table.since {
      sql.append(create(table, version: version, generated: fresh))
      if version >= 10 && !fresh && table.since <= 9 {
        sql += generatedByUpgrade(table)
      }
    }
    sql += children(version: version)
    if version >= 15 {
      sql.append(
        "CREATE TABLE medical_resource_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, "
          + "fhir_resource_type INTEGER NOT NULL, fhir_resource_id TEXT NOT NULL, "
          + "fhir_resource BLOB NOT NULL, data_source_id INTEGER NOT NULL)")
    }
    if version >= 17 {
      sql.append(
        "CREATE TABLE read_access_logs_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, "
          + "reader_app_id INTEGER NOT NULL, writer_app_id INTEGER NOT NULL, record_type "
          + "INTEGER NOT NULL, read_time INTEGER NOT NULL)")
    }
    return sql
  }

  private static func create(_ table: Table, version: Int, generated: Bool) -> String {
    let uuid = version < 9 ? "uuid TEXT NOT NULL UNIQUE" : "uuid BLOB NOT NULL UNIQUE"
    var columns = [
      "row_id INTEGER PRIMARY KEY AUTOINCREMENT", uuid, "last_modified_time INTEGER",
      "client_record_id TEXT", "client_record_version TEXT", "device_info_id INTEGER",
      "app_info_id INTEGER", "recording_method INTEGER", "dedupe_hash BLOB UNIQUE",
    ]
    columns +=
      table.interval
      ? [
        "start_time INTEGER", "start_zone_offset INTEGER", "end_time INTEGER",
        "end_zone_offset INTEGER", "local_date INTEGER",
      ] : ["time INTEGER", "zone_offset INTEGER", "local_date INTEGER"]
    if !table.columns.isEmpty { columns.append(table.columns) }
    if generated || (version >= 10 && table.since > 9) {
      columns += generatedColumns(table).map { "\($0.name) INTEGER AS (\($0.expression))" }
    }
    columns += [
      "FOREIGN KEY (device_info_id) REFERENCES device_info_table(row_id) ON DELETE CASCADE",
      "FOREIGN KEY (app_info_id) REFERENCES application_info_table(row_id) ON DELETE CASCADE",
    ]
    return "CREATE TABLE \(table.name) (" + columns.joined(separator: ", ") + ")"
  }

  private static func generatedColumns(_ table: Table) -> [(name: String, expression: String)] {
    table.interval
      ? [
        ("local_date_time_start_time", "start_time + 1000 * start_zone_offset"),
        ("local_date_time_end_time", "end_time + 1000 * end_zone_offset"),
      ] : [("local_date_time", "time + 1000 * zone_offset")]
  }

  private static func generatedByUpgrade(_ table: Table) -> [String] {
    generatedColumns(table).map {
      "ALTER TABLE \(table.name) ADD COLUMN \($0.name) INTEGER GENERATED ALWAYS AS "
        + "(\($0.expression))"
    }
  }

  private static func children(version: Int) -> [String] {
    var sql = [
      "CREATE TABLE heart_rate_record_series_table (parent_key INTEGER, beats_per_minute "
        + "INTEGER, epoch_millis INTEGER, FOREIGN KEY (parent_key) REFERENCES "
        + "heart_rate_record_table(row_id) ON DELETE CASCADE)",
      "CREATE TABLE sleep_stages_table (parent_key INTEGER NOT NULL, stage_start_time INTEGER "
        + "NOT NULL, stage_end_time INTEGER NOT NULL, stage_type INTEGER NOT NULL, FOREIGN KEY "
        + "(parent_key) REFERENCES sleep_session_record_table(row_id) ON DELETE CASCADE)",
      "CREATE TABLE exercise_route_table (parent_key INTEGER NOT NULL, timestamp_millis "
        + "INTEGER NOT NULL, longitude REAL NOT NULL, latitude REAL NOT NULL, "
        + "horizontal_accuracy REAL NOT NULL, vertical_accuracy REAL NOT NULL, altitude REAL "
        + "NOT NULL, FOREIGN KEY (parent_key) REFERENCES exercise_session_record_table(row_id) "
        + "ON DELETE CASCADE)",
    ]
    if version >= 11 {
      sql.append(
        "CREATE TABLE skin_temperature_delta_table (parent_key INTEGER, epoch_millis INTEGER, "
          + "delta REAL, FOREIGN KEY (parent_key) REFERENCES "
          + "skin_temperature_record_table(row_id) ON DELETE CASCADE)")
    }
    return sql
  }
}
