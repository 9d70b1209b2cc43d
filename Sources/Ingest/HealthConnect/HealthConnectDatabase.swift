import CSQLite
import HealthModel

/// A read-only connection to a Health Connect database file, opened `immutable`: SQLite
/// takes no lock, reads no `-wal`/`-shm` file and creates no journal, so the person's file
/// is never written, locked or given a file beside it (docs/ingest-health-connect.md,
/// "Reading the file"). Every SQLite failure becomes a `HealthError` (exit 65) naming the
/// export and, where there is one, the table.
final class HealthConnectDatabase {
  /// The input as the person gave it (a zip, or the database itself), for messages.
  let path: String
  private var handle: OpaquePointer?

  /// Opens `file` (the database, or a private copy of a zip's entry) read-only and
  /// immutable; messages name `path`.
  init(file: String, path: String) throws {
    self.path = path
    var db: OpaquePointer?
    let uri = "file:" + Self.uriEscaped(file) + "?mode=ro&immutable=1"
    let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(uri, &db, flags, nil)
    handle = db
    guard code == SQLITE_OK else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      close()
      throw HealthError.malformed(
        "cannot open the Health Connect database: \(message)", at: SourceLocation(file: path),
        hint: "export again from the phone (Settings → Health Connect → Export data)")
    }
    sqlite3_extended_result_codes(db, 1)
  }

  deinit { close() }

  /// Closes the connection (idempotent); statements must be finalised first.
  func close() {
    if let handle { sqlite3_close_v2(handle) }
    handle = nil
  }

  /// Prepares a query; `table` names the table in errors.
  func prepare(_ sql: String, table: String? = nil) throws -> HealthConnectStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else {
      throw failure(code, table: table)
    }
    return HealthConnectStatement(statement, database: self, table: table)
  }

  /// The first column of the first row of a query, as an integer (0 when there is none).
  func integer(_ sql: String, table: String? = nil) throws -> Int64 {
    let statement = try prepare(sql, table: table)
    return try statement.step() ? statement.int64(0) : 0
  }

  /// A `HealthError` (exit 65) for SQLite result `code`: a damaged or truncated file says
  /// so; anything else quotes SQLite.
  func failure(_ code: Int32, table: String?) -> HealthError {
    let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed"
    let place = table.map { " while reading \($0)" } ?? ""
    switch code & 0xFF {
    case SQLITE_CORRUPT, SQLITE_NOTADB:
      return HealthError.malformed(
        "the Health Connect database is damaged or truncated\(place): \(message)",
        at: SourceLocation(file: path),
        hint: "copy the export from the phone again, or export again (Settings → Health "
          + "Connect → Export data); the file must be complete")
    case SQLITE_IOERR:
      return HealthError(
        .ioError, "cannot read the Health Connect database\(place): \(message)",
        at: SourceLocation(file: path), hint: "check that the file is readable and complete")
    default:
      return HealthError.malformed(
        "SQLite cannot read the Health Connect database\(place): \(message)",
        at: SourceLocation(file: path),
        hint: "check that this is a Health Connect export; healthpipe reads it read-only")
    }
  }

  /// `path` with the characters a URI gives a meaning escaped (`%`, `?`, `#`).
  static func uriEscaped(_ path: String) -> String {
    var out = ""
    for scalar in path.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "?": out += "%3F"
      case "#": out += "%23"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

/// A prepared query of a `HealthConnectDatabase`: step through its rows and read columns by
/// index. Finalised when released.
final class HealthConnectStatement {
  private let statement: OpaquePointer
  private let database: HealthConnectDatabase
  private let table: String?

  init(_ statement: OpaquePointer, database: HealthConnectDatabase, table: String?) {
    self.statement = statement
    self.database = database
    self.table = table
  }

  deinit { sqlite3_finalize(statement) }

  /// Moves to the next row; false after the last. A damaged page is an error (exit 65).
  @inline(__always)
  func step() throws -> Bool {
    let code = sqlite3_step(statement)
    if code == SQLITE_ROW { return true }
    if code == SQLITE_DONE { return false }
    throw database.failure(code, table: table)
  }

  /// The storage class of a column in the current row.
  @inline(__always)
  func type(_ column: Int32) -> HealthConnectValueType {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_INTEGER: .integer
    case SQLITE_FLOAT: .real
    case SQLITE_TEXT: .text
    case SQLITE_BLOB: .blob
    default: .null
    }
  }

  /// An integer column (0 for NULL).
  @inline(__always)
  func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

  /// A real column (0 for NULL).
  @inline(__always)
  func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

  /// A text column (nil for NULL).
  func text(_ column: Int32) -> String? {
    guard let bytes = sqlite3_column_text(statement, column) else { return nil }
    let count = Int(sqlite3_column_bytes(statement, column))
    return String(
      decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// The number of columns of the result.
  var columnCount: Int32 { sqlite3_column_count(statement) }
}

/// SQLite's storage classes, as a value in a row has one.
enum HealthConnectValueType: Sendable {
  case integer, real, text, blob, null
}
