import HealthCore

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
    let fact = try db.prepare("INSERT INTO metadata VALUES (?, ?)")
    for (key, value) in facts {
      fact.bind(1, key)
      fact.bind(2, value)
      try fact.step()
      fact.reset()
    }
    let table = try db.prepare(
      "INSERT INTO metadata_tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    let column = try db.prepare("INSERT INTO metadata_columns VALUES (?, ?, ?, ?, ?, ?)")
    for d in described + ownDescriptions {
      for (i, text) in [d.name, d.type, d.title, d.description, d.kind, d.stage].enumerated() {
        table.bind(Int32(i + 1), text)
      }
      if d.rows >= 0 { table.bind(7, d.rows) } else { table.bindNull(7) }
      table.bind(8, d.sourceFile)
      if d.sourceFile.isEmpty { table.bindNull(9) } else { table.bind(9, d.sourceSize) }
      table.bind(10, d.sourceCRC)
      try table.step()
      table.reset()
      for (position, c) in d.columns.enumerated() {
        column.bind(1, d.name)
        column.bind(2, c.name)
        column.bind(3, Int64(position + 1))
        column.bind(4, c.type)
        column.bind(5, c.unit)
        column.bind(6, c.description)
        try column.step()
        column.reset()
      }
    }
    let metric = try db.prepare("INSERT INTO metadata_metrics VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
    for f in SeriesVocabulary.all {
      metric.bind(1, f.metric.rawValue)
      metric.bind(2, Int64(1))
      metric.bind(3, f.name)
      metric.bind(4, f.title)
      metric.bind(5, f.unit)
      metric.bind(6, f.storedUnit)
      metric.bind(7, f.scale)
      metric.bind(8, Int64(f.decimals))
      metric.bind(9, f.description)
      try metric.step()
      metric.reset()
    }
    for u in unknownMetrics {
      metric.bind(1, u.metric)
      metric.bind(2, Int64(0))
      metric.bind(3, "")
      metric.bind(4, u.metric)
      metric.bind(5, u.units)
      metric.bind(6, u.units)
      metric.bind(7, 1.0)
      metric.bindNull(8)
      metric.bind(
        9,
        "A type healthpipe does not know, kept under the name it was read with; its daily "
          + "values are in daily (and daily-other.csv), not in daily_wide.")
      try metric.step()
      metric.reset()
    }
    let input = try db.prepare("INSERT INTO metadata_inputs VALUES (?, ?, ?, ?, ?, ?, ?)")
    for t in tables {
      for i in t.header.inputs {
        input.bind(1, t.name)
        input.bind(2, Int64(i.index))
        input.bind(3, i.path)
        input.bind(4, i.format)
        input.bind(5, i.size)
        input.bind(6, i.crc32)
        input.bind(7, i.problem.map { "\($0.kind): \($0.message)" } ?? "")
        try input.step()
        input.reset()
      }
    }
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
