import Exports
import HealthCore

/// The `devices` table: each distinct device text of the samples tables once, with an id
/// in first-seen order; `samples.device_id` and `clean_samples.device_id` refer to it
/// (docs/interop.md, "SQLite schema").
final class DeviceTable {
  /// The table's name.
  static let name = "devices"
  /// The referring column's name.
  static let column = "device_id"
  /// Its description.
  static let description =
    "Each device description of the samples once (name, manufacturer, model, hardware, "
    + "software where known); samples refer to it by device_id."

  private var ids: [String: Int64] = [:]
  private let insert: SQLiteStatement

  /// Creates the table in `database`.
  init(_ database: SQLiteDatabase) throws {
    try database.execute(
      "CREATE TABLE \(SQL.identifier(Self.name)) (\n  \"id\" INTEGER PRIMARY KEY NOT NULL,\n"
        + "  \"device\" TEXT NOT NULL UNIQUE\n)")
    insert = try database.prepare("INSERT INTO \(SQL.identifier(Self.name)) VALUES (?, ?)")
  }

  /// Rows in the table.
  var count: Int { ids.count }

  /// The ids of a block's device dictionary, adding the texts not seen before.
  func ids(for dictionary: [String]) throws -> [Int64] {
    try dictionary.map { text in
      if let id = ids[text] { return id }
      let id = Int64(ids.count + 1)
      ids[text] = id
      insert.bind(1, id)
      insert.bind(2, text)
      try insert.step()
      insert.reset()
      return id
    }
  }

  /// The table as described for `metadata_tables`, `metadata_columns` and Datasette.
  var described: MetadataTables.Described {
    MetadataTables.Described(
      name: Self.name, type: "table", title: "Devices", description: Self.description,
      kind: "devices", stage: "", rows: Int64(count), sourceFile: "", sourceSize: 0,
      sourceCRC: "",
      columns: [
        ("id", "INTEGER", "", "The device's id (device_id in samples)."),
        ("device", "TEXT", "", TableDescriptions.column(.samples, "device")),
      ])
  }
}
