import Foundation
import HealthCore
import TestSupport
import Testing

/// `RowWriter.string(id:in:)`: a writer that holds its texts as ids into a list (the clean
/// stage) must write the bytes that writing the texts themselves gives.
@Suite("Texts written by id")
struct StringIDWritingTests {
  /// A one-column table of texts.
  struct Text: TableRecord {
    static let tableKind = TableKind.samples
    static let columns = [ColumnSpec("text", .string)]
    var text: String
    func write(to row: inout RowWriter) { row.string(text) }
    init(reading row: inout RowReader) throws { text = row.string() }
    init(_ text: String) { self.text = text }
  }

  /// Ids 0-4; ids 1 and 4 name the same text, and "" is a text too.
  static let texts = ["walk", "run", "", "swim", "run"]
  /// Ids in row order: repeats, an id far from the last, both ids of "run", and ids that a
  /// later block uses first at another position.
  static let ids: [UInt32] = [3, 3, 1, 0, 4, 2, 1, 3, 0, 0, 4, 2, 2, 1, 3, 4]

  @Test("ids give the bytes of their texts, in blocks of 1, 3, 5 and 100 rows")
  func sameBytes() throws {
    let dir = TemporaryDirectory()
    for rowsPerBlock in [1, 3, 5, 100] {
      let byText = dir.file("text-\(rowsPerBlock).hpt")
      let byID = dir.file("id-\(rowsPerBlock).hpt")
      let a = try TableWriter<Text>(path: byText, stage: "test", rowsPerBlock: rowsPerBlock)
      let b = try TableWriter<Text>(path: byID, stage: "test", rowsPerBlock: rowsPerBlock)
      for id in Self.ids {
        try a.append(Text(Self.texts[Int(id)]))
        try b.appendRow { $0.string(id: id, in: Self.texts) }
      }
      try a.commit()
      try b.commit()
      let written = try Data(contentsOf: URL(fileURLWithPath: byID))
      #expect(written == (try Data(contentsOf: URL(fileURLWithPath: byText))), "\(rowsPerBlock)")
      // Read back: the texts of the ids, in order.
      let rows = try TableFile.read(Text.self, from: byID).rows.map(\.text)
      #expect(rows == Self.ids.map { Self.texts[Int($0)] })
    }
  }

  @Test("a block's dictionary holds each text once, in order of first use, when ids repeat it")
  func dictionaryOfTexts() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("ids.hpt")
    let writer = try TableWriter<Text>(path: path, stage: "test")
    for id: UInt32 in [1, 4, 1, 0, 4] {
      try writer.appendRow { $0.string(id: id, in: Self.texts) }
    }
    try writer.commit()
    var dictionaries: [[String]] = []
    var indices: [[UInt32]] = []
    try TableFile.streamBlocks(from: path, kind: .samples, columns: Text.columns) { block in
      dictionaries.append(block.columns[0].stringDictionary)
      indices.append(block.columns[0].stringIndices)
    }
    // "run" (ids 1 and 4) first, then "walk": two entries, not three.
    #expect(dictionaries == [["run", "walk"]])
    #expect(indices == [[0, 0, 0, 1, 0]])
  }

  @Test("mixing ids and texts in one column gives the bytes of texts alone")
  func mixed() throws {
    let dir = TemporaryDirectory()
    let byText = dir.file("text.hpt")
    let mixed = dir.file("mixed.hpt")
    let a = try TableWriter<Text>(path: byText, stage: "test", rowsPerBlock: 4)
    let b = try TableWriter<Text>(path: mixed, stage: "test", rowsPerBlock: 4)
    for (n, id) in Self.ids.enumerated() {
      try a.append(Text(Self.texts[Int(id)]))
      if n % 2 == 0 {
        try b.appendRow { $0.string(id: id, in: Self.texts) }
      } else {
        try b.append(Text(Self.texts[Int(id)]))
      }
    }
    try a.commit()
    try b.commit()
    #expect(
      (try Data(contentsOf: URL(fileURLWithPath: mixed)))
        == (try Data(contentsOf: URL(fileURLWithPath: byText))))
  }
}

/// Found while writing texts by id: the column builder compared a row's text with the last
/// one by `String` equality, which is Unicode canonical equivalence, so a decomposed `é`
/// right after a precomposed one was written as the precomposed one.
@Suite("Regression: canonically equivalent texts keep their bytes")
struct CanonicalEquivalenceTests {
  @Test("precomposed and decomposed spellings in consecutive rows come back as written")
  func keptApart() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("texts.hpt")
    let nfc = "Caf\u{E9}"
    let nfd = "Cafe\u{301}"
    #expect(nfc == nfd)  // equal as Swift strings, different bytes
    let texts = [nfc, nfd, nfd, nfc, "x", nfd]
    try TableFile.write(texts.map(StringIDWritingTests.Text.init), to: path, stage: "test")
    let back = try TableFile.read(StringIDWritingTests.Text.self, from: path).rows.map(\.text)
    #expect(back.map { Array($0.utf8) } == texts.map { Array($0.utf8) })
  }
}
