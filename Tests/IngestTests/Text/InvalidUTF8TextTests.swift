import HealthModel
import Ingest
import Testing

/// Regression (found by the hardening corpus, docs/reliability.md): the JSON and CSV readers
/// replaced invalid UTF-8 with U+FFFD and kept the record, so `ph\xFF\xFEone` silently became
/// `ph��one` (the XML reader refuses the same bytes). They now refuse the file with exit 65
/// and the place: line and column (and JSON path) for JSON, the record's line for CSV.
@Suite("Regression: invalid UTF-8 in the text readers")
struct InvalidUTF8TextTests {
  /// Bytes that are not UTF-8: a stray continuation byte, an overlong '/', an encoded
  /// surrogate, a code point above U+10FFFF, a sequence cut short before an ASCII byte.
  static let badSequences: [[UInt8]] = [
    [0xFF, 0xFE], [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
  ]

  @Test(
    "JSON: a bad byte in a source is exit 65 at its line, column and path", arguments: badSequences)
  func json(_ bad: [UInt8]) throws {
    let head = Array(
      "{\"data\": {\"metrics\": [{\"name\": \"step_count\", \"units\": \"count\", \"data\": [\n{\"date\": \"2023-01-04 00:00:00 -0800\", \"qty\": 1, \"source\": \"ph"
        .utf8)
    let bytes = head + bad + Array("one\"}]}]}}".utf8)
    for chunk in [1, 5, Int.max] {
      let out = Collected()
      var reader = AutoExportJSONReader()
      reader.bufferSize = 16
      let error = #expect(throws: HealthError.self) {
        try reader.read(
          source: MemoryByteSource(bytes, path: "hae.json", chunkSize: chunk), into: out.sink,
          options: ReaderOptions(timeZone: "UTC"))
      }
      #expect(error?.code == .dataError)
      #expect(error?.message.contains("invalid UTF-8") == true)
      // The string opens on line 2, column 59: `{"date": ` (9) + the quoted date (27) +
      // `, ` (2) + `"qty": ` (7) + `1, ` (3) + `"source": ` (10) = 58 characters before it.
      #expect(error?.location?.line == 2)
      #expect(error?.location?.column == 59)
      #expect(error?.location?.path == "data.metrics[0].data[0].source")
    }
  }

  @Test("CSV: a bad byte in any field is exit 65 at the record's line", arguments: badSequences)
  func csv(_ bad: [UInt8]) throws {
    let bytes =
      Array(
        "date,metric,value,unit,source\n2024-01-01,steps,1,count,phone\n2024-01-02,steps,2,count,\"ph"
          .utf8)
      + bad + Array("\none\"\n".utf8)
    for chunk in [1, 7, Int.max] {
      let out = Collected()
      var reader = LongCSVReader()
      reader.bufferSize = 8
      let error = #expect(throws: HealthError.self) {
        try reader.read(
          source: MemoryByteSource(bytes, path: "long.csv", chunkSize: chunk), into: out.sink,
          options: ReaderOptions(timeZone: "UTC"))
      }
      #expect(error?.code == .dataError)
      #expect(
        error?.message
          == "line 3: invalid UTF-8 (byte 0x\(String(bad[0], radix: 16, uppercase: true)))")
      #expect(error?.location?.line == 3)
      // The record before it was read.
      #expect(out.samples.count == 1)
    }
  }

  @Test("valid multi-byte text (Cyrillic, U+2019, U+00A0, emoji) still reads")
  func validText() throws {
    let out = Collected()
    try LongCSVReader().read(
      source: MemoryByteSource(
        text:
          "date,metric,value,unit,source\n2024-01-01,steps,1,count,Здоровье’s Apple\u{A0}Watch 🏃\n",
        path: "long.csv"), into: out.sink, options: ReaderOptions(timeZone: "UTC"))
    #expect(out.samples.first?.source == "Здоровье’s Apple\u{A0}Watch 🏃")
  }
}
