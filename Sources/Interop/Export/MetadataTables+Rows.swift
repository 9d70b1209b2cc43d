import HealthModel

extension MetadataTables {
  /// Fills `metadata`, one row per fact, in the order given.
  static func insertFacts(_ facts: [(String, String)], into db: SQLiteDatabase) throws {
    let fact = try db.prepare("INSERT INTO metadata VALUES (?, ?)")
    for (key, value) in facts {
      fact.bind(1, key)
      fact.bind(2, value)
      try fact.step()
      fact.reset()
    }
  }

  /// Fills `metadata_tables` and `metadata_columns` from the descriptions.
  static func insertDescriptions(_ described: [Described], into db: SQLiteDatabase) throws {
    let table = try db.prepare(
      "INSERT INTO metadata_tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    let column = try db.prepare("INSERT INTO metadata_columns VALUES (?, ?, ?, ?, ?, ?)")
    for d in described {
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
  }

  /// Fills `metadata_metrics`: every metric healthpipe knows, then those of `daily` it
  /// does not know.
  static func insertMetrics(
    unknown unknownMetrics: [(metric: String, units: String)], into db: SQLiteDatabase
  ) throws {
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
  }

  /// Fills `metadata_inputs` from the tables' headers.
  static func insertInputs(of tables: [SQLiteTable], into db: SQLiteDatabase) throws {
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
  }
}
