import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// Regression (found by the hardening corpus, docs/reliability.md): a table writer accepted a
/// header bigger than `TableFileLayout.maxHeaderBytes`, wrote the file and exited 0, and every
/// reader then refused the file as implausible. Writing such a header is now an error
/// (exit 65) and nothing is written.
@Suite("Regression: table headers over the reader's limit")
struct HeaderSizeLimitTests {
  @Test("a header over the limit is refused at write time and leaves no file")
  func refused() throws {
    let temporary = TemporaryDirectory("header-limit")
    let folder = temporary.path
    let path = folder + "/t.hpt"
    /// Facts whose one text is `text` (a priority list, the longest text clean writes).
    func facts(_ text: String) -> StageFacts {
      StageFacts(
        clean: CleanFacts(
          priority: text, read: 0, cleaned: 0, rows: 0, trimmed: 0, rejected: 0,
          rejectedByCode: [:], duplicates: 0, overlapped: 0, sources: []))
    }
    let big = String(repeating: "x", count: TableFileLayout.maxHeaderBytes)
    #expect {
      try TableFile.write([Sample](), to: path, stage: "test", facts: facts(big))
    } throws: { error in
      (error as? HealthError)?.code == .dataError
        && (error as? HealthError)?.message.contains("header would be") == true
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    // Just under the limit still writes and reads back.
    let fits = String(repeating: "x", count: TableFileLayout.maxHeaderBytes - 4096)
    try TableFile.write([Sample](), to: path, stage: "test", facts: facts(fits))
    #expect(try TableFile.header(of: path).facts.clean?.priority.count == fits.count)
  }
}
