import CSQLite
import HealthModel

/// One connection to a SQLite database file, opened for writing. Every call goes through
/// here, so every SQLite failure becomes a `HealthError` naming the file (exit 74 for
/// I/O and full disks, 73 when the file cannot be opened, 65 for a constraint a table's
/// rows break).
final class SQLiteDatabase {
  /// The file messages name: the destination, not the temporary file being built.
  let path: String
  private(set) var handle: OpaquePointer?

  /// Opens (creating) the database file `file`; errors name `path`.
  init(file: String, path: String) throws {
    _ = Self.configured
    self.path = path
    var db: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(file, &db, flags, nil)
    handle = db
    guard code == SQLITE_OK else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close(db)
      handle = nil
      throw HealthError(
        .cannotCreate, "cannot create the SQLite database: \(message)",
        at: SourceLocation(file: path), hint: "check that the folder exists and is writable")
    }
    sqlite3_extended_result_codes(db, 1)
  }

  deinit { close() }

  /// Process-wide settings, made once before the first connection.
  private static let configured: Int32 = healthpipe_sqlite3_disable_memstatus()

  /// Closes the connection (idempotent). Statements must be finalised first.
  func close() {
    if let handle { sqlite3_close_v2(handle) }
    handle = nil
  }

  /// Runs one or more statements that return no rows.
  func execute(_ sql: String) throws {
    var error: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &error)
    guard code == SQLITE_OK else {
      let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
      sqlite3_free(error)
      throw failure(code, message, doing: String(sql.prefix(80)))
    }
  }

  /// Prepares a statement.
  func prepare(_ sql: String) throws -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK, let statement else {
      throw failure(code, lastMessage, doing: String(sql.prefix(80)))
    }
    return SQLiteStatement(statement, database: self)
  }

  /// The last error message of this connection.
  var lastMessage: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed" }

  /// A `HealthError` for result `code`: full disk and I/O errors are 74, a broken
  /// constraint (two rows with one primary key: a damaged or hand-made table) is 65,
  /// anything else is an internal error (70).
  func failure(_ code: Int32, _ message: String, doing: String) -> HealthError {
    let location = SourceLocation(file: path)
    switch code & 0xFF {
    case SQLITE_FULL, SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM:
      return HealthError(
        .ioError, "cannot write the SQLite database: \(message)", at: location,
        hint: "check the free space and permissions of the output folder")
    case SQLITE_CONSTRAINT:
      return HealthError(
        .dataError, "a table's rows break the database's keys: \(message)", at: location,
        hint: "the table was damaged or edited; rerun the stage that wrote it")
    default:
      return HealthError.internalError("SQLite error \(code) (\(message)) while \(doing)")
    }
  }
}
