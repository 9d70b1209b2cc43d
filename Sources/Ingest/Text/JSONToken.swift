/// One token of a JSON document, as `JSONTokenizer.next()` returns it.
///
/// The text of `key` and `string` tokens is in `JSONTokenizer.text`; the value of `number`
/// tokens in `JSONTokenizer.number`.
public enum JSONToken: UInt8, Sendable {
  /// `{`
  case beginObject
  /// `}`
  case endObject
  /// `[`
  case beginArray
  /// `]`
  case endArray
  /// An object member's name (its `:` has been consumed).
  case key
  /// A string value.
  case string
  /// A number value.
  case number
  /// `true`
  case trueValue
  /// `false`
  case falseValue
  /// `null`
  case null
  /// The end of the document (after the root value and trailing blanks).
  case end

  /// Whether the token is a scalar value (string, number, true, false, null).
  public var isScalar: Bool {
    switch self {
    case .string, .number, .trueValue, .falseValue, .null: true
    default: false
    }
  }

  /// A word for messages: `a string`, `an object`, ...
  public var noun: String {
    switch self {
    case .beginObject, .endObject: "an object"
    case .beginArray, .endArray: "an array"
    case .key: "a key"
    case .string: "a string"
    case .number: "a number"
    case .trueValue, .falseValue: "a boolean"
    case .null: "null"
    case .end: "the end of the file"
    }
  }
}
