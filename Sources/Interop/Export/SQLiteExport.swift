import HealthCore
import HealthModel
import HealthSystem

/// What `healthpipe export WORK --format sqlite` and a pipeline's `[export] sqlite` do.
public struct SQLiteExportOptions: StageOptions {
  /// A work folder (its tables and those of its sub-folders), an aggregate folder, or one
  /// table file.
  public var source: String
  /// The table files to read instead of those found in `source` (a pipeline names its
  /// work files; `source` is then only recorded in `metadata`).
  public var tables: [String]?
  /// The database file to write (replaced atomically).
  public var output: String
  /// Datasette's `metadata.json`; default `<output without extension>.metadata.json`
  /// beside the database.
  public var datasetteMetadata: String?

  /// Creates options.
  public init(
    source: String, tables: [String]? = nil, output: String, datasetteMetadata: String? = nil
  ) {
    self.source = source
    self.tables = tables
    self.output = output
    self.datasetteMetadata = datasetteMetadata
  }

  /// What changes the database: its path (recorded in `metadata`) and the schema's layout
  /// version; the tables are the stage's inputs.
  public var cacheKey: [String: String] {
    ["sqlite": output, "layout": String(SQLiteExport.layoutVersion)]
  }

  /// The Datasette metadata path that will be written.
  public var datasetteMetadataPath: String {
    datasetteMetadata ?? DatasetteMetadata.path(besides: output)
  }
}

/// Writes every table of a work folder into one SQLite database with proper types, keys,
/// indexes, the `daily_wide` view and metadata tables, plus Datasette's `metadata.json`
/// beside it and a manifest (`<output>.manifest.json`). The database is built in a
/// temporary file in the output's folder and renamed into place when complete: a reader
/// (Datasette, a nightly job's consumer) sees the old database or the new one, never a
/// half-written one (docs/interop.md).
public enum SQLiteExport {
  /// The name in manifests and pipeline outcomes.
  public static let name = "export"
  /// The layout version of the database (`PRAGMA user_version`, `metadata`): a pipeline
  /// rewrites its database when it changes.
  public static var layoutVersion: Int { MetadataTables.layoutVersion }

  /// The table files `run` would read for `source` (for a pipeline stage's inputs).
  public static func tableFiles(in source: String) throws -> [String] {
    try WorkFolderTables.find(source).map(\.path)
  }

  /// Writes the database and returns its manifest with the tables and rows loaded. Throws
  /// `HealthError` (66 no tables, 65 damaged table, 64 two tables of one kind, 73/74 output).
  @discardableResult
  public static func run(_ o: SQLiteExportOptions, progress: ProgressMeter) throws
    -> SQLiteExportOutcome
  {
    let started = SystemCalls.monotonicSeconds()
    let tables = try o.tables.map(WorkFolderTables.named) ?? WorkFolderTables.find(o.source)
    let datasette = o.datasetteMetadataPath
    try OutputCollision.check(
      outputs: [o.output, datasette, StageManifest.path(for: o.output)],
      inputs: tables.map(\.path))
    if SystemCalls.isDirectory(o.output) {
      throw HealthError(
        .cannotCreate, "the database path is a folder", at: SourceLocation(file: o.output),
        hint: "give a file name, e.g. \(o.output)/health.sqlite")
    }
    var inputs: [FileFingerprint] = []
    for t in tables { inputs.append(try FileFingerprint.withChecksum(t.path)) }

    let file = try AtomicFileWriter(destination: o.output)
    var loaded = LoadedTables()
    do {
      let db = try SQLiteDatabase(file: file.temporaryPath, path: o.output)
      try configure(db)
      progress.begin(stage: name, totalBytes: 0)
      loaded = try load(tables, fingerprints: inputs, into: db, progress: progress)
      progress.end()
      var unknown: [(metric: String, units: String)] = []
      if let daily = tables.first(where: { $0.header.kind == .daily }) {
        loaded.described.append(try createDailyWide(in: db, stage: daily.header.stage))
        unknown = try unknownMetrics(db)
      }
      let factRows = try metadataFacts(source: o.source, facts: loaded.facts)
      try MetadataTables.write(
        into: db, described: loaded.described, facts: factRows, tables: tables,
        unknownMetrics: unknown)
      try db.execute("PRAGMA journal_mode = DELETE")
      db.close()
      try file.commit()
    } catch {
      file.abandon()
      throw error
    }
    let json = DatasetteMetadata(
      database: DatasetteMetadata.databaseName(o.output),
      described: loaded.described + MetadataTables.ownDescriptions, facts: loaded.facts)
    try AtomicFileWriter.write(try json.json(), to: datasette)

    var manifest = StageManifest(
      stage: name, inputs: inputs,
      outputs: [o.output, datasette].compactMap { FileFingerprint.stat($0) },
      settings: ["source": o.source, "layoutVersion": String(MetadataTables.layoutVersion)],
      totals: loaded.totals, notes: loaded.notes)
    manifest.wallSeconds = SystemCalls.monotonicSeconds() - started
    manifest.peakRSSBytes = SystemCalls.peakRSSBytes()
    try manifest.write(to: StageManifest.path(for: o.output))
    return SQLiteExportOutcome(
      manifest: manifest, tables: tables.count, rows: loaded.rowsLoaded)
  }

  /// Settings for a one-shot build into a file no one else has open yet: no journal (a
  /// failure abandons the whole file), no syncs until the end (the rename is the commit),
  /// large pages and a bounded page cache (memory stays flat; SQLite spills to the file).
  /// The page size is set before the first table exists, as SQLite requires.
  static func configure(_ db: SQLiteDatabase) throws {
    try db.execute(
      """
      PRAGMA page_size = 16384;
      PRAGMA journal_mode = OFF;
      PRAGMA synchronous = OFF;
      PRAGMA locking_mode = EXCLUSIVE;
      PRAGMA cache_size = -32768;
      PRAGMA application_id = \(applicationID);
      PRAGMA user_version = \(MetadataTables.layoutVersion);
      """)
  }

  /// `PRAGMA application_id`: "HPDB", so `file(1)`-like tools can tell the database.
  static let applicationID: Int32 = 0x4850_4442

  /// The metrics in `daily` that healthpipe does not know, with their units.
  private static func unknownMetrics(_ db: SQLiteDatabase) throws -> [(
    metric: String, units: String
  )] {
    let query = try db.prepare(
      "SELECT metric, group_concat(DISTINCT unit) FROM daily GROUP BY metric ORDER BY metric")
    var out: [(String, String)] = []
    while try query.next() {
      let metric = query.text(0)
      if SeriesVocabulary.format(of: MetricID(metric)) == nil {
        out.append((metric, query.text(1)))
      }
    }
    return out
  }

  /// The `metadata` rows: fixed facts first, then the header facts of the daily table (or
  /// of the first table read), one row per field by its dotted path (`StageFacts.fields`),
  /// in path order.
  private static func metadataFacts(source: String, facts: StageFacts) throws -> [(
    String, String
  )] {
    var rows: [(String, String)] = [
      ("healthpipe", "\(ToolInfo.name) \(ToolInfo.version)"),
      ("layoutVersion", String(MetadataTables.layoutVersion)),
      ("source", source),
    ]
    for (path, value) in try facts.fields() where !rows.contains(where: { $0.0 == path }) {
      rows.append((path, value))
    }
    return rows
  }
}
