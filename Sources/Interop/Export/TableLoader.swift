import HealthCore
import HealthModel
import HealthSystem

/// Streams one table file into its SQLite table: a background thread reads, checks and
/// decodes the next blocks while this one binds rows into one prepared INSERT, in
/// transactions of `rowsPerTransaction` rows, so memory stays at a few blocks whatever the
/// table's size (docs/interop.md, "How it is written"). Indexes are made after the rows.
struct TableLoader {
  /// Rows per transaction: large enough that commits cost nothing measurable, small enough
  /// that nothing waits on one huge transaction.
  static let rowsPerTransaction = 131_072

  /// What loading one table took.
  struct Outcome {
    var rows: Int64
    var insertSeconds: Double
    var indexSeconds: Double
  }

  let table: SQLiteTable
  let database: SQLiteDatabase
  /// Where device texts go (samples tables).
  let devices: DeviceTable?

  /// Creates the table, inserts every row, then makes its indexes.
  func load(progress: (Int64) -> Void) throws -> Outcome {
    let started = SystemCalls.monotonicSeconds()
    try database.execute(table.createStatement)
    let insert = try database.prepare(table.insertStatement)
    let plan = ColumnPlan(table)
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: ISOText.capacity * plan.count)
    defer { scratch.deallocate() }
    var rows: Int64 = 0
    var inTransaction: Int64 = 0
    try database.execute("BEGIN")
    try TableFile.streamBlocks(
      from: table.path, kind: table.header.kind,
      columns: TableSchemas.columns(of: table.header.kind)
    ) { block in
      try plan.insert(
        block, firstRow: rows, with: insert, devices: devices, scratch: scratch)
      rows += Int64(block.rowCount)
      inTransaction += Int64(block.rowCount)
      if inTransaction >= Self.rowsPerTransaction {
        try database.execute("COMMIT; BEGIN")
        inTransaction = 0
      }
      progress(Int64(block.rowCount))
    }
    try database.execute("COMMIT")
    let inserted = SystemCalls.monotonicSeconds()
    for statement in table.indexStatements { try database.execute(statement) }
    return Outcome(
      rows: rows, insertSeconds: inserted - started,
      indexSeconds: SystemCalls.monotonicSeconds() - inserted)
  }
}

/// How each SQL column of a table is bound from a decoded block.
struct ColumnPlan {
  enum Binding {
    case integer(Int)
    case real(Int)
    case flag(Int)
    case text(Int)
    case day(Int)
    case time(Int, offset: Int?)
    case rowNumber
    case localDay(start: Int, offset: Int)
    case device(Int)
  }

  let bindings: [Binding]
  let nullable: [Bool]
  var count: Int { bindings.count }

  init(_ table: SQLiteTable) {
    let specs = table.header.columns
    var bindings: [Binding] = []
    var nullable: [Bool] = []
    for column in table.columns {
      switch column.source {
      case .rowNumber:
        bindings.append(.rowNumber)
        nullable.append(false)
      case .localDay(let start, let offset):
        bindings.append(.localDay(start: start, offset: offset))
        nullable.append(specs[start].nullable || specs[offset].nullable)
      case .device(let i):
        bindings.append(.device(i))
        nullable.append(false)
      case .column(let i):
        nullable.append(specs[i].nullable)
        switch specs[i].type {
        case .int64: bindings.append(.integer(i))
        case .float64: bindings.append(.real(i))
        case .bool: bindings.append(.flag(i))
        case .string: bindings.append(.text(i))
        case .day: bindings.append(.day(i))
        case .timestamp: bindings.append(.time(i, offset: table.offsetColumn))
        }
      }
    }
    self.bindings = bindings
    self.nullable = nullable
  }

  /// Binds and inserts every row of `block`. The block's string dictionaries are laid out
  /// once in one buffer and bound in place; times and days are written into `scratch`
  /// (one slot per column) and copied by SQLite.
  func insert(
    _ block: DecodedBlock, firstRow: Int64, with statement: SQLiteStatement,
    devices: DeviceTable?, scratch: UnsafeMutablePointer<UInt8>
  ) throws {
    let strings = StringArena(block)
    var deviceIDs: [Int: [Int64]] = [:]
    for case .device(let c) in bindings {
      guard let devices else { throw HealthError.internalError("no devices table for \(c)") }
      let dictionary = block.columns[c].stringDictionary
      // An empty dictionary holds only "" rows.
      deviceIDs[c] = try devices.ids(for: dictionary.isEmpty ? [""] : dictionary)
    }
    defer {
      statement.clearBindings()
      strings.release()
    }
    let columns = block.columns
    var days = ISOText.Cache()
    for row in 0..<block.rowCount {
      for (p, binding) in bindings.enumerated() {
        let index = Int32(p + 1)
        let slot = scratch + p * ISOText.capacity
        switch binding {
        case .rowNumber:
          statement.bind(index, firstRow + Int64(row) + 1)
        case .integer(let c):
          if columns[c].isNull(row) {
            statement.bindNull(index)
          } else {
            statement.bind(index, columns[c].ints[row])
          }
        case .real(let c):
          if columns[c].isNull(row) {
            statement.bindNull(index)
          } else {
            statement.bind(index, columns[c].doubles[row])
          }
        case .flag(let c):
          if columns[c].isNull(row) {
            statement.bindNull(index)
          } else {
            statement.bind(index, columns[c].bools[row] ? Int64(1) : 0)
          }
        case .text(let c):
          strings.bind(column: c, row: row, to: index, of: statement)
        case .device(let c):
          let indices = block.columns[c].stringIndices
          statement.bind(index, deviceIDs[c]![indices.isEmpty ? 0 : Int(indices[row])])
        case .day(let c):
          if columns[c].isNull(row) {
            statement.bindNull(index)
          } else {
            statement.bindCopy(
              index, slot, ISOText.day(columns[c].ints[row], into: slot, cache: &days))
          }
        case .time(let c, let offsetColumn):
          if columns[c].isNull(row) {
            statement.bindNull(index)
          } else {
            var offset: Int64?
            if let o = offsetColumn, !columns[o].isNull(row) { offset = columns[o].ints[row] }
            let n = ISOText.time(columns[c].ints[row], offset: offset, into: slot, cache: &days)
            statement.bindCopy(index, slot, n)
          }
        case .localDay(let start, let offsetColumn):
          if columns[start].isNull(row) || columns[offsetColumn].isNull(row) {
            statement.bindNull(index)
          } else {
            let day = CivilDate.floorDiv(
              columns[start].ints[row] &+ columns[offsetColumn].ints[row], 86_400)
            statement.bindCopy(index, slot, ISOText.day(day, into: slot, cache: &days))
          }
        }
      }
      try statement.step()
      statement.reset()
    }
  }
}

/// A block's string dictionaries as UTF-8 in one allocation, so a row's text is bound by
/// pointer and length without a copy (`SQLiteStatement.bindStatic`).
struct StringArena {
  private let storage: UnsafeMutablePointer<UInt8>
  /// Per column: start offsets of its dictionary entries, and one past the last (empty
  /// for other columns).
  private let offsets: [[Int]]
  private let indices: [[UInt32]]
  private let validity: [[Bool]]

  init(_ block: DecodedBlock) {
    var total = 0
    for column in block.columns where column.spec.type == .string {
      for entry in column.stringDictionary { total += entry.utf8.count }
    }
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(total, 1))
    self.storage = storage
    var offsets: [[Int]] = []
    var position = 0
    for column in block.columns {
      guard column.spec.type == .string else {
        offsets.append([])
        continue
      }
      var starts = [position]
      for entry in column.stringDictionary {
        var copy = entry
        copy.withUTF8 { bytes in
          if let base = bytes.baseAddress {
            (storage + position).update(from: base, count: bytes.count)
          }
          position += bytes.count
        }
        starts.append(position)
      }
      offsets.append(starts)
    }
    self.offsets = offsets
    indices = block.columns.map(\.stringIndices)
    validity = block.columns.map(\.validity)
  }

  /// Binds row `row`'s text of column `column` (NULL where the row has none).
  @inline(__always)
  func bind(column: Int, row: Int, to index: Int32, of statement: SQLiteStatement) {
    if !validity[column].isEmpty && !validity[column][row] {
      statement.bindNull(index)
      return
    }
    let starts = offsets[column]
    guard starts.count > 1 else {
      statement.bindStatic(index, storage, 0)  // no dictionary: every row is ""
      return
    }
    let entry = Int(indices[column][row])
    statement.bindStatic(index, storage + starts[entry], starts[entry + 1] - starts[entry])
  }

  /// Frees the text (after the statement's bindings are cleared).
  func release() { storage.deallocate() }
}

/// The columns this healthpipe writes for each table kind.
enum TableSchemas {
  static func columns(of kind: TableKind) -> [ColumnSpec] {
    switch kind {
    case .samples: Sample.columns
    case .rejects: Reject.columns
    case .daily: DailyValue.columns
    case .baselines: BaselineRow.columns
    case .scores: ScoreRow.columns
    case .streaks: StreakRow.columns
    case .weekly: WeeklyRow.columns
    case .habits: HabitDayRow.columns
    }
  }
}
