/// The usage line and help text of a program or command, generated from its option
/// declarations: nothing about an option is written twice.
public struct Usage: Sendable {
  /// `healthpipe run`, `healthpipe-bench`.
  public var program: String
  /// The positional arguments as shown (`PIPELINE`, `INPUT...`, `[COMMAND]`).
  public var positionals: String
  /// One line (or paragraph) saying what it does.
  public var summary: String
  /// The options, in the order help lists them.
  public var options: [OptionSpec]
  /// Whether the program takes the global `--quiet` (healthpipe's commands do).
  public var quiet: Bool
  /// Examples shown in help.
  public var examples: [String]
  /// Text after the options (and examples).
  public var epilogue: String

  /// A usage.
  public init(
    program: String, positionals: String = "", summary: String, options: [OptionSpec],
    quiet: Bool = true, examples: [String] = [], epilogue: String = ""
  ) {
    self.program = program
    self.positionals = positionals
    self.summary = summary
    self.options = options
    self.quiet = quiet
    self.examples = examples
    self.epilogue = epilogue
  }

  /// `healthpipe clean FILE --out FILE [--rejects FILE] [--priority LIST]`: the positionals,
  /// the required options, then the others in declaration order (`...` when repeatable).
  /// `--quiet` and `--help`, which every command takes, are left out.
  public var synopsis: String {
    func word(_ o: OptionSpec) -> String { "--\(o.name)" + (o.takesValue ? " \(o.valueName)" : "") }
    let shown = options.filter {
      $0.name != OptionSpec.quiet.name && $0.name != OptionSpec.help.name
    }
    var parts = [program]
    if !positionals.isEmpty { parts.append(positionals) }
    parts += shown.filter(\.required).map(word)
    parts += shown.filter { !$0.required }.map { "[\(word($0))]" + ($0.repeatable ? "..." : "") }
    return parts.joined(separator: " ")
  }

  /// The whole help text: usage line, summary, options (global ones last), examples.
  public var text: String {
    var text = "usage: \(synopsis)\n\n\(summary)\n"
    let shown =
      options
      + ParsedArguments.globalOptions(besides: options, quiet: quiet).filter {
        $0.name != OptionSpec.help.name
      }
    if !shown.isEmpty {
      text += "\noptions:\n"
      for o in shown {
        let name = o.name == OptionSpec.quiet.name ? "-q, --quiet" : "--\(o.name)"
        let left = "  \(name)" + (o.takesValue ? " \(o.valueName)" : "")
        text += left.padding(to: 28) + o.help + "\n"
      }
    }
    if !examples.isEmpty {
      text += "\nexamples:\n" + examples.map { "  \($0)\n" }.joined()
    }
    if !epilogue.isEmpty { text += "\n" + epilogue }
    return text
  }
}
