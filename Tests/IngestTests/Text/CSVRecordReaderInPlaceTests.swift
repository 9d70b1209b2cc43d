import Ingest
import Testing

/// The record reader's in-place path (`CSVInPlaceScan`): records handed out where they lie
/// in the buffer, with refills, reads that end inside a record and the shapes that go to
/// the copying path. Every expected value is written out by hand.
@Suite struct CSVRecordReaderInPlaceTests {
  typealias Record = CSVRecordReaderTests.Record

  /// Records of `bytes` read in pieces of `pieces` bytes (then in one piece).
  static func records(_ text: String, bufferSize: Int = 4096, pieces: [Int] = [])
    throws -> [Record]
  {
    let csv = CSVRecordReader(
      source: MemoryByteSource(Array(text.utf8), path: "t.csv", firstPieces: pieces),
      bufferSize: bufferSize)
    var out: [Record] = []
    while try csv.next() {
      out.append(Record(line: csv.recordLine, fields: (0..<csv.fieldCount).map(csv.string)))
    }
    return out
  }

  /// A record split by a read (the first read ends after `12,34`): the reader refills and
  /// scans it again from its start; with a buffer of 8 bytes it holds 8 of the record's
  /// 12 bytes and goes to the copying path.
  @Test func aFieldStraddlingARefillKeepsEveryByte() throws {
    let text = "ab,cd\n12,345,6789\nx\n"
    let expected = [
      Record(line: 1, fields: ["ab", "cd"]), Record(line: 2, fields: ["12", "345", "6789"]),
      Record(line: 3, fields: ["x"]),
    ]
    // 6 + 5 bytes: the second read ends inside `345`.
    #expect(try Self.records(text, pieces: [6, 5]) == expected)
    #expect(try Self.records(text, bufferSize: 8, pieces: [6, 5]) == expected)
    #expect(try Self.records(text, bufferSize: 8, pieces: [1, 1, 1, 1, 1, 1, 1]) == expected)
  }

  /// A quoted field holding a line break, with a read ending just after that line break:
  /// the record starts on line 2 and the next on line 4.
  @Test func aQuotedLineBreakAtAReadBoundary() throws {
    let text = "h1,h2\n\"one\ntwo\",3\nnext,4\n"
    let expected = [
      Record(line: 1, fields: ["h1", "h2"]), Record(line: 2, fields: ["one\ntwo", "3"]),
      Record(line: 4, fields: ["next", "4"]),
    ]
    // 6 + 5 bytes: the second read is `"one\n`.
    #expect(try Self.records(text, pieces: [6, 5]) == expected)
    #expect(try Self.records(text, bufferSize: 12, pieces: [6, 5]) == expected)
  }

  /// A CRLF whose CR ends one read and whose LF starts the next is one line break.
  @Test func aCRLFSplitAcrossReadsIsOneLineBreak() throws {
    let text = "a,b\r\n1,2\r\n3,4"
    let expected = [
      Record(line: 1, fields: ["a", "b"]), Record(line: 2, fields: ["1", "2"]),
      Record(line: 3, fields: ["3", "4"]),
    ]
    // Reads of `a,b\r`, then `\n1,2\r`, then the rest.
    #expect(try Self.records(text, pieces: [4, 5]) == expected)
    // A lone CR at the very end of the input ends its record.
    #expect(try Self.records("a\r", pieces: [2]) == [Record(line: 1, fields: ["a"])])
  }

  /// The last record without a line break is flagged, read in place or not.
  @Test func aTruncatedLastRecordIsFlagged() throws {
    for pieces in [[], [5], [1, 1, 1, 1, 1, 1]] {
      let csv = CSVRecordReader(
        source: MemoryByteSource(Array("a,b\n1,22".utf8), firstPieces: pieces))
      #expect(try csv.next())
      #expect(!csv.recordUnterminated)
      #expect(try csv.next())
      #expect(csv.recordUnterminated)
      #expect(csv.fieldCount == 2 && csv.string(1) == "22")
      #expect(try !csv.next())
    }
  }

  /// Records read in place and copied (a doubled quote, text after a closing quote, a CR
  /// in quotes) follow each other with the right fields and lines.
  @Test func inPlaceAndCopiedRecordsAlternate() throws {
    let text = "p,q\n\"a \"\"b\"\"\",c\n\"x\"y,z\n\"r\rs\",t\n\"u,v\",\"\"\n"
    #expect(
      try Self.records(text) == [
        Record(line: 1, fields: ["p", "q"]), Record(line: 2, fields: ["a \"b\"", "c"]),
        Record(line: 3, fields: ["xy", "z"]), Record(line: 4, fields: ["r\rs", "t"]),
        // The lone CR in quotes was a line break.
        Record(line: 6, fields: ["u,v", ""]),
      ])
  }

  /// More fields than the reader's first room (256) are read in place after it grows.
  @Test func manyFieldsInPlace() throws {
    let row = (0..<300).map(String.init).joined(separator: ",")
    let records = try Self.records(row + "\n")
    #expect(records.count == 1)
    #expect(records[0].fields.count == 300)
    #expect(records[0].fields[256] == "256" && records[0].fields[299] == "299")
  }

  /// Invalid UTF-8 split by a comma (`C3` `,` `A9`): as before, the copied fields
  /// (`C3 A9`, valid) decide, so the record is read and each field is one repaired byte;
  /// a record that is invalid without the comma is refused with its line.
  @Test func invalidUTF8IsJudgedAsBefore() throws {
    let split: [UInt8] = Array("a\n".utf8) + [0xC3, 0x2C, 0xA9, 0x0A]
    let csv = CSVRecordReader(source: MemoryByteSource(split))
    #expect(try csv.next())
    #expect(try csv.next())
    #expect(Array(csv.field(0)) == [0xC3] && Array(csv.field(1)) == [0xA9])
    let bad: [UInt8] = Array("a\n".utf8) + [0x31, 0xFF, 0x0A]
    let refused = CSVRecordReader(source: MemoryByteSource(bad, path: "b.csv"))
    #expect(try refused.next())
    let e = try #require(healthError { _ = try refused.next() })
    #expect(e.location?.line == 2)
    #expect(e.message == "line 2: invalid UTF-8 (byte 0xFF)")
  }
}
