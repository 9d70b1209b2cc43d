import Foundation
import HealthModel

/// What `healthpipe inspect` reports about a table file: its header, schema, row and block
/// counts, and whether every checksum held.
public struct TableInspection: Sendable, Codable {
  /// The file.
  public var path: String
  /// Size in bytes.
  public var bytes: Int64
  /// The header.
  public var header: TableHeader
  /// Rows in the file.
  public var rows: Int64
  /// Blocks in the file.
  public var blocks: Int
  /// Whether every block CRC and the footer checked out.
  public var checksumsOK: Bool
  /// The problem found, if any.
  public var problem: String?
  /// Row counts by the value of the table's first string column that names a metric
  /// (`metric` or `code`), when it has one.
  public var countsByKey: [String: Int64]
  /// Which column `countsByKey` groups by.
  public var groupedBy: String?

  /// Reads the whole file, checking every block. A damaged body is reported (not thrown);
  /// an unreadable header throws.
  public static func inspect(path: String) throws -> TableInspection {
    let reader = try TableFileReader(path: path)
    let keyColumn = ["metric", "code", "goal"].compactMap { reader.header.columnIndex($0) }.first
    var counts: [String: Int64] = [:]
    var problem: String?
    do {
      while let block = try reader.nextBlock() {
        if let k = keyColumn {
          let column = block.columns[k]
          for row in 0..<block.rowCount { counts[column.string(at: row), default: 0] += 1 }
        }
      }
    } catch let error as HealthError {
      problem = error.location.map { "\($0): \(error.message)" } ?? error.message
    }
    return TableInspection(
      path: path, bytes: reader.fileSize, header: reader.header, rows: reader.rowsRead,
      blocks: reader.blocksRead, checksumsOK: problem == nil, problem: problem,
      countsByKey: counts, groupedBy: keyColumn.map { reader.header.columns[$0].name })
  }

  /// Human-readable summary.
  public func text() -> String {
    var t = "\(path)\n"
    t += "  kind:      \(header.kind.rawValue) (format v\(header.version))\n"
    t += "  written:   by \(header.stage), healthpipe \(header.toolVersion)\n"
    t += "  size:      \(bytes) bytes, \(rows) rows in \(blocks) blocks\n"
    t += "  checksums: " + (checksumsOK ? "ok" : "FAILED: \(problem ?? "")") + "\n"
    t += "  columns:\n"
    for c in header.columns {
      var line = "    \(c.name) \(c.type.rawValue)"
      if c.nullable { line += "?" }
      if let unit = c.unit { line += " [\(unit)]" }
      t += line + "\n"
    }
    if !header.inputs.isEmpty {
      t += "  inputs:\n"
      for i in header.inputs {
        var line = "    [\(i.index)] \(i.path) (\(i.format), \(i.size) bytes"
        line += i.crc32.isEmpty ? ")" : ", crc32 \(i.crc32))"
        if let p = i.problem { line += " \(p.kind.rawValue) in \(p.stage): \(p.message)" }
        t += line + "\n"
      }
    }
    if let facts = try? header.facts.fields(), !facts.isEmpty {
      t += "  facts:\n"
      for (k, v) in facts { t += "    \(k) = \(v)\n" }
    }
    if let groupedBy, !countsByKey.isEmpty {
      t += "  rows by \(groupedBy):\n"
      for (k, v) in countsByKey.sorted(by: { $0.key < $1.key }) { t += "    \(k): \(v)\n" }
    }
    return t
  }

  /// JSON summary with sorted keys.
  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    } catch {
      throw HealthError.internalError("cannot encode the inspection: \(error)")
    }
  }
}
