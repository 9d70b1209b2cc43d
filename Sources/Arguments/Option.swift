import HealthModel

/// What every option declaration shares: its name, whether it takes a value, and its help.
/// Usage lines and help texts are generated from these (`Usage`), so an option is written
/// down once.
public struct OptionSpec: Sendable, Hashable {
  /// Long name without dashes (`out`).
  public var name: String
  /// Whether it takes a value (`--out FILE`) or is a flag (`--force`).
  public var takesValue: Bool
  /// Whether it may be given more than once.
  public var repeatable: Bool
  /// Whether the command needs it (shown without brackets in the usage line; checked when
  /// the command reads it, so the command decides the order of its errors).
  public var required: Bool
  /// Placeholder for the value in help (`FILE`).
  public var valueName: String
  /// One line of help.
  public var help: String

  /// A declaration.
  public init(
    name: String, takesValue: Bool, repeatable: Bool = false, required: Bool = false,
    valueName: String = "", help: String
  ) {
    self.name = name
    self.takesValue = takesValue
    self.repeatable = repeatable
    self.required = required
    self.valueName = valueName
    self.help = help
  }

  /// `--help` / `-h`, which every program takes.
  public static let help = OptionSpec(name: "help", takesValue: false, help: "show this help")

  /// `--quiet` / `-q`, which every healthpipe command takes.
  public static let quiet = Flag.quiet.spec
}

/// An option that takes a value, and how its text becomes a `Value`: declared once (a
/// `static let` of its command), read by that declaration (`ParsedArguments.value(_:)`),
/// so a misspelt option fails to compile rather than reading nothing.
public struct Option<Value: Sendable>: Sendable {
  /// The declaration.
  public let spec: OptionSpec
  private let convert: @Sendable (String) throws -> Value

  /// An option whose text is converted by `convert`, which throws the `HealthError` users
  /// see for a bad value.
  public init(
    _ name: String, _ valueName: String, _ help: String, repeatable: Bool = false,
    required: Bool = false, convert: @escaping @Sendable (String) throws -> Value
  ) {
    spec = OptionSpec(
      name: name, takesValue: true, repeatable: repeatable, required: required,
      valueName: valueName, help: help)
    self.convert = convert
  }

  /// The value of a text given for this option.
  public func value(of text: String) throws -> Value { try convert(text) }
}

extension Option where Value == String {
  /// An option whose value is its text (a path, an address, a command).
  public init(
    _ name: String, _ valueName: String, _ help: String, repeatable: Bool = false,
    required: Bool = false
  ) {
    self.init(
      name, valueName, help, repeatable: repeatable, required: required, convert: { $0 })
  }
}

extension Option where Value == Int {
  /// A whole number within `range`: `option '--days' needs a whole number (1-36600), not
  /// 'x'` otherwise.
  public static func integer(
    _ name: String, _ valueName: String, _ help: String, in range: ClosedRange<Int>,
    required: Bool = false
  ) -> Option<Int> {
    Option(name, valueName, help, required: required) { text in
      guard let v = Int(text), range.contains(v) else {
        throw HealthError.usage(
          "option '--\(name)' needs a whole number (\(range.lowerBound)-\(range.upperBound)), "
            + "not '\(text)'")
      }
      return v
    }
  }
}

extension Option where Value == UInt64 {
  /// A whole number of 0 or more (a seed).
  public static func unsigned(
    _ name: String, _ valueName: String, _ help: String, required: Bool = false
  ) -> Option<UInt64> {
    Option(name, valueName, help, required: required) { text in
      guard let v = UInt64(text) else {
        throw HealthError.usage("option '--\(name)' needs a whole number 0 or more, not '\(text)'")
      }
      return v
    }
  }
}

extension Option where Value: RawRepresentable, Value.RawValue == String {
  /// One of the values of an enumeration, by its raw value (`--format html`); any other text
  /// is a usage error with the message `refusal` makes of it.
  public static func choice(
    _ name: String, _ valueName: String, _ help: String,
    refusal: @escaping @Sendable (String) -> String
  ) -> Option<Value> {
    Option(name, valueName, help) { text in
      guard let value = Value(rawValue: text) else { throw HealthError.usage(refusal(text)) }
      return value
    }
  }
}

/// An option without a value (`--force`).
public struct Flag: Sendable {
  /// The declaration.
  public let spec: OptionSpec

  /// A flag.
  public init(_ name: String, _ help: String) {
    spec = OptionSpec(name: name, takesValue: false, help: help)
  }

  /// `--quiet` / `-q`.
  public static let quiet = Flag(
    "quiet", "print nothing on success (no progress line, no summary); errors still go to stderr")
}
