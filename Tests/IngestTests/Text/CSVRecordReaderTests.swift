import Ingest
import Testing

/// The RFC 4180 record reader.
@Suite struct CSVRecordReaderTests {
  struct Record: Equatable {
    var line: Int
    var fields: [String]
  }

  static func records(_ bytes: [UInt8], bufferSize: Int = 4096, chunkSize: Int = .max) throws
    -> [Record]
  {
    let csv = CSVRecordReader(
      source: MemoryByteSource(bytes, path: "t.csv", chunkSize: chunkSize), bufferSize: bufferSize)
    var out: [Record] = []
    while try csv.next() {
      out.append(Record(line: csv.recordLine, fields: (0..<csv.fieldCount).map(csv.string)))
    }
    return out
  }

  static func records(_ text: String, bufferSize: Int = 4096, chunkSize: Int = .max) throws
    -> [Record]
  {
    try records(Array(text.utf8), bufferSize: bufferSize, chunkSize: chunkSize)
  }

  @Test func readsQuotedFieldsWithCommasQuotesAndNewlines() throws {
    let text = "a,b,c\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\nplain,,end\n"
    #expect(
      try Self.records(text) == [
        Record(line: 1, fields: ["a", "b", "c"]),
        Record(line: 2, fields: ["x, y", "say \"hi\"", "two\nlines"]),
        // The quoted newline makes this record start on line 4.
        Record(line: 4, fields: ["plain", "", "end"]),
      ])
  }

  @Test func acceptsCRLFLoneCRAndNoFinalLineBreak() throws {
    #expect(
      try Self.records("a,b\r\n1,2\r3,4\n5,6") == [
        Record(line: 1, fields: ["a", "b"]), Record(line: 2, fields: ["1", "2"]),
        Record(line: 3, fields: ["3", "4"]), Record(line: 4, fields: ["5", "6"]),
      ])
    // CRLF inside a quoted field is kept and counts as one line.
    #expect(
      try Self.records("\"a\r\nb\",c\r\nd,e\r\n") == [
        Record(line: 1, fields: ["a\r\nb", "c"]), Record(line: 3, fields: ["d", "e"]),
      ])
  }

  @Test func skipsBlankLinesAndAByteOrderMark() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("h1,h2\n\n  \n1,2\n\n".utf8)
    #expect(
      try Self.records(bytes) == [
        Record(line: 1, fields: ["h1", "h2"]), Record(line: 4, fields: ["1", "2"]),
      ])
    // A quoted empty field is a record, not a blank line.
    #expect(try Self.records("\"\"\n") == [Record(line: 1, fields: [""])])
  }

  @Test func isLenientAboutStrayQuotes() throws {
    // A quote inside an unquoted field is a character; text after a closing quote is kept.
    #expect(
      try Self.records("ab\"c,\"x\"y\n") == [Record(line: 1, fields: ["ab\"c", "xy"])])
  }

  @Test func aQuoteThatNeverClosesNamesTheLineWhereItStarted() throws {
    let text = "date,metric,value\n2024-01-01,steps,1\n2024-01-02,\"steps,2\n2024-01-03,steps,3\n"
    let e = try #require(healthError { _ = try Self.records(text) })
    #expect(e.code == .dataError)
    #expect(e.location?.line == 3)
    #expect(e.message.contains("line 3"))
    // With the record cap reached first, the same line is named.
    let csv = CSVRecordReader(
      source: MemoryByteSource(text: "a\n\"" + String(repeating: "x", count: 5000)))
    csv.maxRecordBytes = 1000
    #expect(try csv.next())
    let capped = try #require(healthError { _ = try csv.next() })
    #expect(capped.location?.line == 2)
  }

  /// Unquoted fields are copied while scanned as far as the record storage (4 KiB at
  /// first) has room; a field running past that is finished by the growing path, and an
  /// unquoted record over `maxRecordBytes` is still refused with its line.
  @Test func unquotedFieldsPastTheStorageKeepEveryByte() throws {
    let long = String(repeating: "7", count: 10_000)
    let mid = String(repeating: "ab", count: 1_500)
    let text = "\(mid),\(long),x\n\(long)\n1,\(mid)\r\n"
    for bufferSize in [4, 100, 4096, 1 << 16] {
      #expect(
        try Self.records(text, bufferSize: bufferSize) == [
          Record(line: 1, fields: [mid, long, "x"]), Record(line: 2, fields: [long]),
          Record(line: 3, fields: ["1", mid]),
        ], "\(bufferSize)")
    }
    for cap in [1000, 4096, 5000] {
      let csv = CSVRecordReader(source: MemoryByteSource(text: "a\n" + long + "\n"))
      csv.maxRecordBytes = cap
      #expect(try csv.next())
      let refused = try #require(healthError { _ = try csv.next() })
      #expect(refused.location?.line == 2)
      #expect(refused.message.contains("the record that starts on line 2"))
    }
  }

  @Test func trimsOnRequest() throws {
    let csv = CSVRecordReader(source: MemoryByteSource(text: "  a b \t,Zinc (mg) \n"))
    #expect(try csv.next())
    #expect(csv.trimmedString(0) == "a b")
    #expect(csv.trimmedString(1) == "Zinc (mg)")
    #expect(csv.string(1) == "Zinc (mg) ")
    #expect(!csv.wasQuoted(0))
  }

  /// Every split gives the same records: buffers from 4 bytes, chunks from 1 byte.
  @Test func everySplitGivesTheSameRecords() throws {
    let text =
      "date,metric,value,unit,source\r\n2024-01-01T07:30:00-08:00,hrvRMSSD,42.5,ms,\"Oura, Ring\"\r\n"
      + "2024-01-02,steps,8000,count,\"say \"\"hi\"\"\nnext\"\r\n\r\n2024-01-03,x,1,,\r3,4\n"
    let bytes = Array(text.utf8)
    let expected = try Self.records(bytes)
    #expect(expected.count == 5)
    for bufferSize in [4, 5, 7, 8, 13, 32] {
      for chunk in [1, 2, 3, 5, 64] {
        #expect(try Self.records(bytes, bufferSize: bufferSize, chunkSize: chunk) == expected)
      }
    }
  }
}
