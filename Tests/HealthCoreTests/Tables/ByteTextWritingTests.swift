import Foundation
import HealthCore
import TestSupport
import Testing

@testable import HealthCore

/// `RowWriter.string(utf8:)`: texts handed over as bytes (the clean stage's reject reasons
/// and values) must give the bytes that writing them as `String`s gives, whatever the mix
/// of the three ways of writing a text in one block.
@Suite("Texts written as bytes")
struct ByteTextWritingTests {
  typealias Text = StringIDWritingTests.Text

  /// Distinct texts and repeats: empty, one byte, exactly 8 and 16 bytes (the hash's word
  /// boundaries), non-ASCII (a no-break space, a decomposed é beside the precomposed one),
  /// and long unique texts like the rejects' reasons.
  static let texts: [String] = {
    var texts = ["", "a", "12345678", "1234567812345678", "Sam\u{2019}s Apple\u{A0}Watch"]
    texts += ["Caf\u{E9}", "Cafe\u{301}", "a", "", "12345678"]
    for record in [0, 7, 12, 90_210, 90_211, 7] {
      texts.append("entirely covered by higher-priority 'Watch' from input 0 record \(record)")
    }
    return texts
  }()

  func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  @Test("bytes give the bytes of the same texts as strings, in blocks of 1, 3, 7 and 100 rows")
  func sameBytes() throws {
    let dir = TemporaryDirectory()
    for rowsPerBlock in [1, 3, 7, 100] {
      let byString = dir.file("string-\(rowsPerBlock).hpt")
      let byBytes = dir.file("bytes-\(rowsPerBlock).hpt")
      let a = try TableWriter<Text>(path: byString, stage: "test", rowsPerBlock: rowsPerBlock)
      let b = try TableWriter<Text>(path: byBytes, stage: "test", rowsPerBlock: rowsPerBlock)
      for text in Self.texts + Self.texts.reversed() {
        try a.append(Text(text))
        try Array(text.utf8).withUnsafeBufferPointer { utf8 in
          try b.appendRow { $0.string(utf8: utf8) }
        }
      }
      try a.commit()
      try b.commit()
      #expect(try bytes(byBytes) == (try bytes(byString)), "\(rowsPerBlock) rows a block")
      let back = try TableFile.read(Text.self, from: byBytes).rows.map { Array($0.text.utf8) }
      #expect(back == (Self.texts + Self.texts.reversed()).map { Array($0.utf8) })
    }
  }

  @Test("bytes, strings and ids mixed in one column, in either order, give the bytes of strings")
  func mixed() throws {
    let dir = TemporaryDirectory()
    let rows = Self.texts + Self.texts.reversed() + Self.texts
    for first in 0..<3 {
      let byString = dir.file("string-\(first).hpt")
      let mixed = dir.file("mixed-\(first).hpt")
      let a = try TableWriter<Text>(path: byString, stage: "test", rowsPerBlock: 9)
      let b = try TableWriter<Text>(path: mixed, stage: "test", rowsPerBlock: 9)
      for (n, text) in rows.enumerated() {
        try a.append(Text(text))
        switch (n + first) % 3 {
        case 0:
          try Array(text.utf8).withUnsafeBufferPointer { utf8 in
            try b.appendRow { $0.string(utf8: utf8) }
          }
        case 1: try b.append(Text(text))
        default:
          // The id of the same bytes (`firstIndex(of:)` would be canonical equivalence).
          let id = Self.texts.indices.first { Array(Self.texts[$0].utf8) == Array(text.utf8) }!
          try b.appendRow { $0.string(id: UInt32(id), in: Self.texts) }
        }
      }
      try a.commit()
      try b.commit()
      #expect(try bytes(mixed) == (try bytes(byString)), "first way \(first)")
    }
  }

  @Test("the dictionary finds every text again and keeps each once, in order of first use")
  func dictionary() {
    var dictionary = ByteTextDictionary()
    var expected: [[UInt8]] = []
    // Enough texts to grow the slots several times; every one looked up twice.
    for round in 0..<2 {
      for n in 0..<5_000 {
        let text = Array("input \(n % 3) record \(n)".utf8)
        let (index, isNew) = text.withUnsafeBufferPointer { dictionary.index(of: $0) }
        if round == 0 {
          #expect(isNew == true)
          expected.append(text)
        } else {
          #expect(isNew == false)
        }
        #expect(Int(index) == n)
      }
    }
    #expect(dictionary.count == 5_000)
    for i in [0, 1, 4_999] {
      #expect(dictionary.withText(i) { Array($0) } == expected[i])
    }
    dictionary.removeAll()
    #expect(dictionary.count == 0)
    let again = Array("input 0 record 0".utf8).withUnsafeBufferPointer { dictionary.index(of: $0) }
    #expect(again.index == 0 && again.isNew)
  }

  /// A one-column table whose rows write their text as bytes.
  struct ByteText: TableRecord {
    static let tableKind = TableKind.samples
    static let columns = [ColumnSpec("text", .string)]
    var text: String
    func write(to row: inout RowWriter) {
      Array(text.utf8).withUnsafeBufferPointer { row.string(utf8: $0) }
    }
    init(reading row: inout RowReader) throws { text = row.string() }
    init(_ text: String) { self.text = text }
  }

  @Test("a block built in memory from rows written as bytes holds their dictionary")
  func decodedInMemory() {
    let block = DecodedBlock(records: ["b", "a", "b", "", "a"].map(ByteText.init))
    #expect(block.columns[0].stringDictionary == ["b", "a", ""])
    #expect(block.columns[0].stringIndices == [0, 1, 0, 2, 1])
  }
}
