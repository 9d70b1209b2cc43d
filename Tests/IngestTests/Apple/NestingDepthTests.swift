import Ingest
import Testing

/// Regression (found by the hardening corpus, docs/reliability.md): the XML scanner keeps the name
/// of every open element to check end tags, so a 70 MB file of `<a><a><a>…` made ingest grow
/// to 250 MB (ingest's memory must stay flat). Nesting deeper than 256 levels (an Apple
/// export nests 4) now ends the read with exit 65 at the offending tag.
@Suite("Regression: element nesting depth")
struct NestingDepthTests {
  /// `<HealthData>` on line 1, `<ExportDate>` on line 2, then `levels` nested `<a>` on
  /// line 3, closed again, then a step record on line 4.
  static func document(levels: Int) -> String {
    let head = "<HealthData locale=\"en_US\">\n<ExportDate value=\"2024-06-01 12:00:00 -0700\"/>\n"
    return head + String(repeating: "<a>", count: levels) + String(repeating: "</a>", count: levels)
      + "\n<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"P\" unit=\"count\" startDate=\"2024-01-01 08:00:00 -0800\" endDate=\"2024-01-01 08:10:00 -0800\" value=\"120\"/>\n</HealthData>\n"
  }

  @Test("255 levels under the root (256 in all) read; one more is exit 65 at that tag")
  func limit() throws {
    for piece in [7, 1 << 16] {
      let ok = try ParsedExport.parse(Self.document(levels: 255), pieceSize: piece, bufferSize: 64)
      #expect(ok.samples.count == 1)
      let error = ParsedExport.error(Self.document(levels: 256), pieceSize: piece)
      #expect(error?.code == .dataError)
      #expect(error?.message.hasPrefix("elements nested deeper than 256 levels") == true)
      // The head is 28 + 48 = 76 bytes; the 256th <a> starts after 255 others (3 bytes each).
      #expect(error?.location?.byteOffset == Int64(76 + 255 * 3))
      #expect(error?.location?.line == 3)
    }
  }
}
