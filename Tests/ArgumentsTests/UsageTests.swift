import Arguments
import HealthModel
import Testing

@Suite("Usage texts generated from the option declarations")
struct UsageTests {
  static let out = Option<String>("out", "FILE", "table to write", required: true)
  static let rejects = Option<String>("rejects", "FILE", "a rejects table", repeatable: true)
  static let window = Option<Int>.integer("window", "N", "days", in: 7...90)
  static let force = Flag("force", "rerun everything")

  var usage: Usage {
    Usage(
      program: "healthpipe demo", positionals: "FILE", summary: "Does a demo.",
      options: [Self.rejects.spec, Self.window.spec, .quiet, Self.force.spec, Self.out.spec],
      examples: ["healthpipe demo a.hpt --out b.hpt"])
  }

  @Test("the usage line: positionals, required options, then the others in order; no --quiet")
  func synopsis() {
    // Written out by hand from the declarations above: `--out` is required, so it comes
    // first and without brackets; `--rejects` may repeat; `--quiet` is taken by every
    // command and left out.
    #expect(
      usage.synopsis
        == "healthpipe demo FILE --out FILE [--rejects FILE]... [--window N] [--force]")
  }

  @Test("the help text lists every option where declared, padded to one column")
  func help() {
    let expected = """
      usage: healthpipe demo FILE --out FILE [--rejects FILE]... [--window N] [--force]

      Does a demo.

      options:
        --rejects FILE            a rejects table
        --window N                days
        -q, --quiet               print nothing on success (no progress line, no summary); errors still go to stderr
        --force                   rerun everything
        --out FILE                table to write

      examples:
        healthpipe demo a.hpt --out b.hpt

      """
    #expect(usage.text == expected)
  }

  @Test("a program without --quiet (the bench) gets only --help")
  func withoutQuiet() throws {
    let spec = [Self.force.spec]
    #expect(ParsedArguments.globalOptions(besides: spec, quiet: false).map(\.name) == ["help"])
    #expect(throws: HealthError.self) { try ParsedArguments(["-q"], spec: spec, quiet: false) }
    #expect(try ParsedArguments(["-h"], spec: spec, quiet: false).helpRequested)
  }
}
