import HealthModel
import HealthSystem

/// A small, strict parser: `--name value`, `--name=value`, flags, `-h`, `-q`, `--` ends
/// options. Unknown options, missing values and repeated single options are usage errors
/// (exit 64). Values are converted when the program reads them through their declaration
/// (`value(_:)`), so the program decides the order of its checks.
public struct ParsedArguments {
  /// The arguments that are not options, in order.
  public private(set) var positionals: [String] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []
  private let declared: Set<String>

  /// The options every program takes besides its own: `--help` and, unless the program
  /// defines it itself or leaves it out, `--quiet`.
  public static func globalOptions(besides spec: [OptionSpec], quiet: Bool = true)
    -> [OptionSpec]
  {
    var global: [OptionSpec] = [.help]
    if quiet && !spec.contains(where: { $0.name == "quiet" }) { global.append(.quiet) }
    return global
  }

  /// Parses `arguments` (without the program and command names) against the declarations
  /// `spec`; `quiet` false leaves out the global `--quiet`.
  public init(_ arguments: [String], spec: [OptionSpec], quiet: Bool = true) throws {
    let all = spec + Self.globalOptions(besides: spec, quiet: quiet)
    declared = Set(all.map(\.name))
    let shortFlags = ["-h": "help"].merging(quiet ? ["-q": "quiet"] : [:]) { a, _ in a }
    var i = 0
    var onlyPositionals = false
    while i < arguments.count {
      let arg = arguments[i]
      i += 1
      if onlyPositionals || !arg.hasPrefix("--") || arg == "-" {
        if !onlyPositionals, arg.hasPrefix("-"), arg != "-", arg.count > 1,
          shortFlags[arg] == nil
        {
          throw HealthError.usage("unknown option '\(arg)'")
        }
        if !onlyPositionals, let name = shortFlags[arg] {
          flags.insert(name)
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

  /// Whether `--help` / `-h` was given.
  public var helpRequested: Bool { flags.contains(OptionSpec.help.name) }

  /// Whether `--quiet` / `-q` was given: nothing on stderr on success (no progress line, no
  /// summary); errors are still printed.
  public var quiet: Bool { flags.contains(Flag.quiet.spec.name) }

  /// Writes a summary line on stderr unless `--quiet` was given.
  public func summary(_ line: String) {
    if !quiet { StandardError.writeLine(line) }
  }

  /// Whether a flag was given.
  public func flag(_ flag: Flag) -> Bool {
    precondition(declared.contains(flag.spec.name), "--\(flag.spec.name) is not declared")
    return flags.contains(flag.spec.name)
  }

  /// The value of an option (the last one given), if given.
  public func value<Value>(_ option: Option<Value>) throws -> Value? {
    try text(option).map(option.value(of:))
  }

  /// All values of a repeatable option, in order.
  public func values<Value>(_ option: Option<Value>) throws -> [Value] {
    precondition(declared.contains(option.spec.name), "--\(option.spec.name) is not declared")
    return try (values[option.spec.name] ?? []).map(option.value(of:))
  }

  /// The value of an option the command needs: `option '--out' is required` without it.
  public func required<Value>(_ option: Option<Value>) throws -> Value {
    guard let value = try value(option) else {
      throw HealthError.usage("option '--\(option.spec.name)' is required")
    }
    return value
  }

  /// The text given for an option (the last one), before conversion.
  public func text<Value>(_ option: Option<Value>) -> String? {
    precondition(declared.contains(option.spec.name), "--\(option.spec.name) is not declared")
    return values[option.spec.name]?.last
  }

  /// Exactly `count` positional arguments, else a usage error naming them.
  public func positionals(exactly count: Int, names: String) throws -> [String] {
    guard positionals.count == count else {
      throw HealthError.usage("expected \(names), got \(positionals.count) argument(s)")
    }
    return positionals
  }
}
