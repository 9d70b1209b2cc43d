/// The physical and logical type of a table column.
public enum ColumnType: String, Sendable, Codable, CaseIterable {
  /// Signed 64-bit integer (zig-zag delta varints on disk).
  case int64
  /// IEEE 754 double.
  case float64
  /// UTF-8 text (dictionary-encoded per block on disk).
  case string
  /// true / false.
  case bool
  /// A `LocalDay` (days since 1970-01-01; exported as `yyyy-MM-dd`).
  case day
  /// Epoch seconds (exported as ISO 8601 UTC).
  case timestamp
}

/// One column of a table schema.
public struct ColumnSpec: Sendable, Codable, Hashable {
  /// Column name (`start`, `value`, `base60Mean`).
  public var name: String
  /// Its type.
  public var type: ColumnType
  /// Whether a row may have no value here.
  public var nullable: Bool
  /// Unit of the values, when the column has a fixed one (`s`, `min`, `kcal`).
  public var unit: String?

  /// Creates a column.
  public init(_ name: String, _ type: ColumnType, nullable: Bool = false, unit: String? = nil) {
    self.name = name
    self.type = type
    self.nullable = nullable
    self.unit = unit
  }
}
