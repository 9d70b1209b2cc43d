import HealthModel

/// A Swift type stored as one row of a typed table file.
///
/// `columns` fixes the schema; `write(to:)` and `init(reading:)` must visit the columns in
/// exactly that order with the matching accessor (`int`, `double`, `string`, ...).
public protocol TableRecord: Sendable {
  /// The table kind written into the header.
  static var tableKind: TableKind { get }
  /// The schema, in column order.
  static var columns: [ColumnSpec] { get }
  /// Writes the row's values in column order.
  func write(to row: inout RowWriter)
  /// Reads a row's values in column order. Throws for values that cannot occur in a valid
  /// file (an unknown enum word): the caller reports the table as corrupt.
  init(reading row: inout RowReader) throws
}

/// Appends one row's values, column by column, to the block being built.
public struct RowWriter {
  /// The writer's builders, unretained, one per column: the `TableWriter` keeps them (and
  /// this list) alive for as long as a row is being written. Skipping 16 retain/release
  /// pairs per row matters, and so does the pair an array of them cost per row.
  let builders: UnsafePointer<Unmanaged<ColumnBuilder>>
  var index = 0

  @inline(__always)
  private mutating func next(_ present: Bool, _ body: (ColumnBuilder) -> Void) {
    builders[index]._withUnsafeGuaranteedRef { builder in
      if builder.nullable { builder.validity.append(present) }
      body(builder)
    }
    index += 1
  }

  /// An int64 value.
  @inline(__always)
  public mutating func int(_ value: Int64) { next(true) { $0.ints.append(value) } }
  /// An optional int64 value.
  @inline(__always)
  public mutating func int(_ value: Int64?) { next(value != nil) { $0.ints.append(value ?? 0) } }
  /// A float64 value.
  @inline(__always)
  public mutating func double(_ value: Double) { next(true) { $0.doubles.append(value) } }
  /// An optional float64 value.
  @inline(__always)
  public mutating func double(_ value: Double?) {
    next(value != nil) { $0.doubles.append(value ?? 0) }
  }
  /// A string value.
  @inline(__always)
  public mutating func string(_ value: String) { next(true) { $0.appendString(value) } }
  /// A string value given as its UTF-8 bytes, which must be valid UTF-8 (they are written
  /// as they are): the bytes `string(String(decoding: utf8, as: UTF8.self))` writes, for
  /// writers that build a column's texts as bytes (the clean stage's reject reasons and
  /// values), with no `String` made per row.
  @inline(__always)
  public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
    next(true) { $0.appendString(utf8: utf8) }
  }
  /// A string value given as `texts[id]`, for writers that hold their texts as ids into
  /// one list (the clean stage's pools). Within one block of the table, an id must always
  /// name the same text; the bytes are those `string(texts[id])` writes.
  @inline(__always)
  public mutating func string(id: UInt32, in texts: [String]) {
    next(true) { $0.appendString(id: id, in: texts) }
  }
  /// A string value given as the text that `id` names, `text` giving it: read only at the
  /// id's first row in the block (`string(id:in:)` for writers whose list is a class's
  /// property, which would cost a retain and a release per row to hand on).
  @inline(__always)
  public mutating func string(id: UInt32, text: () -> String) {
    next(true) { $0.appendString(id: id, text: text) }
  }
  /// An optional string value.
  @inline(__always)
  public mutating func string(_ value: String?) {
    next(value != nil) { $0.appendString(value ?? "") }
  }
  /// A bool value.
  @inline(__always)
  public mutating func bool(_ value: Bool) { next(true) { $0.bools.append(value) } }
  /// An optional bool value.
  @inline(__always)
  public mutating func bool(_ value: Bool?) {
    next(value != nil) { $0.bools.append(value ?? false) }
  }
  /// A day value.
  @inline(__always)
  public mutating func day(_ value: LocalDay) {
    next(true) { $0.ints.append(Int64(value.dayNumber)) }
  }
  /// An optional day value.
  @inline(__always)
  public mutating func day(_ value: LocalDay?) {
    next(value != nil) { $0.ints.append(Int64(value?.dayNumber ?? 0)) }
  }
  /// An epoch-seconds value.
  @inline(__always)
  public mutating func timestamp(_ value: Int64) { next(true) { $0.ints.append(value) } }
  /// An optional epoch-seconds value.
  @inline(__always)
  public mutating func timestamp(_ value: Int64?) {
    next(value != nil) { $0.ints.append(value ?? 0) }
  }
}

/// Reads one row's values, column by column, from a decoded block.
public struct RowReader {
  let block: DecodedBlock
  let row: Int
  var index = 0

  init(block: DecodedBlock, row: Int) {
    self.block = block
    self.row = row
  }

  @inline(__always)
  private mutating func next() -> DecodedColumn {
    let column = block.columns[index]
    index += 1
    return column
  }

  /// An int64 value (0 if null).
  public mutating func int() -> Int64 { next().ints[row] }
  /// An optional int64 value.
  public mutating func optionalInt() -> Int64? {
    let c = next()
    return c.isNull(row) ? nil : c.ints[row]
  }
  /// A float64 value (0 if null).
  public mutating func double() -> Double { next().doubles[row] }
  /// An optional float64 value.
  public mutating func optionalDouble() -> Double? {
    let c = next()
    return c.isNull(row) ? nil : c.doubles[row]
  }
  /// A string value ("" if null).
  public mutating func string() -> String { next().string(at: row) }
  /// An optional string value.
  public mutating func optionalString() -> String? {
    let c = next()
    return c.isNull(row) ? nil : c.string(at: row)
  }
  /// A bool value (false if null).
  public mutating func bool() -> Bool { next().bools[row] }
  /// An optional bool value.
  public mutating func optionalBool() -> Bool? {
    let c = next()
    return c.isNull(row) ? nil : c.bools[row]
  }
  /// A day value.
  public mutating func day() -> LocalDay { LocalDay(dayNumber: Int32(truncatingIfNeeded: int())) }
  /// An optional day value.
  public mutating func optionalDay() -> LocalDay? {
    optionalInt().map { LocalDay(dayNumber: Int32(truncatingIfNeeded: $0)) }
  }
  /// An epoch-seconds value.
  public mutating func timestamp() -> Int64 { int() }
  /// An optional epoch-seconds value.
  public mutating func optionalTimestamp() -> Int64? { optionalInt() }
}

/// Thrown by `TableRecord.init(reading:)` for a value no valid file contains.
public struct InvalidTableValue: Error, Sendable {
  /// Column name.
  public var column: String
  /// The offending value.
  public var value: String
  /// Creates the error.
  public init(column: String, value: String) {
    self.column = column
    self.value = value
  }
}
