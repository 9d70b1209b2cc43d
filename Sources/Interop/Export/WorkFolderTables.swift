import Foundation
import HealthCore
import HealthModel
import HealthSystem

/// The table files of a work folder, found by what their headers say rather than by their
/// names: the `*.hpt` files in the folder and in its sub-folders one level down (the
/// `aggregate/` folder of `healthpipe run` and of the README's stage commands), or one table
/// file (docs/interop.md, "Which tables").
enum WorkFolderTables {
  /// Each table's SQL table, in the database's order: samples, ingest rejects, cleaned
  /// samples, clean rejects, daily, baselines, scores, streaks, weekly.
  static func find(_ source: String) throws -> [SQLiteTable] {
    var paths: [String] = []
    if SystemCalls.isDirectory(source) {
      let folder = source.hasSuffix("/") ? String(source.dropLast()) : source
      for name in try entries(folder) {
        let path = folder + "/" + name
        if SystemCalls.isDirectory(path) {
          for inner in try entries(path) where inner.hasSuffix(".hpt") {
            let file = path + "/" + inner
            if !SystemCalls.isDirectory(file) { paths.append(file) }
          }
        } else if name.hasSuffix(".hpt") {
          paths.append(path)
        }
      }
    } else if FileFingerprint.stat(source) != nil {
      paths = [source]
    } else {
      throw HealthError.missingInput(source, reason: "no such file or folder")
    }
    guard !paths.isEmpty else {
      throw HealthError(
        .noInput, "no table files (*.hpt) in the folder or its sub-folders",
        at: SourceLocation(file: source),
        hint: "pass the work folder of a pipeline (its `work`), an aggregate folder or a table file"
      )
    }
    return try named(paths.sorted())
  }

  /// The SQL tables of the table files `paths`, in the database's order.
  static func named(_ paths: [String]) throws -> [SQLiteTable] {
    var tables: [SQLiteTable] = []
    for path in paths {
      guard FileFingerprint.stat(path) != nil else {
        throw HealthError.missingInput(path, reason: "no such file")
      }
      tables.append(SQLiteTable(path: path, header: try TableFile.header(of: path)))
    }
    let byName = Dictionary(grouping: tables, by: \.name)
    for (name, same) in byName.sorted(by: { $0.key < $1.key }) where same.count > 1 {
      throw HealthError.usage(
        "\(same.count) tables would be the database's \(name) table: "
          + same.map(\.path).joined(separator: ", "),
        hint: "a database holds one table of each kind; move the others away or export a "
          + "folder that holds one set")
    }
    return tables.sorted { order($0) < order($1) }
  }

  private static func order(_ table: SQLiteTable) -> (Int, String) {
    let kinds: [TableKind] = [
      .samples, .rejects, .daily, .baselines, .scores, .streaks, .weekly, .habits,
    ]
    let stage = table.header.stage == "ingest" ? 0 : 1
    let kind = kinds.firstIndex(of: table.header.kind) ?? kinds.count
    // Ingest's two tables, then clean's, then the aggregate tables.
    let rank = kind <= 1 ? stage * 2 + kind : kind + 2
    return (rank, table.name)
  }

  /// The visible entries of a folder (no `.stamps`, no temporary files).
  private static func entries(_ folder: String) throws -> [String] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { !$0.hasPrefix(".") }.sorted()
    } catch {
      throw HealthError.missingInput(folder, reason: "cannot list the folder")
    }
  }
}
