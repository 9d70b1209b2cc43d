/// One column of a decoded block. Only the storage of the column's type is filled.
public struct DecodedColumn: Sendable {
  /// The column's schema.
  public let spec: ColumnSpec
  /// Values of int64, day and timestamp columns (0 where null).
  public internal(set) var ints: [Int64] = []
  /// Values of float64 columns (0 where null).
  public internal(set) var doubles: [Double] = []
  /// Values of bool columns (false where null).
  public internal(set) var bools: [Bool] = []
  /// The distinct strings of a string column in this block (its dictionary).
  public internal(set) var stringDictionary: [String] = []
  /// Per row, the index of its string in `stringDictionary` (0 where null and the
  /// dictionary is empty: use `string(at:)`).
  public internal(set) var stringIndices: [UInt32] = []
  /// Per-row presence for nullable columns; empty for non-nullable ones.
  public internal(set) var validity: [Bool] = []

  /// The string of row `row` of a string column ("" where null).
  @inlinable
  public func string(at row: Int) -> String {
    stringDictionary.isEmpty ? "" : stringDictionary[Int(stringIndices[row])]
  }

  /// Whether row `row` has no value.
  @inlinable
  public func isNull(_ row: Int) -> Bool { !validity.isEmpty && !validity[row] }
}

/// A block of rows as read from a table file, column by column.
public struct DecodedBlock: Sendable {
  /// Number of rows.
  public let rowCount: Int
  /// Columns in schema order.
  public let columns: [DecodedColumn]

  /// Decodes a block payload; nil when it does not match the schema (a corrupt block).
  static func decode(
    payload: UnsafeRawBufferPointer, rowCount: Int, columns specs: [ColumnSpec]
  ) -> DecodedBlock? {
    var cursor = ByteCursor(payload, from: 0, to: payload.count)
    var columns: [DecodedColumn] = []
    columns.reserveCapacity(specs.count)
    for spec in specs {
      guard let lengthBytes = cursor.take(4) else { return nil }
      let length = Int(ByteCoding.readUInt32(lengthBytes, 0))
      guard let body = cursor.take(length),
        let column = decodeColumn(body, spec: spec, rowCount: rowCount)
      else { return nil }
      columns.append(column)
    }
    guard cursor.remaining == 0 else { return nil }
    return DecodedBlock(rowCount: rowCount, columns: columns)
  }

  private static func decodeColumn(
    _ body: UnsafeRawBufferPointer, spec: ColumnSpec, rowCount: Int
  ) -> DecodedColumn? {
    var column = DecodedColumn(spec: spec)
    var cursor = ByteCursor(body, from: 0, to: body.count)
    let bitmapBytes = (rowCount + 7) / 8
    if spec.nullable {
      guard let bitmap = cursor.take(bitmapBytes) else { return nil }
      column.validity = ColumnDecoding.bitmap(bitmap, count: rowCount)
    }
    switch spec.type {
    case .int64, .day, .timestamp:
      // Every value takes at least one byte: a row count the bytes cannot hold is damage
      // (and must not size an allocation: a fuzzed block asked for 17 GB).
      guard rowCount <= cursor.remaining else { return nil }
      // Deltas never wrap and values stay in their type's range (docs/table-format.md): a
      // damaged block with valid checksums must not decode `max + max` as a 1969 date.
      let range = TableValueRange.integers(spec.type)
      guard let values = ColumnDecoding.integers(&cursor, rowCount: rowCount, range: range)
      else { return nil }
      column.ints = values
    case .float64:
      guard let raw = cursor.take(rowCount * 8) else { return nil }
      column.doubles = ColumnDecoding.doubles(raw, rowCount: rowCount)
    case .bool:
      guard let bitmap = cursor.take(bitmapBytes) else { return nil }
      column.bools = ColumnDecoding.bitmap(bitmap, count: rowCount)
    case .string:
      guard let count = cursor.varint(), count <= UInt64(max(rowCount, 1)),
        count <= UInt64(cursor.remaining), rowCount <= cursor.remaining
      else { return nil }
      var dictionary = [String]()
      dictionary.reserveCapacity(Int(count))
      for _ in 0..<count {
        guard let length = cursor.varint(), let bytes = cursor.take(Int(length)) else {
          return nil
        }
        dictionary.append(String(decoding: bytes, as: UTF8.self))
      }
      guard let indices = ColumnDecoding.indices(&cursor, rowCount: rowCount, below: count)
      else { return nil }
      column.stringDictionary = dictionary
      column.stringIndices = indices
    }
    guard cursor.remaining == 0 else { return nil }
    return column
  }
}
