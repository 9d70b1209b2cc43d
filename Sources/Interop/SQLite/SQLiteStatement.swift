import CSQLite

/// A prepared statement: bind by 1-based position, `step()`, `reset()`. Text bound with
/// `bindStatic` must stay alive until the next `clearBindings()` (the loader binds a
/// block's string dictionary that way, without a copy per row).
final class SQLiteStatement {
  private let statement: OpaquePointer
  private unowned let database: SQLiteDatabase

  init(_ statement: OpaquePointer, database: SQLiteDatabase) {
    self.statement = statement
    self.database = database
  }

  deinit { sqlite3_finalize(statement) }

  /// An integer.
  @inline(__always) func bind(_ index: Int32, _ value: Int64) {
    sqlite3_bind_int64(statement, index, value)
  }

  /// A float (NaN is stored as NULL by SQLite).
  @inline(__always) func bind(_ index: Int32, _ value: Double) {
    sqlite3_bind_double(statement, index, value)
  }

  /// NULL.
  @inline(__always) func bindNull(_ index: Int32) { sqlite3_bind_null(statement, index) }

  /// UTF-8 text that SQLite copies.
  @inline(__always) func bindCopy(_ index: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) {
    let text = UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self)
    sqlite3_bind_text(statement, index, text, Int32(count), Self.transient)
  }

  /// UTF-8 text that SQLite reads in place until the binding changes.
  @inline(__always) func bindStatic(_ index: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) {
    let text = UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self)
    sqlite3_bind_text(statement, index, text, Int32(count), nil)
  }

  /// A Swift string (copied).
  func bind(_ index: Int32, _ text: String) {
    var copy = text
    copy.withUTF8 { bindCopy(index, $0.baseAddress ?? Self.empty, $0.count) }
  }

  /// Runs the statement to its end (an INSERT); throws the connection's error.
  @inline(__always) func step() throws {
    let code = sqlite3_step(statement)
    if code != SQLITE_DONE && code != SQLITE_ROW {
      throw database.failure(code, database.lastMessage, doing: "inserting a row")
    }
  }

  /// Runs to the next result row: true when there is one, false at the end.
  func next() throws -> Bool {
    let code = sqlite3_step(statement)
    if code == SQLITE_ROW { return true }
    if code == SQLITE_DONE { return false }
    throw database.failure(code, database.lastMessage, doing: "reading a query")
  }

  /// Column `index` (from 0) of the current row as text ("" for NULL).
  func text(_ index: Int32) -> String {
    guard let p = sqlite3_column_text(statement, index) else { return "" }
    return String(cString: p)
  }

  /// Column `index` (from 0) of the current row as an integer (0 for NULL).
  func integer(_ index: Int32) -> Int64 { sqlite3_column_int64(statement, index) }

  /// Makes the statement ready to run again (bindings stay).
  @inline(__always) func reset() { sqlite3_reset(statement) }

  /// Drops every binding (after the text they point to is gone).
  func clearBindings() { sqlite3_clear_bindings(statement) }

  /// SQLite's "copy this text" destructor (`SQLITE_TRANSIENT`, -1), which the C macro
  /// spells as a cast Swift cannot import.
  nonisolated(unsafe) private static let transient = unsafeBitCast(
    OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
  nonisolated(unsafe) private static let empty: UnsafePointer<UInt8> = {
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    p.pointee = 0
    return UnsafePointer(p)
  }()
}
