import CSQLite

/// The generator's connection to the SQLite file it builds (a synthetic Health Connect
/// database): run statements, insert rows through prepared statements. Failures are
/// `SyntheticErrors` naming the file.
final class SQLiteFileWriter {
  private var handle: OpaquePointer?
  let path: String

  /// Creates (or opens) `path` for writing, without a journal: the file is a private
  /// temporary until the export is complete.
  init(path: String) throws {
    self.path = path
    var db: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close(db)
      throw SyntheticErrors.internalError("cannot create \(path): \(message)")
    }
    handle = db
    try execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
  }

  deinit { close() }

  /// Closes the connection (statements must be released first).
  func close() {
    if let handle { sqlite3_close_v2(handle) }
    handle = nil
  }

  /// Runs statements that return no rows.
  func execute(_ sql: String) throws {
    var error: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
      let message = error.map { String(cString: $0) } ?? "unknown error"
      sqlite3_free(error)
      throw SyntheticErrors.internalError("\(path): \(message) in \(sql.prefix(120))")
    }
  }

  /// The row id of the last row inserted.
  var lastRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Prepares an insert.
  func prepare(_ sql: String) throws -> SQLiteInsert {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement
    else {
      throw SyntheticErrors.internalError(
        "\(path): \(handle.map { String(cString: sqlite3_errmsg($0)) } ?? "") in \(sql)")
    }
    return SQLiteInsert(statement, path: path, handle: handle)
  }
}

/// A prepared insert: bind values by 1-based position, then `run()`.
final class SQLiteInsert {
  private let statement: OpaquePointer
  private let path: String
  private let handle: OpaquePointer?

  init(_ statement: OpaquePointer, path: String, handle: OpaquePointer?) {
    self.statement = statement
    self.path = path
    self.handle = handle
  }

  deinit { sqlite3_finalize(statement) }

  /// An integer.
  func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(statement, index, value) }
  /// A real.
  func bind(_ index: Int32, _ value: Double) { sqlite3_bind_double(statement, index, value) }
  /// Text (copied).
  func bind(_ index: Int32, _ text: String) {
    let destructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    sqlite3_bind_text(statement, index, text, -1, destructor)
  }
  /// A blob (copied).
  func bind(_ index: Int32, blob: [UInt8]) {
    let destructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    blob.withUnsafeBytes {
      _ = sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), destructor)
    }
  }
  /// NULL.
  func bindNull(_ index: Int32) { sqlite3_bind_null(statement, index) }

  /// Inserts the row and clears the statement for the next one.
  func run() throws {
    let code = sqlite3_step(statement)
    sqlite3_reset(statement)
    sqlite3_clear_bindings(statement)
    guard code == SQLITE_DONE else {
      throw SyntheticErrors.internalError(
        "\(path): \(handle.map { String(cString: sqlite3_errmsg($0)) } ?? "insert failed")")
    }
  }
}
