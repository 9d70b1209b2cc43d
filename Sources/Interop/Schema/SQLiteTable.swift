import Exports
import HealthCore
import HealthModel

/// One table of the database: a table file's columns in snake case with SQLite types, plus
/// the row number and local day where they help, its keys and indexes
/// (docs/interop.md, "SQLite schema").
struct SQLiteTable {
  /// Where a column's values come from.
  enum Source: Equatable {
    /// Column `index` of the table file, converted by its type.
    case column(Int)
    /// The row's position in the table file, from 1 (`id`).
    case rowNumber
    /// The local day of the timestamp column `start`, with the offset column `offset`.
    case localDay(start: Int, offset: Int)
    /// The id in `devices` of the text of column `index` (`DeviceTable`).
    case device(Int)
  }

  /// One SQL column.
  struct Column {
    /// Its SQL name (`utc_offset`).
    var name: String
    /// `INTEGER`, `REAL` or `TEXT`.
    var type: String
    /// Whether every row has a value.
    var notNull: Bool
    /// Where the values come from.
    var source: Source
    /// The unit of its values, when it has a fixed one.
    var unit: String
    /// What it holds.
    var description: String
  }

  /// The table's SQL name (`clean_samples`).
  var name: String
  /// The table file.
  var path: String
  /// Its header.
  var header: TableHeader
  /// Columns in order.
  var columns: [Column]
  /// Primary-key columns; empty for tables keyed by `id`.
  var primaryKey: [String]
  /// Secondary indexes, as column lists.
  var indexes: [[String]]

  /// The timestamp columns' offset: the `utcOffset` column, if the table has one.
  var offsetColumn: Int? { header.columnIndex("utcOffset") }

  /// The SQL table for a table file (its kind and stage decide the name and keys).
  init(path: String, header: TableHeader) {
    self.path = path
    self.header = header
    name = Self.name(kind: header.kind, stage: header.stage)
    let kind = header.kind
    var columns: [Column] = []
    let rowKeyed = kind == .samples || kind == .rejects
    if rowKeyed {
      columns.append(
        Column(
          name: "id", type: "INTEGER", notNull: true, source: .rowNumber, unit: "",
          description: "Row number in the table file, from 1."))
      if let start = header.columnIndex("start"), let offset = header.columnIndex("utcOffset") {
        columns.append(
          Column(
            name: "day", type: "TEXT", notNull: !header.columns[start].nullable,
            source: .localDay(start: start, offset: offset), unit: "",
            description: "The local day of the start (with its own UTC offset), yyyy-mm-dd."))
      }
    }
    for (i, spec) in header.columns.enumerated() {
      if kind == .samples && spec.name == "device" {
        // 87 bytes a row in a five-year export, from a few dozen distinct texts: stored once
        // in `devices`, which Datasette shows in place of the id.
        columns.append(
          Column(
            name: DeviceTable.column, type: "INTEGER", notNull: true, source: .device(i),
            unit: "",
            description: TableDescriptions.column(kind, spec.name)
              + " The id of its row in \(DeviceTable.name)."))
        continue
      }
      var text = TableDescriptions.column(kind, spec.name)
      var unit = spec.unit ?? ""
      switch spec.type {
      case .timestamp:
        text += " ISO 8601 local time with its UTC offset (2026-11-14T23:12:05-05:00)."
        unit = ""
      case .day: text += " yyyy-mm-dd."
      case .bool: text += " 1 yes, 0 no."
      default: break
      }
      columns.append(
        Column(
          name: Self.sqlName(spec.name), type: Self.sqlType(spec.type),
          notNull: !spec.nullable, source: .column(i), unit: unit, description: text))
    }
    self.columns = columns
    switch kind {
    case .samples, .rejects:
      primaryKey = []
      indexes =
        columns.contains { $0.name == "day" } ? [["metric", "day"], ["day", "metric"]] : []
    case .daily:
      primaryKey = ["day", "metric", "category"]
      indexes = [["metric", "day"]]
    case .baselines:
      primaryKey = ["day", "metric"]
      indexes = [["metric", "day"]]
    case .scores:
      primaryKey = ["day"]
      indexes = []
    case .streaks:
      primaryKey = ["goal", "cadence"]
      indexes = []
    case .weekly:
      primaryKey = ["week", "metric", "category"]
      indexes = [["metric", "week"]]
    case .habits:
      primaryKey = ["habit", "day"]
      indexes = [["day", "habit"]]
    }
  }

  /// `samples`, `clean_samples`, `rejects_ingest`, `rejects_clean`, or the kind's name.
  static func name(kind: TableKind, stage: String) -> String {
    switch kind {
    case .samples: stage == "ingest" ? "samples" : "\(ColumnNames.snakeCase(stage))_samples"
    case .rejects: "rejects_\(ColumnNames.snakeCase(stage))"
    default: kind.rawValue
    }
  }

  /// A table column's SQL name: snake case (`utcOffset` → `utc_offset`, `base14SD` →
  /// `base14_sd`).
  static func sqlName(_ column: String) -> String { ColumnNames.snakeCase(column) }

  /// SQLite's type for a column type: days and times are ISO 8601 text (what SQLite's date
  /// functions and Datasette read), flags 0/1.
  static func sqlType(_ type: ColumnType) -> String {
    switch type {
    case .int64, .bool: "INTEGER"
    case .float64: "REAL"
    case .string, .day, .timestamp: "TEXT"
    }
  }

  /// `CREATE TABLE ...`.
  var createStatement: String {
    var parts = columns.map { c -> String in
      var text = "\(SQL.identifier(c.name)) \(c.type)"
      if c.source == .rowNumber { text += " PRIMARY KEY" }
      if c.notNull { text += " NOT NULL" }
      if case .device = c.source {
        text += " REFERENCES \(SQL.identifier(DeviceTable.name)) (\"id\")"
      }
      return text
    }
    if !primaryKey.isEmpty {
      parts.append("PRIMARY KEY (" + primaryKey.map(SQL.identifier).joined(separator: ", ") + ")")
    }
    return "CREATE TABLE \(SQL.identifier(name)) (\n  " + parts.joined(separator: ",\n  ") + "\n)"
  }

  /// `CREATE INDEX ...` for each index.
  var indexStatements: [String] {
    indexes.map { cols in
      "CREATE INDEX \(SQL.identifier(name + "_" + cols.joined(separator: "_"))) ON "
        + "\(SQL.identifier(name)) (" + cols.map(SQL.identifier).joined(separator: ", ") + ")"
    }
  }

  /// `INSERT INTO ... VALUES (?, ...)`.
  var insertStatement: String {
    "INSERT INTO \(SQL.identifier(name)) VALUES ("
      + [String](repeating: "?", count: columns.count).joined(separator: ", ") + ")"
  }
}

/// SQL text helpers.
enum SQL {
  /// A quoted identifier (`"end"`).
  static func identifier(_ name: String) -> String {
    "\"" + name.replacingAll("\"", with: "\"\"") + "\""
  }

  /// A quoted string literal (`'Jane''s'`).
  static func literal(_ text: String) -> String {
    "'" + text.replacingAll("'", with: "''") + "'"
  }
}
