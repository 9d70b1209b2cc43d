import Foundation
import HealthCore
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
    let big = String(repeating: "x", count: TableFileLayout.maxHeaderBytes)
    #expect {
      try TableFile.write([Sample](), to: path, stage: "test", meta: ["sources": big])
    } throws: { error in
      (error as? HealthError)?.code == .dataError
        && (error as? HealthError)?.message.contains("header would be") == true
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    // Just under the limit still writes and reads back.
    let fits = String(repeating: "x", count: TableFileLayout.maxHeaderBytes - 4096)
    try TableFile.write([Sample](), to: path, stage: "test", meta: ["sources": fits])
    #expect(try TableFile.header(of: path).meta["sources"]?.count == fits.count)
  }
}
