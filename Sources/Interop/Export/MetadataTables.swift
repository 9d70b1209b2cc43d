/// What the database says about itself, in tables any SQLite client can read
/// (docs/interop.md, "Metadata"):
///
/// - `metadata` (key, value): the healthpipe version, the database layout version, the
///   folder it was made from, the as-of date and the aggregate stage's facts (`asOf`,
///   `dataThrough`, `weekStart`, `pinned`, `quality.*`);
/// - `metadata_tables`: every table and view, with its title, description, row count and
///   the table file it came from (size and CRC-32);
/// - `metadata_columns`: every column of every table and view, with its type, unit and
///   description;
/// - `metadata_metrics`: every metric, with its column name, title, unit word, stored unit,
///   scale, decimals and meaning (`known` 0 for names healthpipe does not know);
/// - `metadata_inputs`: the inputs each table was derived from, with size and CRC-32.
struct MetadataTables {
  /// One described table or view.
  struct Described {
    var name: String
    var type: String
    var title: String
    var description: String
    var kind: String
    var stage: String
    var rows: Int64
    var sourceFile: String
    var sourceSize: Int64
    var sourceCRC: String
    var columns: [(name: String, type: String, unit: String, description: String)]
  }

  /// The layout version of the database (`PRAGMA user_version` and `metadata`), raised when
  /// a table or column changes meaning.
  static let layoutVersion = 1

  /// The metadata tables' own description, so they describe themselves too: per column
  /// its SQL definition and meaning; `keys` is the table's primary key clause, if any.
  static let ownTables:
    [(name: String, title: String, description: String, columns: [(String, String)], keys: String)] =
      [
        (
          "metadata", "About this database",
          "Facts about the export: versions, the source folder, the as-of date and the aggregate "
            + "stage's facts.",
          [
            ("key TEXT PRIMARY KEY", "The fact's name."),
            ("value TEXT NOT NULL", "Its value."),
          ], ""
        ),
        (
          "metadata_tables", "Tables and views",
          "Every table and view, with its meaning, row count and the table file it came from.",
          [
            ("table_name TEXT PRIMARY KEY", "The table or view."),
            ("type TEXT NOT NULL", "table or view."),
            ("title TEXT NOT NULL", "A title."),
            ("description TEXT NOT NULL", "What it holds."),
            ("kind TEXT NOT NULL", "The table file's kind (samples, rejects, daily, ...)."),
            ("stage TEXT NOT NULL", "The stage that wrote the table file."),
            ("rows INTEGER", "Rows (empty for views and metadata)."),
            ("source_file TEXT NOT NULL", "The table file it was read from."),
            ("source_size INTEGER", "Its size in bytes."),
            ("source_crc32 TEXT NOT NULL", "CRC-32 of the whole table file, 8 hex digits."),
          ], ""
        ),
        (
          "metadata_columns", "Columns",
          "Every column of every table and view: type, unit and meaning.",
          [
            ("table_name TEXT NOT NULL", "The table or view."),
            ("column_name TEXT NOT NULL", "The column."),
            ("position INTEGER NOT NULL", "Its position, from 1."),
            ("type TEXT NOT NULL", "INTEGER, REAL or TEXT."),
            ("unit TEXT NOT NULL", "Its unit when it has a fixed one, else empty (see unit)."),
            ("description TEXT NOT NULL", "What it holds."),
          ], "PRIMARY KEY (table_name, column_name)"
        ),
        (
          "metadata_metrics", "Metrics",
          "Every metric: its column name in daily_wide and daily.csv, unit word, the unit the "
            + "tables store, the scale between them, decimals and meaning.",
          [
            ("metric TEXT PRIMARY KEY", "The metric id in the tables."),
            ("known INTEGER NOT NULL", "1 for a metric healthpipe knows, 0 for a raw name."),
            ("column_name TEXT NOT NULL", "Its column in daily_wide and daily.csv."),
            ("title TEXT NOT NULL", "A title."),
            ("unit TEXT NOT NULL", "The unit word of daily_wide, daily.csv and the reports."),
            ("stored_unit TEXT NOT NULL", "The unit the tables store (their unit column)."),
            ("scale REAL NOT NULL", "daily_wide value = stored value × scale."),
            ("decimals INTEGER", "Decimals daily_wide and daily.csv keep."),
            ("description TEXT NOT NULL", "What a day's value is."),
          ], ""
        ),
        (
          "metadata_inputs", "Inputs",
          "The files each table was derived from (exports for samples, tables for later "
            + "stages), with size and CRC-32.",
          [
            ("table_name TEXT NOT NULL", "The table."),
            ("position INTEGER NOT NULL", "The input's position: the file column of its rows."),
            ("path TEXT NOT NULL", "The path as given to the stage."),
            ("format TEXT NOT NULL", "Detected format (apple-zip, hae-json, ...) or table kind."),
            ("size INTEGER NOT NULL", "Size in bytes."),
            ("crc32 TEXT NOT NULL", "CRC-32 of the whole file, 8 hex digits."),
            ("problem TEXT NOT NULL", "Why it contributed nothing, or empty."),
          ], "PRIMARY KEY (table_name, position)"
        ),
      ]

  /// Creates and fills the metadata tables.
  static func write(
    into db: SQLiteDatabase, described: [Described], facts: [(String, String)],
    tables: [SQLiteTable], unknownMetrics: [(metric: String, units: String)]
  ) throws {
    for own in ownTables {
      let parts = own.columns.map(\.0) + (own.keys.isEmpty ? [] : [own.keys])
      try db.execute(
        "CREATE TABLE \(SQL.identifier(own.name)) (\n  " + parts.joined(separator: ",\n  ")
          + "\n)")
    }
    try db.execute("BEGIN")
    try insertFacts(facts, into: db)
    try insertDescriptions(described + ownDescriptions, into: db)
    try insertMetrics(unknown: unknownMetrics, into: db)
    try insertInputs(of: tables, into: db)
    try db.execute("COMMIT")
  }

  /// The metadata tables as described tables (for `metadata_tables`, `metadata_columns`
  /// and Datasette).
  static var ownDescriptions: [Described] {
    ownTables.map { own in
      Described(
        name: own.name, type: "table", title: own.title, description: own.description,
        kind: "metadata", stage: "", rows: -1, sourceFile: "", sourceSize: 0, sourceCRC: "",
        columns: own.columns.map { definition, description in
          let words = definition.split(separator: " ")
          return (String(words[0]), String(words[1]), "", description)
        })
    }
  }
}
