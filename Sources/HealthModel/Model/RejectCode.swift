/// Why a record was dropped. Stored in the `rejects` table's `code` column.
///
/// A struct rather than an enum so each stage can name its own codes; the common ones are
/// declared here so that reports can group them.
public struct RejectCode: RawRepresentable, Hashable, Comparable, Sendable, Codable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The code as written in tables (`out-of-range`).
  public var rawValue: String
  /// Wraps a code.
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { rawValue = value }
  public var description: String { rawValue }
  public static func < (a: RejectCode, b: RejectCode) -> Bool { a.rawValue < b.rawValue }

  // Ingest
  /// A required attribute or field is missing (type, dates, value).
  public static let missingField: RejectCode = "missing-field"
  /// A number does not parse.
  public static let badNumber: RejectCode = "bad-number"
  /// A date does not parse.
  public static let badDate: RejectCode = "bad-date"
  /// An element or row is malformed (attribute name with a space, illegal character, ...).
  public static let malformed: RejectCode = "malformed"
  /// A CSV row has the wrong number of fields.
  public static let wrongFieldCount: RejectCode = "wrong-field-count"
  /// A JSON value has the wrong type (a string where a number belongs, ...).
  public static let wrongType: RejectCode = "wrong-type"
  /// A category value that is not known (an unknown sleep stage).
  public static let unknownCategory: RejectCode = "unknown-category"
  /// An element where the format never puts one: a `Record` nested inside another
  /// `Record`, or an element name Apple's exports do not have.
  public static let unexpectedElement: RejectCode = "unexpected-element"
  // Clean
  /// An unknown unit for a known metric.
  public static let unknownUnit: RejectCode = "unknown-unit"
  /// Outside the metric's plausible range.
  public static let outOfRange: RejectCode = "out-of-range"
  /// NaN or infinite.
  public static let nonFinite: RejectCode = "non-finite"
  /// End before start.
  public static let endBeforeStart: RejectCode = "end-before-start"
  /// Starts after the export date.
  public static let futureDate: RejectCode = "future-date"
  /// An exact duplicate (same metric, source, start, end and value).
  public static let duplicate: RejectCode = "duplicate"
  /// Entirely covered by a higher-priority source.
  public static let overlapped: RejectCode = "overlapped"
  // Health Connect (docs/clean.md, "Health Connect: Android's merge")
  /// The record's app is not in the export's own priority list for its data category:
  /// Android leaves it out of the day's totals, and so does healthpipe.
  public static let notInPriorityList: RejectCode = "not-in-priority-list"
  /// An interval record that ends before it starts on the local timeline (its end offset
  /// is west of its start offset by more than its length: a DST fall-back, a westward
  /// flight): Android leaves it out of the day's totals, and so does healthpipe.
  public static let reversedLocalTime: RejectCode = "reversed-local-time"
}
