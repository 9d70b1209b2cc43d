import Exports
import HealthCore
import HealthModel
import HealthSystem

extension SQLiteExport {
  /// What loading the tables gave: their descriptions for the metadata tables, a note and
  /// a row total per table, and the header facts the `metadata` rows come from.
  struct LoadedTables {
    /// One description per table, in load order, then the devices table if there is one.
    var described: [MetadataTables.Described] = []
    /// One note per table: rows, insert and index times.
    var notes: [String] = []
    /// `rows.NAME` per table.
    var totals: [String: Int64] = [:]
    /// Rows inserted over every table.
    var rowsLoaded: Int64 = 0
    /// The header facts of the daily table, or of the first table when there is none.
    var facts = StageFacts()
  }

  /// Inserts every table into `db`, counting rows on `progress` (begun by the caller).
  static func load(
    _ tables: [SQLiteTable], fingerprints: [FileFingerprint], into db: SQLiteDatabase,
    progress: ProgressMeter
  ) throws -> LoadedTables {
    var loaded = LoadedTables()
    var done: Int64 = 0
    let devices = try tables.contains { $0.header.kind == .samples } ? DeviceTable(db) : nil
    for (t, print) in zip(tables, fingerprints) {
      let outcome = try TableLoader(table: t, database: db, devices: devices).load { rows in
        done += rows
        progress.update(bytes: 0, records: done)
      }
      loaded.totals["rows." + t.name] = outcome.rows
      loaded.rowsLoaded += outcome.rows
      loaded.notes.append(
        "table \(t.name): \(outcome.rows) rows inserted in "
          + "\(NumberFormatting.fixed(outcome.insertSeconds * 1000, 1)) ms, indexed in "
          + "\(NumberFormatting.fixed(outcome.indexSeconds * 1000, 1)) ms")
      let about = TableDescriptions.table(t.header.kind, stage: t.header.stage)
      loaded.described.append(
        MetadataTables.Described(
          name: t.name, type: "table", title: about.title, description: about.text,
          kind: t.header.kind.rawValue, stage: t.header.stage, rows: outcome.rows,
          sourceFile: t.path, sourceSize: print.size, sourceCRC: print.crc32 ?? "",
          columns: t.columns.map { ($0.name, $0.type, $0.unit, $0.description) }))
      if t.header.kind == .daily || loaded.facts.isEmpty { loaded.facts = t.header.facts }
    }
    if let devices { loaded.described.append(devices.described) }
    return loaded
  }

  /// Creates the `daily_wide` view over `daily` and returns its description.
  static func createDailyWide(in db: SQLiteDatabase, stage: String) throws
    -> MetadataTables.Described
  {
    let columns = try DailyWideView.columns(in: db)
    try db.execute(DailyWideView.createStatement(columns))
    return MetadataTables.Described(
      name: DailyWideView.name, type: "view", title: "Daily values, one row per day",
      description: "One row per day, one column per daily series healthpipe knows, "
        + "scaled and rounded as daily.csv writes them (units in metadata_columns); "
        + "metrics it does not know are rows of daily.",
      kind: "view", stage: stage, rows: -1, sourceFile: "", sourceSize: 0,
      sourceCRC: "",
      columns: [("day", "TEXT", "", "The local day, yyyy-mm-dd.")]
        + columns.map {
          (
            $0.name, $0.format.decimals == 0 ? "INTEGER" : "REAL", $0.format.unit,
            $0.description
          )
        })
  }
}
