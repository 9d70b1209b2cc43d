import HealthCore

/// One option a command accepts.
struct OptionSpec: Sendable {
  /// Long name without dashes (`out`).
  var name: String
  /// Whether it takes a value (`--out FILE`) or is a flag (`--force`).
  var takesValue: Bool
  /// Whether it may be given more than once.
  var repeatable = false
  /// Placeholder for the value in help (`FILE`).
  var valueName = ""
  /// One line of help.
  var help: String

  static func value(_ name: String, _ valueName: String, _ help: String, repeatable: Bool = false)
    -> OptionSpec
  {
    OptionSpec(
      name: name, takesValue: true, repeatable: repeatable, valueName: valueName, help: help)
  }

  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, takesValue: false, help: help)
  }

  /// `--quiet` / `-q`, which every command takes.
  static let quiet = OptionSpec.flag(
    "quiet", "print nothing on success (no progress line, no summary); errors still go to stderr")
}

/// A small, strict parser: `--name value`, `--name=value`, flags, `--` ends options.
/// Unknown options, missing values and repeated single options are usage errors (exit 64).
struct ParsedArguments {
  private(set) var positionals: [String] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []

  /// The options every command takes besides its own: `--help` and, unless the command
  /// defines it itself, `--quiet`.
  static func globalOptions(besides spec: [OptionSpec]) -> [OptionSpec] {
    var global: [OptionSpec] = [.flag("help", "show this help")]
    if !spec.contains(where: { $0.name == "quiet" }) { global.append(.quiet) }
    return global
  }

  init(_ arguments: [String], spec: [OptionSpec]) throws {
    let all = spec + Self.globalOptions(besides: spec)
    var i = 0
    var onlyPositionals = false
    while i < arguments.count {
      let arg = arguments[i]
      i += 1
      if onlyPositionals || !arg.hasPrefix("--") || arg == "-" {
        if !onlyPositionals, arg.hasPrefix("-"), arg != "-", arg.count > 1, arg != "-h",
          arg != "-q"
        {
          throw HealthError.usage("unknown option '\(arg)'")
        }
        if !onlyPositionals, arg == "-h" || arg == "-q" {
          flags.insert(arg == "-h" ? "help" : "quiet")
          continue
        }
        positionals.append(arg)
        continue
      }
      if arg == "--" {
        onlyPositionals = true
        continue
      }
      var name = String(arg.dropFirst(2))
      var inlineValue: String?
      if let eq = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: eq)...])
        name = String(name[..<eq])
      }
      guard let option = all.first(where: { $0.name == name }) else {
        throw HealthError.usage("unknown option '--\(name)'")
      }
      if option.takesValue {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard i < arguments.count else {
            throw HealthError.usage("option '--\(name)' needs a value (\(option.valueName))")
          }
          value = arguments[i]
          i += 1
        }
        if values[name] != nil && !option.repeatable {
          throw HealthError.usage("option '--\(name)' given twice")
        }
        values[name, default: []].append(value)
      } else {
        guard inlineValue == nil else {
          throw HealthError.usage("option '--\(name)' takes no value")
        }
        flags.insert(name)
      }
    }
  }

  /// Whether a flag was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// Whether `--quiet` / `-q` was given: nothing on stderr on success (no progress line, no
  /// summary); errors are still printed.
  var quiet: Bool { flags.contains("quiet") }

  /// Writes a summary line on stderr unless `--quiet` was given.
  func summary(_ line: String) {
    if !quiet { FileDescriptorSinkStderr.write(line + "\n") }
  }

  /// The value of an option, if given.
  func value(_ name: String) -> String? { values[name]?.last }

  /// All values of a repeatable option.
  func values(_ name: String) -> [String] { values[name] ?? [] }

  /// The value of a required option.
  func required(_ name: String) throws -> String {
    guard let v = value(name) else { throw HealthError.usage("option '--\(name)' is required") }
    return v
  }

  /// An integer option, checked.
  func integer(_ name: String, allowed: ClosedRange<Int>? = nil) throws -> Int? {
    guard let text = value(name) else { return nil }
    guard let v = Int(text), allowed.map({ $0.contains(v) }) ?? true else {
      let range = allowed.map { " (\($0.lowerBound)-\($0.upperBound))" } ?? ""
      throw HealthError.usage("option '--\(name)' needs a whole number\(range), not '\(text)'")
    }
    return v
  }

  /// Exactly `count` positional arguments, else a usage error naming them.
  func positionals(exactly count: Int, names: String) throws -> [String] {
    guard positionals.count == count else {
      throw HealthError.usage("expected \(names), got \(positionals.count) argument(s)")
    }
    return positionals
  }
}
