import HealthModel

/// A value column of a Health Connect row: numbers as stored (INTEGER or REAL), text that
/// is a number read as one; everything else a reject with its reason
/// (docs/ingest-health-connect.md, "Values").
enum HealthConnectValue {
  /// AOSP's "not recorded" value for a double (`Constants.DEFAULT_DOUBLE`,
  /// `Double.MIN_VALUE` in Java: 4.9e-324), written where an optional value is absent.
  static let notRecorded = Double.leastNonzeroMagnitude

  /// The number in column `column` of the current row; `name` is the column's name.
  static func number(_ s: HealthConnectStatement, _ column: Int32, name: String)
    throws(HealthConnectRow.Problem) -> Double
  {
    switch s.type(column) {
    case .integer:
      return Double(s.int64(column))
    case .real:
      let value = s.double(column)
      guard value != notRecorded else {
        throw HealthConnectRow.Problem(
          code: .missingField,
          reason: "\(name) is 4.9e-324, Health Connect's \"not recorded\" value "
            + "(Double.MIN_VALUE): no measurement")
      }
      return value
    case .null:
      throw HealthConnectRow.Problem(code: .missingField, reason: "\(name) is NULL")
    case .text:
      let text = s.text(column) ?? ""
      // SQLite keeps text that does not look numeric as text even in a REAL column (an app
      // that wrote "NaN"); a number in text is read, NaN then fails clean's finite check.
      if let value = Double(text.trimmingSpaces) { return value }
      throw HealthConnectRow.Problem(
        code: .badNumber, reason: "\(name) holds the text '\(text.prefix(40))', not a number")
    case .blob:
      throw HealthConnectRow.Problem(
        code: .wrongType, reason: "\(name) holds a BLOB, not a number")
    }
  }

  /// The text of a value for a reject row: the number, the text, or "" (NULL, BLOB).
  static func text(_ s: HealthConnectStatement, _ column: Int32) -> String {
    switch s.type(column) {
    case .integer: String(s.int64(column))
    case .real: NumberFormatting.shortest(s.double(column))
    case .text: String((s.text(column) ?? "").prefix(200))
    case .null, .blob: ""
    }
  }
}

extension String {
  /// Without spaces at either end.
  fileprivate var trimmingSpaces: Substring {
    var text = Substring(self)
    while text.first == " " { text = text.dropFirst() }
    while text.last == " " { text = text.dropLast() }
    return text
  }
}
