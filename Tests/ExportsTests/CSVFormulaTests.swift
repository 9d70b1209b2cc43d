import Exports
import HealthCore
import Testing

/// Hostile inputs (docs/reliability.md): a workout or source name such as `=HYPERLINK(…)` reached
/// `weekly.csv` and the `export` CSV as a live formula. Text cells starting with `=`, `+`, `-`,
/// `@`, tab or CR get a leading apostrophe (OWASP's convention) unless they are a plain number; NUL
/// never reaches a CSV. Expected cells written out by hand from RFC 4180 (quotes doubled, fields
/// with a comma, quote, CR or LF quoted).
@Suite("CSV formula neutralisation")
struct CSVFormulaTests {
  @Test(
    "formula-like text gets an apostrophe (then RFC 4180 quoting)",
    arguments: [
      ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),
      ("=1+2", "'=1+2"), ("+phone", "'+phone"), ("-weird", "'-weird"), ("@SUM(A1)", "'@SUM(A1)"),
      ("\tTab", "'\tTab"), ("\rCR", "\"'\rCR\""), ("-inf", "'-inf"), ("-1+2", "'-1+2"),
      ("+", "'+"), ("-", "'-"), ("-1e", "'-1e"), ("-.", "'-."),
    ])
  func neutralised(_ input: String, _ expected: String) {
    #expect(CSVFormatting.textField(input) == expected)
    #expect(CSVFormatting.line([.text(input)]) == expected + "\r\n")
  }

  @Test(
    "plain numbers and ordinary text keep their bytes",
    arguments: [
      "-5", "+3", "-0.5", "-.5", "-12.", "-1e-07", "+2E+10", "Sam’s Apple Watch", "a=b", "1-2",
      "", " -x",
    ])
  func untouched(_ input: String) {
    #expect(CSVFormatting.textField(input) == CSVFormatting.field(input))
    #expect(!CSVFormatting.textField(input).contains("'"))
  }

  @Test("raw keeps formulas; NUL becomes U+FFFD in every cell, raw or not")
  func rawAndNUL() {
    #expect(CSVFormatting.textField("=1+2", raw: true) == "=1+2")
    #expect(CSVFormatting.textField("a\u{0}b") == "a\u{FFFD}b")
    #expect(CSVFormatting.textField("=\u{0}", raw: true) == "=\u{FFFD}")
    #expect(CSVFormatting.field("\u{0}") == "\u{FFFD}")
    // A value cell is never neutralised: a negative number stays a number.
    #expect(CSVFormatting.line([.value("-28800"), .text("-x")]) == "-28800,'-x\r\n")
  }
}
