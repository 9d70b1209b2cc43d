import HealthModel
import HealthSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a synthetic Android Health Connect export of the Apple period's days: the
/// `Health Connect.zip` Settings → Health Connect → Export data writes (one entry,
/// `health_connect_export.db`), built as a database of one schema version, and beside it
/// `health-connect-truth.csv`, each day's total of Android's merge
/// (`AndroidMergeTruth`): `date,metric,measure,value` with measure `android_total`, plus
/// whole-run counts of the records Android leaves out (`reversed_local`,
/// `not_in_priority_list`).
public enum HealthConnectExport {
  /// The schema versions the generator writes (docs/ingest-health-connect.md).
  public static let schemaVersions = HealthConnectSchemaSQL.versions
  /// The newest of them, the default.
  public static let defaultSchemaVersion = HealthConnectSchemaSQL.versions.last!
  /// The zip's name.
  public static let zipName = "Health Connect.zip"
  /// The database's name inside the zip.
  public static let entryName = "health_connect_export.db"
  /// The truth CSV's name.
  public static let truthName = "health-connect-truth.csv"

  /// Writes the zip (or, with `bareDatabase`, the `.db` itself) and the truth into
  /// `directory`.
  static func write(
    timeline: SyntheticTimeline, version: Int, to directory: String, bareDatabase: Bool = false
  ) throws -> [SyntheticFile] {
    guard schemaVersions.contains(version) else {
      throw HealthError.usage(
        "Health Connect schema version \(version) is not one the generator writes",
        hint: "use one of " + schemaVersions.map(String.init).joined(separator: ", "))
    }
    let base = directory.hasSuffix("/") ? directory : directory + "/"
    let temporary = base + ".health_connect_export.db.tmp-\(getpid())"
    unlink(temporary)
    TemporaryFiles.register(temporary)
    defer {
      unlink(temporary)
      TemporaryFiles.unregister(temporary)
    }
    let (items, truth) = try writeDatabase(timeline: timeline, version: version, to: temporary)
    var files: [SyntheticFile] = []
    let path = base + (bareDatabase ? entryName : zipName)
    let writer = try AtomicFileWriter(destination: path)
    let bytes: Int64
    if bareDatabase {
      bytes = try copy(temporary) { try writer.write($0) }
    } else {
      bytes = try zip(temporary, timeline: timeline) { try writer.write($0) }
    }
    try writer.commit()
    files.append(
      SyntheticFile(format: .healthConnect, path: path, bytes: bytes, items: items))
    let truthPath = base + truthName
    let truthWriter = try AtomicFileWriter(destination: truthPath)
    var text = truth.csv()
    try text.withUTF8 { try truthWriter.write(UnsafeRawBufferPointer($0)) }
    try truthWriter.commit()
    files.append(
      SyntheticFile(
        format: nil, path: truthPath, bytes: Int64(text.utf8.count), items: truth.rowCount))
    return files
  }

  /// Builds the database at `path`; returns the rows written and the truth.
  private static func writeDatabase(timeline: SyntheticTimeline, version: Int, to path: String)
    throws -> (rows: Int, truth: TruthLedger)
  {
    let calendar = timeline.calendar
    let builder = HealthConnectDayRecords(
      seed: timeline.options.seed, zones: calendar.zones, version: version)
    let database = try HealthConnectDatabaseWriter(path: path, version: version)
    var ledger = TruthLedger()
    var window: [(day: Int, records: [HealthConnectSyntheticRecord])] = []
    let merged = Set(HealthConnectMergedTables.all.map(\.table))
    var leftOut: [String: (reversed: Int, unlisted: Int)] = [:]
    var lastSettled = Int.min
    func settle(_ day: Int) {
      lastSettled = day
      let records = window.flatMap(\.records)
      for (table, metric, factor) in HealthConnectMergedTables.all {
        if let total = AndroidMergeTruth.total(day: day, table: table, records: records) {
          ledger.set(day, metric, "android_total", total * factor)
        }
      }
    }
    for day in calendar.appleFirst...calendar.appleLast {
      guard let plan = timeline.plan(day) else { continue }
      let records = builder.records(plan)
      for r in records {
        try database.write(r)
        if merged.contains(r.table) {
          if AndroidMergeTruth.priority(r.app) == nil {
            leftOut[r.table, default: (0, 0)].unlisted += 1
          } else if r.localEnd < r.localStart {
            leftOut[r.table, default: (0, 0)].reversed += 1
          }
        }
      }
      window.append((day, records.filter { merged.contains($0.table) }))
      // A day's records reach at most a day either side; settle the day two behind.
      if window.count == 5 {
        settle(window[2].day)
        window.removeFirst()
      }
    }
    for entry in window where entry.day > lastSettled { settle(entry.day) }
    try database.finish()
    for (table, metric, _) in HealthConnectMergedTables.all {
      let counts = leftOut[table] ?? (0, 0)
      ledger.set(Int.max, metric, "reversed_local", Double(counts.reversed))
      ledger.set(Int.max, metric, "not_in_priority_list", Double(counts.unlisted))
    }
    return (database.rows.values.reduce(0, +), ledger)
  }

  /// The database in a zip of one deflated entry.
  private static func zip(
    _ path: String, timeline: SyntheticTimeline,
    _ sink: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) throws -> Int64 {
    let options = timeline.options
    let zip = ZipWriter(
      options: ZipWriter.Options(forceZip64: options.forceZip64, level: options.compressionLevel),
      sink: sink)
    let epoch = timeline.calendar.exportEpoch
    let stamp = ZipTimestamp(
      epochSeconds: epoch, utcOffset: timeline.calendar.zones.offset(at: epoch))
    try zip.beginEntry(entryName, modified: stamp)
    _ = try copy(path) { try zip.write($0) }
    try zip.endEntry()
    return try zip.finish()
  }

  /// Streams a file's bytes to `sink`; returns the count.
  private static func copy(_ path: String, _ sink: (UnsafeRawBufferPointer) throws -> Void)
    throws -> Int64
  {
    let reader = try FileReader(path: path)
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var total: Int64 = 0
    while true {
      let n = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
      if n == 0 { break }
      try buffer.withUnsafeBytes { try sink(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
      total += Int64(n)
    }
    return total
  }
}
