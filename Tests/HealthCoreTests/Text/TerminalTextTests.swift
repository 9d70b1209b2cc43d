import HealthModel
import Testing

/// Round 3, finding 15 (docs/reliability.md): file names were echoed raw on standard error,
/// so a name could forge a `healthpipe: error:` line or colour the terminal.
@Suite("Regression: diagnostics escape control characters")
struct TerminalTextTests {
  @Test(
    "controls, separators, bidirectional overrides and invisible marks become escapes",
    arguments: [
      ("plain/path.xml", "plain/path.xml"), ("a\nb", "a\\nb"), ("a\rb\tc", "a\\rb\\tc"),
      ("\u{1B}[31mred", "\\x1B[31mred"), ("\u{0}\u{7F}\u{85}", "\\x00\\x7F\\x85"),
      ("x\u{202E}y", "x\\u202Ey"), ("\u{FEFF}[pipeline]", "\\uFEFF[pipeline]"),
      ("line\u{2028}sep", "line\\u2028sep"),
      ("Jane’s Apple\u{A0}Watch é", "Jane’s Apple\u{A0}Watch é"),
    ])
  func escaped(_ text: String, _ shown: String) {
    #expect(TerminalText.escaped(text) == shown)
  }
}
