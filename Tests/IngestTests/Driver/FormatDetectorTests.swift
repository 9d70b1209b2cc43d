import HealthCore
import HealthModel
import Ingest
import TestSupport
import Testing

@Suite("Format detection by content")
struct FormatDetectorTests {
  static func detect(_ text: String) -> InputFormat? { FormatDetector.format(of: Array(text.utf8)) }

  @Test("all six formats are told from their first bytes, a BOM tolerated")
  func sixFormats() {
    #expect(FormatDetector.format(of: [0x50, 0x4B, 0x03, 0x04, 0x14, 0]) == .appleZip)
    #expect(
      FormatDetector.format(of: [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))
        == .appleZip)
    #expect(Self.detect("<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [") == .appleXML)
    // dogsheep: no declaration and no DOCTYPE.
    #expect(Self.detect("<HealthData locale=\"en_US\">\n <ExportDate value=\"x\"/>") == .appleXML)
    #expect(Self.detect("\u{FEFF}<!DOCTYPE HealthData [\n]>") == .appleXML)
    #expect(Self.detect("{\n  \"data\" : {\n    \"metrics\" : [") == .autoExportJSON)
    #expect(Self.detect("\u{FEFF}{\"data\":{\"metrics\":[]}}") == .autoExportJSON)
    #expect(
      Self.detect(
        "Date,Active Energy (kcal),Heart Rate [Min] (count/min) \n2023-01-02 00:00:00,1, \n")
        == .autoExportCSV)
    #expect(Self.detect("Type,Start,End,Duration,Total Energy (kcal)\n") == .autoExportWorkoutsCSV)
    #expect(Self.detect("date,metric,value,unit,source\n2024-01-01,steps,1,count,x\n") == .longCSV)
    #expect(
      Self.detect("\"date\",\"metric\",\"value\",\"unit\",\"source\",\"end\"\r\n") == .longCSV)
  }

  @Test("other content is unknown")
  func unknown() {
    #expect(Self.detect("<html><body>") == nil)
    #expect(Self.detect("{\"foo\": 1}") == nil)
    #expect(Self.detect("date,value\n") == nil)
    #expect(Self.detect("%PDF-1.7") == nil)
    #expect(FormatDetector.format(of: [0x1F, 0x8B, 0x08]) == nil)  // gzip
  }

  @Test("an unknown format is exit 65 naming the file and what was expected")
  func unknownError() throws {
    let folder = TemporaryDirectory()
    let path = try folder.write("notes.txt", "hello world\n")
    let error = try #require(throws: HealthError.self) { try FormatDetector.detect(path: path) }
    #expect(error.code == .dataError)
    #expect(error.location?.file == path)
    #expect(error.message.contains("unknown format"))
    #expect(error.message.contains("export.zip"))
    #expect(error.message.contains("date,metric,value,unit,source"))
  }

  @Test("binary garbage is shown byte by byte: 0x04, never \\x4s")
  func binaryPreview() throws {
    let folder = TemporaryDirectory()
    // 0x04 's' 'x' 0x00 0xFF 'P' 'K' 0x1B: printable runs in quotes, the rest as 0xNN.
    let path = try folder.write("blob.bin", [0x04, 0x73, 0x78, 0x00, 0xFF, 0x50, 0x4B, 0x1B])
    let error = try #require(throws: HealthError.self) { try FormatDetector.detect(path: path) }
    #expect(error.message.contains("it starts with 0x04 'sx' 0x00 0xFF 'PK' 0x1B;"))
    #expect(!error.message.contains("\\x"))
    // Longer than 16 bytes: cut, with an ellipsis.
    #expect(ByteText.preview(Array(repeating: UInt8(0x01), count: 17)).hasSuffix("0x01 …"))
    #expect(ByteText.hex(0x0A) == "0x0A")
  }

  @Test("an empty file is exit 65, a missing one 66")
  func emptyAndMissing() throws {
    let folder = TemporaryDirectory()
    let empty = try folder.write("empty.xml", [UInt8]())
    let e1 = try #require(throws: HealthError.self) { try FormatDetector.detect(path: empty) }
    #expect(e1.code == .dataError)
    #expect(e1.message.contains("empty"))
    let e2 = try #require(throws: HealthError.self) {
      try FormatDetector.detect(path: folder.file("missing.xml"))
    }
    #expect(e2.code == .noInput)
  }

  @Test("every format has a reader of that format")
  func everyFormatHasAReader() {
    for format in InputFormat.allCases {
      #expect(type(of: InputReaders.reader(for: format)).format == format)
    }
  }
}
