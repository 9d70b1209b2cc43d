import HealthSystem

/// Reads an Android Health Connect export: the `Health Connect.zip` that Settings → Health
/// Connect → Export data writes (one entry, `health_connect_export.db`), or that database
/// itself (docs/ingest-health-connect.md).
///
/// - The database is opened read-only and immutable through the system SQLite; a zip's
///   entry is copied to a private temporary file first (`HealthConnectFile`).
/// - Every table of `HealthConnectTable.all` the database has is read, columns found by
///   name whatever the schema version; each row becomes samples or rejects, counted under
///   its table's name. Tables the reader does not read are listed in the manifest's notes
///   with their row counts, and in its extras (`notRead.<table>`).
/// - The apps, devices and the person's per-category source order go to the samples
///   table's header as `HealthConnectFacts`, which clean's priority rules use.
public struct HealthConnectReader: InputReader {
  /// `health-connect`.
  public static let format = InputFormat.healthConnect

  /// Where a zip's database is copied to be read; nil: `$TMPDIR`, else `/tmp`.
  public var temporaryFolder: String?

  /// A reader; `temporaryFolder` as above.
  public init(temporaryFolder: String? = nil) { self.temporaryFolder = temporaryFolder }

  public func read(
    path: String, into sink: IngestSink, options: ReaderOptions, progress: ProgressMeter
  ) throws {
    let file = try HealthConnectFile(path: path, temporaryFolder: temporaryFolder)
    defer { file.remove() }
    sink.notes += file.notes
    progress.begin(stage: "ingest \(path)")
    defer { progress.end() }
    let database = try HealthConnectDatabase(file: file.databasePath, path: path)
    defer { database.close() }
    let schema = try HealthConnectSchema(database)
    let apps = try HealthConnectApps(
      database: database, schema: schema, input: Int(sink.inputIndex))
    let records = HealthConnectRecords(
      database: database, schema: schema, sink: sink, apps: apps, progress: progress)
    for table in HealthConnectTable.all {
      if !schema.has(table.name) && schema.version >= table.since {
        sink.notes.append(
          "table \(table.name) is missing (schema version \(schema.version) has it): nothing "
            + "read from it")
      }
      try records.read(table)
    }
    try noteUnread(database: database, schema: schema, sink: sink)
    let facts = records.apps.facts
    for (app, count) in records.apps.unknownApps.sorted(by: { $0.key < $1.key }) {
      sink.notes.append(
        "\(count) records name app \(app), which application_info_table does not hold "
          + "(source \"unknown app \(app)\")")
    }
    if !schema.has("health_data_category_priority_table") {
      sink.notes.append(
        "no health_data_category_priority_table: clean uses the pipeline's priority list")
    } else if facts.unknownAppIds > 0 {
      sink.notes.append(
        "\(facts.unknownAppIds) app ids in the priority lists are not in application_info_table")
    }
    sink.notes.append("Health Connect schema version \(schema.version)")
    sink.healthConnect = facts
  }

  /// Lists every table the reader does not read, with its row count (`not read:`), and
  /// counts them in the extras.
  private func noteUnread(
    database: HealthConnectDatabase, schema: HealthConnectSchema, sink: IngestSink
  ) throws {
    var read = Set(HealthConnectTable.all.map(\.name))
    read.formUnion(HealthConnectTable.children.keys)
    read.formUnion(HealthConnectTable.metadata)
    var unread: [String] = []
    for table in schema.columns.keys.sorted() where !read.contains(table) {
      if table.hasPrefix("sqlite_") || table == "android_metadata" { continue }
      let rows = try database.integer(
        "SELECT count(*) FROM \(HealthConnectSchema.quoted(table))", table: table)
      sink.extra["notRead.\(table)"] = rows
      unread.append("\(table) (\(rows) rows)")
    }
    if !unread.isEmpty {
      sink.notes.append("tables not read: " + unread.joined(separator: ", "))
    }
  }
}
