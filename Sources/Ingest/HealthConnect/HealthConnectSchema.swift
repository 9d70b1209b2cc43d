import HealthModel

/// What a Health Connect database holds: its schema version (`PRAGMA user_version`), its
/// tables with their columns and row counts. Columns are always found by name: their order
/// differs between Android versions (a column added by an upgrade comes last; a fresh
/// database has it in the helper's order), and so does the set of tables
/// (docs/ingest-health-connect.md, "Schema versions").
struct HealthConnectSchema {
  /// `PRAGMA user_version`.
  let version: Int
  /// Columns of every table, by table name, as `PRAGMA table_info` lists them.
  let columns: [String: [String]]

  /// Reads the schema of an open database. A SQLite file without Health Connect's
  /// `application_info_table` is refused (exit 65): it is some other database.
  init(_ database: HealthConnectDatabase) throws {
    version = Int(try database.integer("PRAGMA user_version"))
    var names: [String] = []
    let list = try database.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    while try list.step() { if let name = list.text(0) { names.append(name) } }
    var columns: [String: [String]] = [:]
    for name in names {
      let info = try database.prepare(
        "PRAGMA table_info(\(Self.quoted(name)))", table: name)
      var list: [String] = []
      while try info.step() { if let column = info.text(1) { list.append(column) } }
      columns[name] = list
    }
    self.columns = columns
    guard columns["application_info_table"] != nil,
      names.contains(where: { $0.hasSuffix("_record_table") })
    else {
      throw HealthError.malformed(
        "a SQLite database, but not a Health Connect export: it has no application_info_table "
          + "and record tables (tables: \(names.prefix(8).joined(separator: ", "))"
          + (names.count > 8 ? ", …" : "") + ")",
        at: SourceLocation(file: database.path),
        hint: "pass the Health Connect.zip written by Settings → Health Connect → Export data, "
          + "or the health_connect_export.db inside it")
    }
  }

  /// Whether the database has `table`.
  func has(_ table: String) -> Bool { columns[table] != nil }

  /// Whether `table` has `column`.
  func has(_ column: String, in table: String) -> Bool {
    columns[table]?.contains(column) ?? false
  }

  /// `column` of `table`, or an error (exit 65) naming both and the schema version: a table
  /// healthpipe reads lacks a column every Health Connect version has.
  func require(_ column: String, in table: String, path: String) throws -> String {
    guard has(column, in: table) else {
      throw HealthError.malformed(
        "table \(table) has no column \(column) (schema version \(version); its columns: "
          + (columns[table] ?? []).joined(separator: ", ") + ")",
        at: SourceLocation(file: path),
        hint: "this is not a Health Connect layout healthpipe knows; report it with the "
          + "schema version, or export again from the phone")
    }
    return Self.quoted(column)
  }

  /// `column` of `table` when it has it, else `NULL` (columns older versions lack).
  func optional(_ column: String, in table: String) -> String {
    has(column, in: table) ? Self.quoted(column) : "NULL"
  }

  /// An SQL identifier in double quotes.
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingAll("\"", with: "\"\"") + "\""
  }
}
