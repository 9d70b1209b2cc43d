import Testing

@testable import Report

/// Regression (found by the hardening corpus, docs/reliability.md): a long-CSV source name holding
/// U+0001, U+000B and U+0000 reached the HTML report and the Markdown report as raw bytes;
/// XML 1.0 forbids them (a standalone SVG with one does not load) and HTML calls them parse
/// errors. Escaping now turns them into U+FFFD; tab and line breaks stay.
@Suite("Regression: control characters in report text")
struct ControlCharacterTests {
  @Test("controls, U+FFFE and U+FFFF become U+FFFD; tab, LF and CR stay; the rest as before")
  func escaped() {
    #expect(Markup.escape("a\u{01}b\u{0B}c\u{00}d") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
    #expect(Markup.escape("x\u{FFFE}y\u{FFFF}") == "x\u{FFFD}y\u{FFFD}")
    #expect(Markup.escape("t\tn\nr\r") == "t\tn\nr\r")
    #expect(Markup.escape("<b>&\"'") == "&lt;b&gt;&amp;&quot;&#39;")
    // Other characters from U+EF.. lead bytes (checked on the slow path) are kept.
    #expect(Markup.escape("\u{F000}é’") == "\u{F000}é’")
    #expect(Markup.escapeMarkdown("a\u{01}b\tc") == "a\u{FFFD}b c")
  }
}
