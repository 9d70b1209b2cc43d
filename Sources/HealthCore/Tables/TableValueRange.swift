import HealthModel

/// The values an integer column of a valid table can hold (docs/table-format.md). Every
/// writer stays inside them, so a delta between two values always fits in 64 bits; a
/// decoder refuses anything else as damage (exit 65 with the byte offset), even behind
/// valid checksums.
enum TableValueRange {
  /// `int64` and `timestamp` columns: ±2^62 (about ±1.5·10^11 years of seconds).
  static let wide: ClosedRange<Int64> = -(1 << 62)...(1 << 62)
  /// `day` columns: the days of the years 0000 to 10000 (a sample of 0001-01-01 at -18:59
  /// falls on a day of year 0000; no as-of goes past 9999).
  static let days: ClosedRange<Int64> =
    Int64(
      CivilDate.daysFromCivil(year: 0, month: 1, day: 1))...Int64(
      CivilDate.daysFromCivil(year: 10_000, month: 12, day: 31))

  /// The range of an integer-stored column type.
  static func integers(_ type: ColumnType) -> ClosedRange<Int64> {
    type == .day ? days : wide
  }
}

/// Bounds a reader can ask for on top of the format's own: numbers a consumer can show and
/// compute with. The report asks for `displayable`, so a table whose checksums hold but
/// whose numbers are `inf`, `nan` or 1e300 (damaged, hand-made, or aggregated from samples
/// that skipped clean) is refused with exit 65 naming the row and column, instead of
/// trapping in a conversion to an integer.
public struct TableValueLimits: Sendable {
  /// The largest magnitude of a `float64` value; non-finite values are always out.
  public var maxMagnitude: Double
  /// The largest magnitude of an `int64` value.
  public var maxInteger: Int64

  /// Creates limits.
  public init(maxMagnitude: Double, maxInteger: Int64) {
    self.maxMagnitude = maxMagnitude
    self.maxInteger = maxInteger
  }

  /// Finite numbers below 10^18 and whole numbers below 10^15: beyond any health value,
  /// count or streak (and beyond a damaged in-bed value of 4.9·10^16 minutes, which the
  /// report still shows), and inside what its conversions to 64-bit integers hold.
  public static let displayable = TableValueLimits(
    maxMagnitude: 1e18, maxInteger: 1_000_000_000_000_000)

  /// The first value of `block` outside the limits: its row in the block, column and text.
  func violation(in block: DecodedBlock) -> (row: Int, column: String, value: String)? {
    for column in block.columns {
      switch column.spec.type {
      case .float64:
        for (row, v) in column.doubles.enumerated() where !column.isNull(row) {
          if !(v.magnitude < maxMagnitude) {
            return (row, column.spec.name, NumberFormatting.shortest(v))
          }
        }
      case .int64:
        for (row, v) in column.ints.enumerated() where !column.isNull(row) {
          if v.magnitude > maxInteger.magnitude { return (row, column.spec.name, String(v)) }
        }
      case .string, .bool, .day, .timestamp:
        continue
      }
    }
    return nil
  }
}
