import Foundation
import HealthModel
import TestSupport
import Testing

@testable import HealthCore

/// A table wider than 64 columns, every one nullable and of every type: the column
/// builders' null bitmaps, values and texts for 70 columns across blocks, and a rollback in
/// the middle of a block. Each case writes a table and reads it back, comparing with the
/// values it wrote.
@Suite("Wide tables: 70 nullable columns")
struct WideTableTests {
  /// 70 nullable columns cycling through every column type.
  struct Wide: TableRecord, Equatable {
    static let tableKind = TableKind.daily
    static let types: [ColumnType] = [.int64, .float64, .string, .bool, .day, .timestamp]
    static let columns: [ColumnSpec] = (0..<70).map {
      ColumnSpec("c\($0)", types[$0 % types.count], nullable: true)
    }

    /// Column `i`'s value as a number (nil: no value); each type shows it its own way.
    var values: [Int64?]

    init(values: [Int64?]) { self.values = values }

    func write(to row: inout RowWriter) {
      for (i, v) in values.enumerated() {
        switch Self.columns[i].type {
        case .int64: row.int(v)
        case .float64: row.double(v.map { Double($0) + 0.5 })
        case .string: row.string(v.map { "text \($0)" })
        case .bool: row.bool(v.map { $0 % 2 == 0 })
        case .day: row.day(v.map { LocalDay(dayNumber: Int32($0)) })
        case .timestamp: row.timestamp(v.map { $0 * 60 })
        }
      }
    }

    init(reading row: inout RowReader) throws {
      values = try Self.columns.map { spec -> Int64? in
        switch spec.type {
        case .int64: return row.optionalInt()
        case .float64: return row.optionalDouble().map { Int64($0 - 0.5) }
        case .string:
          guard let text = row.optionalString() else { return nil }
          guard let n = Int64(text.dropFirst(5)) else {
            throw InvalidTableValue(column: spec.name, value: text)
          }
          return n
        case .bool: return row.optionalBool().map { $0 ? 0 : 1 }
        case .day: return row.optionalDay().map { Int64($0.dayNumber) }
        case .timestamp: return row.optionalTimestamp().map { $0 / 60 }
        }
      }
    }
  }

  /// Row `r`: column `c` is null when `(r + c) % 7 == 0` or `c` is 63 or 64 in odd rows,
  /// else a number of its own (a bool column's reads back as its parity, so it is made 0 or 1).
  static func row(_ r: Int) -> Wide {
    Wide(
      values: (0..<70).map { c -> Int64? in
        if (r + c) % 7 == 0 || (r % 2 == 1 && (c == 63 || c == 64)) { return nil }
        let n = Int64(r * 100 + c) - 3_000
        return Wide.columns[c].type == .bool ? Int64(abs(n) % 2) : n
      })
  }

  @Test("70 nullable columns of every type read back across blocks")
  func wideRows() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("wide.hpt")
    // 100 rows a block: three blocks, the last of 50 rows.
    let writer = try TableWriter<Wide>(path: path, stage: "test", rowsPerBlock: 100)
    let rows = (0..<250).map(Self.row)
    for row in rows { try writer.append(row) }
    try writer.commit()
    let read = try TableFile.read(Wide.self, from: path).rows
    #expect(read.count == 250)
    #expect(read == rows)
    // The null pattern itself, counted independently: per 7 consecutive rows each column
    // is null once, plus columns 63 and 64 in the odd rows.
    let nulls = read.reduce(0) { $0 + $1.values.filter { $0 == nil }.count }
    let expected = (0..<250).reduce(0) { sum, r in
      sum
        + (0..<70).filter { c in (r + c) % 7 == 0 || (r % 2 == 1 && (c == 63 || c == 64)) }
        .count
    }
    #expect(nulls == expected)
  }

  @Test("a rollback drops the rows of the block being built")
  func rollbackDropsStagedRows() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("rollback.hpt")
    let writer = try TableWriter<Wide>(path: path, stage: "test", rowsPerBlock: 1_000)
    for r in 0..<10 { try writer.append(Self.row(r)) }
    let mark = try writer.checkpoint()
    for r in 10..<40 { try writer.append(Self.row(r)) }
    try writer.rollback(to: mark)
    for r in 40..<45 { try writer.append(Self.row(r)) }
    try writer.commit()
    let read = try TableFile.read(Wide.self, from: path).rows
    #expect(read == (0..<10).map(Self.row) + (40..<45).map(Self.row))
  }
}
