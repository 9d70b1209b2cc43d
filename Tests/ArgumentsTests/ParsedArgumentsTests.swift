import Arguments
import HealthModel
import Testing

@Suite("Parsing arguments through typed declarations")
struct ParsedArgumentsTests {
  static let out = Option<String>("out", "FILE", "table to write", required: true)
  static let rejects = Option<String>("rejects", "FILE", "a rejects table", repeatable: true)
  static let window = Option<Int>.integer("window", "N", "days", in: 7...90)
  static let seed = Option<UInt64>.unsigned("seed", "S", "a seed")
  static let force = Flag("force", "rerun everything")
  static let spec = [out.spec, rejects.spec, window.spec, seed.spec, force.spec]

  func parse(_ arguments: [String]) throws -> ParsedArguments {
    try ParsedArguments(arguments, spec: Self.spec)
  }

  func message(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as HealthError {
      #expect(error.code == .usage)
      return error.message
    } catch {
      return "\(error)"
    }
  }

  @Test("values convert to their types; the last of a single option, all of a repeatable one")
  func values() throws {
    let a = try parse([
      "x.hpt", "--out=o.hpt", "--rejects", "r1", "--window", "30", "--rejects=r2", "-q",
      "--force", "--", "--not-an-option",
    ])
    #expect(a.positionals == ["x.hpt", "--not-an-option"])
    #expect(try a.required(Self.out) == "o.hpt")
    #expect(try a.values(Self.rejects) == ["r1", "r2"])
    #expect(try a.value(Self.window) == 30)
    #expect(try a.value(Self.seed) == nil)
    #expect(a.flag(Self.force))
    #expect(a.quiet)
    #expect(!a.helpRequested)
  }

  @Test("bad values are usage errors naming the option, when the program reads them")
  func badValues() throws {
    let a = try parse(["--window", "6", "--seed", "-1"])
    #expect(
      message { _ = try a.value(Self.window) }
        == "option '--window' needs a whole number (7-90), not '6'")
    #expect(
      message { _ = try a.value(Self.seed) }
        == "option '--seed' needs a whole number 0 or more, not '-1'")
    #expect(message { _ = try a.required(Self.out) } == "option '--out' is required")
  }

  @Test("unknown options, missing values, repeats and values on flags are refused while parsing")
  func refused() {
    #expect(message { _ = try parse(["--outt", "x"]) } == "unknown option '--outt'")
    #expect(message { _ = try parse(["-x"]) } == "unknown option '-x'")
    #expect(message { _ = try parse(["--out"]) } == "option '--out' needs a value (FILE)")
    #expect(
      message { _ = try parse(["--out", "a", "--out", "b"]) } == "option '--out' given twice")
    #expect(message { _ = try parse(["--force=yes"]) } == "option '--force' takes no value")
  }
}
