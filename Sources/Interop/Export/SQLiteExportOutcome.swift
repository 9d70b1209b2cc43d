import HealthCore

/// What `SQLiteExport.run` did, as values for the command line and the pipeline: the
/// manifest it wrote beside the database, and how many tables and rows went in (so no
/// caller reads counts back out of the manifest by key).
public struct SQLiteExportOutcome: Sendable {
  /// The export's manifest (`health.sqlite.manifest.json`).
  public var manifest: StageManifest
  /// Table files loaded, one SQLite table each.
  public var tables: Int
  /// Rows inserted over all those tables.
  public var rows: Int64
}
