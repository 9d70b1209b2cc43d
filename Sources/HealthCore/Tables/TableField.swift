import HealthModel

/// One column of a table, declared once: its name, type, nullability and unit (the
/// `ColumnSpec` of the header), and the stored property of the row type it writes from and
/// reads into. A `FieldRecord`'s list of fields is its schema, its writer and its reader,
/// so the three cannot disagree (docs/table-format.md, "Schemas").
///
/// The overloads follow the property's type: `.int("target", \.target)` for an `Int64`,
/// the same call for an `Int64?` makes a nullable column.
public struct TableField<Row>: Sendable {
  /// The column as the header declares it.
  public let column: ColumnSpec
  let write: @Sendable (Row, inout RowWriter) -> Void
  let read: @Sendable (inout Row, inout RowReader) -> Void

  /// Path to a property of the row.
  public typealias Path<Value> = WritableKeyPath<Row, Value> & Sendable

  /// A field of `column` whose cell `put` writes from, and `take` reads into, the
  /// property at `path`, through its byte offset in `Row` (`FieldAccess`).
  static func field<Value>(
    _ column: ColumnSpec, _ path: Path<Value>,
    put: @escaping @Sendable (inout RowWriter, Value) -> Void,
    take: @escaping @Sendable (inout RowReader) -> Value
  ) -> Self {
    let access = FieldAccess(path)
    return Self(
      column: column, write: { row, writer in put(&writer, access.get(row)) },
      read: { row, reader in access.set(&row, take(&reader)) })
  }

  /// A string column.
  public static func string(_ name: String, _ path: Path<String>) -> Self {
    field(ColumnSpec(name, .string), path, put: { $0.string($1) }, take: { $0.string() })
  }

  /// A metric id, stored as its name in a string column.
  public static func metric(_ name: String, _ path: Path<MetricID>) -> Self {
    field(
      ColumnSpec(name, .string), path, put: { $0.string($1.rawValue) },
      take: { MetricID($0.string()) })
  }

  /// An int64 column.
  public static func int(_ name: String, _ path: Path<Int64>) -> Self {
    field(ColumnSpec(name, .int64), path, put: { $0.int($1) }, take: { $0.int() })
  }

  /// A nullable int64 column.
  public static func int(_ name: String, _ path: Path<Int64?>) -> Self {
    field(
      ColumnSpec(name, .int64, nullable: true), path, put: { $0.int($1) },
      take: { $0.optionalInt() })
  }

  /// A float64 column, in `unit` when the column has a fixed one.
  public static func double(_ name: String, _ path: Path<Double>, unit: String? = nil) -> Self {
    field(
      ColumnSpec(name, .float64, unit: unit), path, put: { $0.double($1) },
      take: { $0.double() })
  }

  /// A nullable float64 column, in `unit` when the column has a fixed one.
  public static func double(_ name: String, _ path: Path<Double?>, unit: String? = nil) -> Self {
    field(
      ColumnSpec(name, .float64, nullable: true, unit: unit), path, put: { $0.double($1) },
      take: { $0.optionalDouble() })
  }

  /// A bool column.
  public static func bool(_ name: String, _ path: Path<Bool>) -> Self {
    field(ColumnSpec(name, .bool), path, put: { $0.bool($1) }, take: { $0.bool() })
  }

  /// A nullable bool column.
  public static func bool(_ name: String, _ path: Path<Bool?>) -> Self {
    field(
      ColumnSpec(name, .bool, nullable: true), path, put: { $0.bool($1) },
      take: { $0.optionalBool() })
  }

  /// A day column.
  public static func day(_ name: String, _ path: Path<LocalDay>) -> Self {
    field(ColumnSpec(name, .day), path, put: { $0.day($1) }, take: { $0.day() })
  }

  /// A nullable day column.
  public static func day(_ name: String, _ path: Path<LocalDay?>) -> Self {
    field(
      ColumnSpec(name, .day, nullable: true), path, put: { $0.day($1) },
      take: { $0.optionalDay() })
  }
}

/// A table record whose schema, writing and reading all come from one list of fields
/// (`TableField`), in column order. A table of many rows (the daily values, the baselines)
/// may write and read them by hand for speed: its `columns` still come from the fields, and
/// a test checks that the hand-written path gives the bytes and values of `writeFields` and
/// `init(readingFields:)`.
public protocol FieldRecord: TableRecord {
  /// The columns in order, each with the property it holds.
  static var fields: [TableField<Self>] { get }
  /// A row to read into: every field is then set from the file.
  static var blank: Self { get }
}

extension FieldRecord {
  /// The schema: the fields' columns.
  public static var columns: [ColumnSpec] { fields.map(\.column) }

  /// Writes the fields in order (`write(to:)` unless the type writes its hot rows by hand).
  public func writeFields(to row: inout RowWriter) {
    for field in Self.fields { field.write(self, &row) }
  }

  /// Reads the fields in order into a blank row (`init(reading:)` unless the type reads its
  /// hot rows by hand).
  public init(readingFields row: inout RowReader) {
    var record = Self.blank
    for field in Self.fields { field.read(&record, &row) }
    self = record
  }

  /// Writes the fields in order.
  public func write(to row: inout RowWriter) { writeFields(to: &row) }

  /// Reads the fields in order.
  public init(reading row: inout RowReader) throws { self.init(readingFields: &row) }
}
