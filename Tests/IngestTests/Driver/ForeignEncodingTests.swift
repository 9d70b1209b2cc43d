import Foundation
import HealthModel
import Ingest
import Testing

/// Round 3, findings 9 and 19 (docs/reliability.md): a UTF-16 or UTF-32 export (an
/// `export.xml` re-saved by an editor) was "unknown format" without naming the encoding; a
/// Health Auto Export daily CSV of a single metric was not recognised.
@Suite("Regression: encodings named, one-column daily CSV")
struct ForeignEncodingTests {
  static let xml = "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n"
  static let csv = "date,metric,value,unit,source\n"

  @Test(
    "UTF-16 and UTF-32, with or without a byte order mark, are named",
    arguments: [
      ([0xFF, 0xFE] + Array(xml.data(using: .utf16LittleEndian)!), "UTF-16 little-endian"),
      ([0xFE, 0xFF] + Array(xml.data(using: .utf16BigEndian)!), "UTF-16 big-endian"),
      (Array(csv.data(using: .utf16LittleEndian)!), "UTF-16 little-endian"),
      (Array(csv.data(using: .utf16BigEndian)!), "UTF-16 big-endian"),
      ([0xFF, 0xFE, 0, 0] + Array(xml.data(using: .utf32LittleEndian)!), "UTF-32 little-endian"),
      (Array(csv.data(using: .utf32BigEndian)!), "UTF-32 big-endian"),
      (Array(csv.data(using: .utf32LittleEndian)!), "UTF-32 little-endian"),
    ])
  func named(_ head: [UInt8], _ name: String) throws {
    #expect(ForeignEncoding.name(of: head) == name)
    #expect(FormatDetector.format(of: head) == nil)
    let error = try #require(throws: HealthError.self) {
      _ = try FormatDetector.detect(head, path: "in.xml")
    }
    #expect(error.code == .dataError)
    #expect(error.message == "the file is \(name) text; healthpipe reads UTF-8 only")
    #expect(error.hint?.contains("iconv -f UTF-") == true)
  }

  @Test("UTF-8 text and binary content are not taken for another encoding")
  func notForeign() {
    for head in [Array(Self.xml.utf8), Array(Self.csv.utf8), [0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0]] {
      #expect(ForeignEncoding.name(of: head) == nil)
    }
  }

  @Test("a daily CSV with the date and one metric column is a Health Auto Export daily CSV")
  func oneColumn() {
    #expect(
      FormatDetector.format(of: Array("Date,Step Count (count) \n2023-01-02 00:00:00,1 \n".utf8))
        == .autoExportCSV)
    #expect(FormatDetector.format(of: Array("Date,Steps\n".utf8)) == nil)
  }
}
